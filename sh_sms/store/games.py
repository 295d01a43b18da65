"""Small queries and updates on games and players, shared by the lobby and play handlers."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import func, or_
from sqlmodel import Session, select

from ..engine import Event, GameState
from . import ENDED, OVER, Game, GameEvent, Player

# Consonants only, so a random code never spells a word.
CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"
CODE_LENGTH = 4


def open_player(session: Session, number: str) -> Player | None:
    """The player row of `number` in an unfinished game, if any."""
    return session.exec(select(Player).where(Player.open_number == number)).first()


def roster(session: Session, game_id: int) -> list[Player]:
    """The game's players in seat order."""
    return list(session.exec(select(Player).where(Player.game_id == game_id).order_by(Player.seat)))


def find_game(session: Session, code: str) -> Game | None:
    """The game with this code (any case), if any."""
    return session.exec(select(Game).where(Game.code == code.upper())).first()


def new_code(session: Session) -> str:
    """A fresh game code that no game uses."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if find_game(session, code) is None:
            return code


def load_state(game: Game) -> GameState | None:
    """The engine state stored with `game`, or None for a lobby (no roles dealt yet)."""
    return GameState.from_json(game.state) if game.state else None


def save_state(game: Game, state: GameState, now: datetime) -> None:
    """Replace the stored engine state whole (in-place JSON changes would not be saved)."""
    game.state = state.to_json()
    game.version += 1
    game.updated_at = now


def append_events(session: Session, game: Game, events: list[Event], now: datetime) -> None:
    """Add events to the game's append-only log."""
    last = session.exec(select(func.max(GameEvent.seq)).where(GameEvent.game_id == game.id)).one()
    seq = last or 0
    for event in events:
        seq += 1
        session.add(
            GameEvent(
                game_id=game.id,
                seq=seq,
                kind=event.kind,
                to_seat=event.to,
                data=json.dumps(event.data, separators=(",", ":")),
                created_at=now,
            )
        )


def public_events(
    session: Session, game_id: int, limit: int, kinds: Iterable[str] | None = None
) -> list[Event]:
    """The last `limit` events the whole table saw (of the given kinds), oldest first."""
    rows = public_event_rows(session, game_id, limit, kinds)
    return [Event(row.kind, None, json.loads(row.data)) for row in rows]


def public_event_rows(
    session: Session, game_id: int, limit: int, kinds: Iterable[str] | None = None
) -> list[GameEvent]:
    """The last `limit` event rows the whole table saw (of the given kinds), oldest first."""
    query = select(GameEvent).where(GameEvent.game_id == game_id, GameEvent.to_seat == None)  # noqa: E711
    if kinds is not None:
        query = query.where(GameEvent.kind.in_(sorted(kinds)))
    return list(reversed(session.exec(query.order_by(GameEvent.seq.desc()).limit(limit)).all()))


def all_events(session: Session, game_id: int) -> list[Event]:
    """Every event of the game, private ones included, in order: only for a finished game."""
    rows = session.exec(
        select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    ).all()
    return [Event(row.kind, row.to_seat, json.loads(row.data)) for row in rows]


def seat_events(session: Session, game_id: int, seat: int) -> list[Event]:
    """The events `seat` has seen, in order: every public one and its own private ones."""
    rows = session.exec(
        select(GameEvent)
        .where(
            GameEvent.game_id == game_id,
            or_(GameEvent.to_seat == None, GameEvent.to_seat == seat),  # noqa: E711
        )
        .order_by(GameEvent.seq)
    ).all()
    return [Event(row.kind, row.to_seat, json.loads(row.data)) for row in rows]


def close_game(game: Game, players: list[Player], status: str, now: datetime) -> None:
    """Finish a game: its numbers are free to join another one."""
    game.status = status
    game.updated_at = now
    for player in players:
        player.open_number = None


def recent_player(session: Session, number: str, since: datetime) -> Player | None:
    """`number`'s player row in its latest started game that finished after `since`, if any."""
    query = (
        select(Player)
        .join(Game, Game.id == Player.game_id)
        .where(
            Player.number == number,
            Game.status.in_((OVER, ENDED)),
            Game.state.is_not(None),
            Game.updated_at >= since,
        )
        .order_by(Game.updated_at.desc(), Game.id.desc())
        .limit(1)
    )
    return session.exec(query).first()
