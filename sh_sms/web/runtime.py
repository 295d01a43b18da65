"""What every request needs (settings, the database engine, the clock), kept on the app."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from flask import current_app
from sqlalchemy.engine import Engine

from ..config import Settings


def utc_now() -> datetime:
    """The current time as an aware UTC datetime."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class Runtime:
    """What every request needs: settings, the database engine and the clock."""

    settings: Settings
    engine: Engine
    clock: Callable[[], datetime]


def runtime() -> Runtime:
    """The runtime of the current app (inside a request or an app context)."""
    return current_app.extensions["sh_sms"]
