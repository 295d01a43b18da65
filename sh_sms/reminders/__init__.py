"""Reminders and deadlines: who a game waits on and since when, quiet hours, the periodic job.

- `track(session, game, state, now, settings)`: call after every change of a game's state, in
  the same transaction (play.act and the lobby's START do).
- `run_due(engine, settings, now)`: one run of the job (tests call it with a fake clock).
- `start_scheduler(engine, settings, clock)`: the APScheduler job for a worker process.

Importing this package loads nothing else, so the parser can use `reminders.values` alone.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apscheduler.schedulers.background import BackgroundScheduler
    from sqlalchemy.engine import Engine
    from sqlmodel import Session

    from ..config import Settings
    from ..engine import GameState
    from ..store import Game

__all__ = ["run_due", "start_scheduler", "track"]


def track(
    session: Session, game: Game, state: GameState | None, now: datetime, settings: Settings
) -> None:
    """Note a game's new state: a new decision point starts a new wait (reminders, deadline)."""
    from .wait import track as note

    note(session, game, state, now, settings)


def run_due(engine: Engine, settings: Settings, now: datetime) -> int:
    """Send the reminders and make the deadline moves due at `now`; return the games handled."""
    from .job import run_due as run

    return run(engine, settings, now)


def start_scheduler(
    engine: Engine, settings: Settings, clock: Callable[[], datetime] | None = None
) -> BackgroundScheduler:
    """Start the background scheduler that runs the job every REMINDER_POLL_SECONDS."""
    from .scheduler import start_scheduler as start

    return start(engine, settings, clock or (lambda: datetime.now(UTC)))
