"""What the table may see of a districts game (docs/districts.md, "The board"): its own shape of
`/g/<CODE>.json` (`"variant": "districts"`), the board page's view and the public log.

Built from the engine's `public_view` alone: who is where, the representatives, the capitol
cards' holders, points, tracks and piles. No alignment card, hand, discard, investigation result
or district vote appears before the end; the cards are shown once the game is over.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from jinja2 import TemplateError
from sqlmodel import Session, col, select

from ...delivery.sender_alerts import sender_problem
from ...houserules import Choice
from ...public.facts import bot_names
from ...store import ENDED, LOBBY, Game, GameEvent, Player
from ...store.games import load_state
from ...table.links import replay_path
from .engine import DistrictsState, Event, public_view
from .engine.state import OVER, SETTLE, VOTE
from .engine.tables import DEFAULT_RULES, DISTRICTS, MAX_PLAYERS, MIN_PLAYERS
from .params import NAME, table_rules
from .text.wording import alignment_text, event_text, policy_text

LOG_SIZE = 50
LATEST = 12  # events the board keeps in view
FINISHED = (OVER, ENDED)


def public_state(session: Session, game: Game) -> dict:
    """Everything the table may know about a districts game (its own JSON shape)."""
    rows = session.exec(
        select(Player).where(Player.game_id == game.id).order_by(col(Player.seat), col(Player.id))
    ).all()
    state = load_state(game)
    hosts = {p.seat for p in rows if p.is_host}
    if state is None:
        names = [p.name for p in rows]
        facts = _lobby(game, len(names))
    else:
        names = state.names
        facts = _board(state, finished=game.status in FINISHED)
    where, phase = facts.pop("where"), facts.pop("phase")
    players = [
        {"seat": seat + 1, "name": name, "host": seat in hosts, "district": where[seat]}
        for seat, name in enumerate(names)
    ]
    return {
        "code": game.code,
        "variant": NAME,
        "phase": OVER if game.status in FINISHED else phase,
        "players": players,
        **facts,
        "log": public_lines(session, game, state, LOG_SIZE),
    }


def _lobby(game: Game, players: int) -> dict:
    rules = {**DEFAULT_RULES, **table_rules(Choice.from_json(game.house_rules))}
    size = min(max(players, MIN_PLAYERS), MAX_PLAYERS)
    return {
        "phase": LOBBY,
        "where": [None] * players,
        "round": 0,
        "settled": 0,
        "districts": [
            {"district": d, "players": [], "points": 0, "representative": None, "closed": None}
            for d in range(1, DISTRICTS[size] + 1)
        ],
        "capitol": [],
        "capitol_cards": {},
        "tracks": {"liberal": 0, "fascist": 0, "oligarch": rules["privilege"]},
        "played": 0,
        "enacted": [],
        "draw_pile": None,
        "discards": 0,
        "timer_ends": None,
        "investigated": [],
        "voting": [],
        "waiting_for": [],
        "winners": None,
        "reason": None,
        "roles": None,
        "box": None,
        "rules": _rules(rules, DISTRICTS[size]),
    }


def _board(state: DistrictsState, finished: bool) -> dict:
    view = public_view(state)
    names = state.names

    def named(seats: list[int]) -> list[str]:
        return [names[s] for s in seats]

    voting = view["phase"] == VOTE
    over = view["phase"] == OVER
    return {
        "phase": view["phase"],
        "where": view["where"],
        "round": view["round"],
        "settled": view["settled"],
        "districts": [
            {
                "district": d["district"],
                "players": named(d["players"]),
                "points": d["points"],
                "representative": None if d["rep"] is None else names[d["rep"]],
                "closed": d["closed"],
            }
            for d in view["districts"]
        ],
        "capitol": named(view["capitol"]),
        "capitol_cards": {card: names[seat] for card, seat in view["holders"].items()},
        "tracks": view["tracks"],
        "played": view["played"],
        "enacted": [policy_text(code) for code in view["enacted"]],
        "draw_pile": view["draw_pile"],
        "discards": view["discards"],
        "timer_ends": _iso(view["timer_ends"]) if voting else None,
        "investigated": [named(pair) for pair in view["investigated"]],
        # Who has voted is the district's own business: the board names districts still voting.
        "voting": [d["district"] for d in view["districts"] if voting and d["closed"] is None],
        "waiting_for": [] if voting or finished else named(view["waiting_for"]),
        "winners": None if view["winners"] is None else named(view["winners"]),
        "reason": view["reason"],
        "roles": _cards(names, view["cards"]) if over else None,
        "box": alignment_text(view["boxed"]) if over else None,
        "rules": _rules(view["rules"], state.districts),
    }


def _rules(rules: dict, districts: int | None = None) -> dict:
    """The rules the board shows: the goals, the limit, the privilege card and the timer."""
    shown = {
        key: rules[key] for key in ("policies_to_win", "points_to_win", "max_policies", "privilege")
    }
    return {**shown, "timer_minutes": max(1, round(rules["timer_seconds"] / 60))} | (
        {"districts": districts} if districts else {}
    )


def _cards(names: list[str], cards: list[str]) -> dict[str, str]:
    return {name: alignment_text(card) for name, card in zip(names, cards, strict=True)}


def _iso(seconds: int | None) -> str | None:
    if seconds is None:
        return None
    return datetime.fromtimestamp(seconds, UTC).isoformat().replace("+00:00", "Z")


def board_view(session: Session, game: Game) -> dict:
    """The public state plus the board page's own facts: the latest events, the replay's link
    once it is over, a sender problem, which seats are computer players."""
    state = public_state(session, game)
    over = state["phase"] == OVER
    return {
        **state,
        "events": public_entries(session, game, load_state(game), LATEST),
        "replay": replay_path(game.code) if over and game.state else None,
        "problem": sender_problem(session, game.id),
        "bots": bot_names(session, game),
    }


def public_lines(
    session: Session, game: Game, state: DistrictsState | None, limit: int
) -> list[str]:
    """The texts of the last public events of a districts game, oldest first."""
    return [entry["text"] for entry in public_entries(session, game, state, limit)]


def public_entries(
    session: Session, game: Game, state: DistrictsState | None, limit: int
) -> list[dict]:
    """The last public events of a districts game, oldest first, as `{"seq", "kind", "text"}`:
    only events the whole table saw (`to_seat` NULL), told as the table read them. While the
    players settle, no settling is shown (a game saved before settling was private told it)."""
    if state is None:
        return []
    hidden = {"settled"} if state.phase == SETTLE else set()
    query = (
        select(GameEvent)
        .where(GameEvent.game_id == game.id, GameEvent.to_seat == None)  # noqa: E711
        .order_by(col(GameEvent.seq).desc())
        .limit(limit)
    )
    entries = []
    for row in reversed(session.exec(query).all()):
        if row.kind in hidden:
            continue
        event = Event(row.kind, None, json.loads(row.data))
        try:
            text = event_text(event, state.names, state.rules)
        except (TemplateError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue  # an event this wording cannot render is left out, not shown half-done
        entries.append({"seq": row.seq, "kind": row.kind, "text": text})
    return entries
