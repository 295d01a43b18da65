"""The public state of a game (SMS.md "Public state"): what the whole table may know, no more."""

from __future__ import annotations

import json

from jinja2 import TemplateError
from sqlmodel import Session, col, select

from ...houserules import Choice
from ...store import ENDED, LOBBY, OVER, Game, Player
from ...store.games import load_state, public_event_rows
from ...text.messages import TEMPLATES
from .engine import Event, GameState, public_view
from .engine.ruleset import Ruleset
from .engine.views import rules_data
from .params import resolve, table_size
from .wording import event_text

LOG_SIZE = 50
FINISHED = (OVER, ENDED)
PUBLIC_KINDS = frozenset(p.stem for p in (TEMPLATES / "event").glob("*.txt"))


def game_phase(game: Game, state: GameState | None) -> str:
    """The contract's phase: `lobby`, `over` for any finished game, else the engine's phase."""
    if game.status in FINISHED:
        return OVER
    if game.status == LOBBY or state is None:
        return LOBBY
    return state.phase


def public_state(session: Session, game: Game) -> dict:
    """Everything the table may know about `game`, in the shape SMS.md's "Public state"
    gives."""
    rows = session.exec(
        select(Player).where(Player.game_id == game.id).order_by(col(Player.seat), col(Player.id))
    ).all()
    hosts = {p.name.casefold() for p in rows if p.is_host}
    state = load_state(game)
    phase = game_phase(game, state)
    names = state.names if state else [p.name for p in rows]
    rules = game_rules(game, state, len(names))
    facts = _lobby(names, rules) if state is None else _board(state, finished=phase == OVER)
    players = [
        {"seat": i + 1, "name": name, "alive": alive, "host": name.casefold() in hosts}
        for i, (name, alive) in enumerate(zip(names, facts.pop("alive"), strict=True))
    ]
    return {
        "code": game.code,
        "phase": phase,
        "players": players,
        **facts,
        "log": public_log(session, game, names, rules=rules),
        "rules": {**rules_data(rules), "powers": list(rules.powers)},
    }


def game_rules(game: Game, state: GameState | None, players: int) -> Ruleset:
    """The rules the game is played by; in a lobby, those it would start with at this size."""
    if state is not None:
        return state.rules
    return resolve(Choice.from_json(game.house_rules), table_size(players))


def _lobby(names: list[str], rules: Ruleset) -> dict:
    """The board of a lobby: the deck the host chose, with the policies already enacted."""
    enacted = rules.liberal_start + rules.fascist_start
    return {
        "alive": [True] * len(names),
        "president": None,
        "chancellor": None,
        "liberal": rules.liberal_start,
        "fascist": rules.fascist_start,
        "tracker": 0,
        "draw_pile": rules.deck - enacted,
        "discards": 0,
        "veto_unlocked": False,
        "power": None,
        "waiting_for": [],
        "eligible": None,
        "last_votes": None,
        "winner": None,
        "roles": None,
    }


def _board(state: GameState, finished: bool) -> dict:
    view = public_view(state)
    names = state.names

    def name(seat: int | None) -> str | None:
        return None if seat is None else names[seat]

    last = view["last_votes"]
    return {
        "alive": [p["alive"] for p in view["players"]],
        "president": None if finished else name(view["president"]),
        "chancellor": None if finished else name(view["chancellor"]),
        "liberal": view["liberal"],
        "fascist": view["fascist"],
        "tracker": view["tracker"],
        "draw_pile": view["draw_pile"],
        "discards": view["discards"],
        "veto_unlocked": view["veto_unlocked"],
        "power": None if finished else view["power"],
        "waiting_for": [] if finished else [names[s] for s in view["waiting_for"]],
        "eligible": None
        if finished or view["eligible"] is None
        else [names[s] for s in view["eligible"]],
        "last_votes": None
        if last is None
        else {names[s]: "ja" if v else "nein" for s, v in enumerate(last) if v is not None},
        "winner": view["winner"],
        "roles": dict(zip(names, state.roles, strict=True)) if finished else None,
    }


def public_log(
    session: Session,
    game: Game,
    names: list[str],
    limit: int = LOG_SIZE,
    rules: Ruleset | None = None,
) -> list[str]:
    """The texts of the last public events of `game`, oldest first (`rules`: the game's)."""
    return [entry["text"] for entry in public_entries(session, game, names, limit, rules)]


def public_entries(
    session: Session,
    game: Game,
    names: list[str],
    limit: int,
    rules: Ruleset | None = None,
    kinds=PUBLIC_KINDS,
) -> list[dict]:
    """The last public events of `game` (of `kinds`), oldest first, as `{"seq", "kind", "text"}`
    (`rules`: the game's, for the events that tell one)."""
    entries = []
    for row in public_event_rows(session, game.id, limit, kinds):
        event = Event(row.kind, None, json.loads(row.data))
        try:
            text = event_text(event, names, rules=rules)
        except (TemplateError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue  # an event this wording cannot render is left out, not shown half-done
        entries.append({"seq": row.seq, "kind": row.kind, "text": text})
    return entries
