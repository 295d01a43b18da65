"""Public facts every game's pages show beside its own (no secret: the table knows them): which
seats are computer players, whether the host chose room mode, how many watch by text."""

from __future__ import annotations

from sqlmodel import Session, select

from ..store import ENDED, OVER, Game, GameClock, Player
from ..table.links import group_path


def bot_names(session: Session, game: Game) -> list[str]:
    """The names of the game's computer players, in seat order."""
    query = select(Player.name).where(Player.game_id == game.id, Player.is_bot == True)  # noqa: E712
    return list(session.exec(query.order_by(Player.seat)))


def room_mode(session: Session, game: Game) -> bool:
    """Whether the host chose room mode: the table reads its news on the board, not on their
    phones."""
    clock = session.get(GameClock, game.id)
    return clock is not None and clock.room_from is not None


def watch_facts(session: Session, game: Game) -> dict:
    """How many numbers watch the game by text, and (once it is finished) its group's page."""
    clock = session.get(GameClock, game.id)
    finished = game.status in (OVER, ENDED)
    return {
        "watchers": clock.watchers if clock is not None else 0,
        "group": group_path(game.code) if finished else None,
    }
