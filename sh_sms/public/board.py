"""What the board page shows: the public state (SMS.md's contract) and what a physical board
shows beside it (the round, term limits, who was investigated, the slots' powers, which seats
are computer players), no secret.
"""

from __future__ import annotations

from sqlmodel import Session, select

from ..delivery.sender_alerts import sender_problem
from ..games.standard.engine import public_view
from ..games.standard.engine.ruleset import STANDARD, Ruleset, differences
from ..houserules import table_size
from ..store import Game, GameClock, Player
from ..store.games import load_state
from . import districts
from .links import replay_path
from .state import OVER, game_rules, public_entries, public_state

LATEST = 12  # events the board keeps in view


def fascist_slots(rules: Ruleset) -> list[str | None]:
    """The power on each of the six fascist slots by this game's rules (the 6th wins)."""
    return [*rules.powers, None]


def board_view(session: Session, game: Game) -> dict:
    """The public state plus the board's own facts: everything the table may know, no more."""
    if districts.is_districts_game(game):  # a shape of its own (issue 22)
        return districts.board_view(session, game)
    state = public_state(session, game)
    engine_state = load_state(game)
    names = [p["name"] for p in state["players"]]
    over = state["phase"] == OVER
    view = public_view(engine_state) if engine_state else None
    size = engine_state.players if engine_state else table_size(len(names))
    rules = game_rules(game, engine_state, len(names))
    return {
        **state,
        "round": view["round"] if view else 0,
        "term_limited": [] if over or not view else [names[s] for s in view["term_limited"]],
        "investigated": [names[s] for s in view["investigated"]] if view else [],
        "reason": view["reason"] if view and over else None,
        "powers": fascist_slots(rules),
        "hitler_zone": rules.hitler_zone,
        "veto_zone": rules.veto_zone,
        "house": sorted(differences(rules, size)) if rules.name != STANDARD else [],
        "events": public_entries(session, game, names, LATEST, rules),
        "replay": replay_path(game.code) if over and view else None,
        "problem": sender_problem(session, game.id),  # texts this game's number cannot send
        "bots": bot_names(session, game),
        "room": room_mode(session, game),
    }


def room_mode(session: Session, game: Game) -> bool:
    """Whether the host chose room mode: the table reads its news here, not on their phones."""
    clock = session.get(GameClock, game.id)
    return clock is not None and clock.room_from is not None


def bot_names(session: Session, game: Game) -> list[str]:
    """The names of the game's computer players, in seat order (no secret: the table knows)."""
    query = select(Player.name).where(Player.game_id == game.id, Player.is_bot == True)  # noqa: E712
    return list(session.exec(query.order_by(Player.seat)))
