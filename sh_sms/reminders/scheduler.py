"""The APScheduler 3.x background scheduler of a worker process: the reminder job, and the
retention job that prunes what finished games no longer need (sh_sms.store.retention)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy.engine import Engine

from ..config import Settings
from ..store.retention import prune
from .job import run_due

log = logging.getLogger(__name__)
JOB_ID = "reminders"
RETENTION_JOB_ID = "retention"


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


def retain(engine: Engine, settings: Settings, clock: Callable[[], datetime]) -> dict[str, int]:
    """One run of the retention job at `clock()`; errors are logged, never raised."""
    try:
        return prune(engine, clock(), settings.retention_days)
    except Exception:
        log.exception("retention_job_failed")
        return {}


def start_scheduler(
    engine: Engine, settings: Settings, clock: Callable[[], datetime] = utc_now
) -> BackgroundScheduler:
    """Start a daemon scheduler running the reminder job every REMINDER_POLL_SECONDS, first at
    once, and (unless RETENTION_DAYS is 0) the retention job every RETENTION_EVERY_SECONDS.

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
    if settings.retention_days > 0:
        scheduler.add_job(
            retain,
            "interval",
            seconds=max(settings.retention_every_seconds, 1.0),
            args=(engine, settings, clock),
            id=RETENTION_JOB_ID,
        )
    scheduler.start()
    log.debug("reminder_scheduler_started every=%ss", settings.reminder_poll_seconds)
    return scheduler
