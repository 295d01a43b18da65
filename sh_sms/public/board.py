"""What the board page shows: the public state (SMS.md's contract) and what a physical board
shows beside it (the round, term limits, who was investigated, the slots' powers, which seats
are computer players), no secret.
"""

from __future__ import annotations

from sqlmodel import Session, select

from ..delivery.sender_alerts import sender_problem
from ..engine import public_view
from ..engine.boards import FASCIST_TO_WIN, MAX_PLAYERS, MIN_PLAYERS, power_for
from ..store import Game, GameClock, Player
from ..store.games import load_state
from .links import replay_path
from .state import OVER, public_entries, public_state

LATEST = 12  # events the board keeps in view


def fascist_slots(players: int) -> list[str | None]:
    """The power printed on each fascist slot for a table of that size (none in a lobby)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return [None] * FASCIST_TO_WIN
    return [power_for(players, n) for n in range(1, FASCIST_TO_WIN + 1)]


def board_view(session: Session, game: Game) -> dict:
    """The public state plus the board's own facts: everything the table may know, no more."""
    state = public_state(session, game)
    engine_state = load_state(game)
    names = [p["name"] for p in state["players"]]
    over = state["phase"] == OVER
    view = public_view(engine_state) if engine_state else None
    return {
        **state,
        "round": view["round"] if view else 0,
        "term_limited": [] if over or not view else [names[s] for s in view["term_limited"]],
        "investigated": [names[s] for s in view["investigated"]] if view else [],
        "reason": view["reason"] if view and over else None,
        "powers": fascist_slots(len(names)),
        "events": public_entries(session, game, names, LATEST),
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
