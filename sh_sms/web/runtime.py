"""What every request needs (settings, the database engine, the clock), kept on the app."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from flask import current_app
from sqlalchemy.engine import Engine

from ..config import Settings
from ..store.faults import RetryPolicy


def utc_now() -> datetime:
    """The current time as an aware UTC datetime."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class Runtime:
    """What every request needs: settings, the database engine, the clock, and how to retry a
    text's transaction after a transient database fault."""

    settings: Settings
    engine: Engine
    clock: Callable[[], datetime]
    retry: RetryPolicy = field(default_factory=RetryPolicy)


def runtime() -> Runtime:
    """The runtime of the current app (inside a request or an app context)."""
    return current_app.extensions["sh_sms"]
