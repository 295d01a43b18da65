"""Shared values and row builders for the web tests (a module of its own: conftest is no import)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session

from sh_sms.games.standard.engine import Event, GameState
from sh_sms.store import ACTIVE, LOBBY, Game, Player
from sh_sms.store.games import append_events

NOW = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def add_game(
    engine,
    code: str,
    names: list[str],
    *,
    status: str | None = None,
    state: GameState | None = None,
    events: list[Event] = (),
) -> int:
    """Insert a game with players `names` (seat order, the first is host); return its id."""
    with Session(engine) as session:
        game = Game(
            code=code,
            status=status or (ACTIVE if state else LOBBY),
            seed=1,
            state=state.to_json() if state else None,
            created_at=NOW,
            updated_at=NOW,
        )
        session.add(game)
        session.flush()
        for seat, name in enumerate(names):
            number = f"+1555010{seat + 1:04d}"
            session.add(
                Player(
                    game_id=game.id,
                    number=number,
                    open_number=number if game.status in (LOBBY, ACTIVE) else None,
                    name=name,
                    name_key=name.casefold(),
                    seat=seat,
                    is_host=seat == 0,
                    joined_at=NOW,
                )
            )
        append_events(session, game, list(events), NOW)
        session.commit()
        return game.id
