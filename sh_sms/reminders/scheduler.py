"""The APScheduler 3.x background scheduler that runs the reminder job in a worker process."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy.engine import Engine

from ..config import Settings
from .job import run_due

log = logging.getLogger(__name__)
JOB_ID = "reminders"


def utc_now() -> datetime:
    """The current time as an aware UTC datetime."""
    return datetime.now(UTC)


def tick(engine: Engine, settings: Settings, clock: Callable[[], datetime]) -> int:
    """One run of the job at `clock()`; errors are logged, never raised into the scheduler."""
    try:
        return run_due(engine, settings, clock())
    except Exception:
        log.exception("reminder_job_failed")
        return 0


def start_scheduler(
    engine: Engine, settings: Settings, clock: Callable[[], datetime] = utc_now
) -> BackgroundScheduler:
    """Start a daemon scheduler running the job every REMINDER_POLL_SECONDS, first at once.

    Runs never overlap and missed runs collapse into one. Stop it with `.shutdown()`.
    """
    logging.getLogger("apscheduler.executors").setLevel(logging.WARNING)  # two lines per run
    scheduler = BackgroundScheduler(
        timezone=UTC,
        job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None},
    )
    scheduler.add_job(
        tick,
        "interval",
        seconds=max(settings.reminder_poll_seconds, 0.1),
        args=(engine, settings, clock),
        id=JOB_ID,
        next_run_time=datetime.now(UTC),
    )
    scheduler.start()
    log.info("reminder_scheduler_started every=%ss", settings.reminder_poll_seconds)
    return scheduler
