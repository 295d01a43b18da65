"""Settings no process may start with: web (the app factory), worker and release all refuse them.

Each problem is one sentence saying what to set (templates/ops/problem/*.txt), logged as one line
after "Refusing to start:": first each value that cannot be read (config.Settings refuses it),
then the rules across settings (`problems`), then the database. The web app factory raises
`UnsafeConfiguration`, so under gunicorn the app fails to load and the master exits; the
commands log the lines and exit 1. A few settings only deserve a warning.
"""

from __future__ import annotations

import logging

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from ..config import SIMULATOR, TWILIO, InvalidSettings, Settings, shown_url
from ..store.schema import missing_migrations
from ..text.numbers import normalize
from .logs import configure_logging
from .wording import say

log = logging.getLogger(__name__)
__all__ = ["UnsafeConfiguration", "check", "problems", "require_safe", "shown_url", "warnings"]


class UnsafeConfiguration(InvalidSettings):
    """The process must not start; `lines` says, one line per problem, what to set."""


def settings_from_env(environ=None, **overrides) -> Settings:
    """`Settings.from_env`, each refused value logged as one line and raised as
    `UnsafeConfiguration`."""
    try:
        return Settings.from_env(environ, **overrides)
    except InvalidSettings as exc:
        configure_logging()
        _refuse(exc.lines)
        raise  # not reached: _refuse raises


def start(environ=None, **overrides) -> Settings | None:
    """For a command's `main`: the settings, with logging set up at LOG_LEVEL; None when a
    value was refused (each logged as one line; the command then exits 1)."""
    try:
        settings = settings_from_env(environ, **overrides)
    except UnsafeConfiguration:
        return None
    configure_logging(settings.log_level)
    return settings


def problems(settings: Settings) -> list[str]:
    """What in `settings` alone makes starting unsafe (no I/O), one line each."""
    found = []
    sid, token = settings.twilio_account_sid, settings.twilio_auth_token
    sender = (
        settings.twilio_from_number
        or settings.twilio_numbers.strip()
        or settings.twilio_messaging_service_sid
    )
    if (sid or sender) and settings.backend != TWILIO:  # a token alone: the simulator, signed
        names = (("TWILIO_ACCOUNT_SID", sid), ("TWILIO_AUTH_TOKEN", token))
        missing = " and ".join(name for name, value in names if not value)
        found.append(say("problem/twilio_half", missing=missing))
    elif settings.dyno and settings.backend == SIMULATOR and not settings.simulator:
        found.append(say("problem/simulator_on_host", dyno=settings.dyno))  # /sim is open to all
    if settings.backend == TWILIO and not sender:
        found.append(say("problem/twilio_no_sender"))
    number = settings.twilio_from_number
    if number and normalize(number, settings.default_region) != number:
        found.append(say("problem/twilio_bad_from", value=number))
    if settings.dyno and settings.database_url.startswith("sqlite"):
        found.append(say("problem/sqlite_on_host", dyno=settings.dyno))
    return found


def database_problem(engine: Engine) -> str | None:
    """One line when the database does not answer a `SELECT 1`, else None."""
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except (SQLAlchemyError, OSError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0][:200]
        return say("problem/database_unreachable", url=shown_url(str(engine.url)), error=reason)
    return None


def schema_problem(engine: Engine) -> str | None:
    """One line when migrations this code needs are not applied to the database, else None."""
    missing = missing_migrations(engine)
    if missing is None:
        return None
    return say("problem/not_migrated", current=missing[0] or "empty", head=missing[1])


def warnings(settings: Settings) -> list[str]:
    """What works, but badly enough to say so at start."""
    found = []
    if settings.backend == TWILIO and not settings.public_base_url:
        found.append(say("warn/no_base_url"))
    if settings.backend == TWILIO and not settings.callback_url:
        found.append(say("warn/no_callback"))
    return found


def check(settings: Settings, engine: Engine | None = None, *, schema: bool = True) -> list[str]:
    """Every problem: the settings', then (given an engine, and only if those are fine) the
    database's: it answers, and (`schema`) has every migration. Warnings are logged here."""
    for line in warnings(settings):
        log.warning("%s", line)
    found = problems(settings)
    if found or engine is None:
        return found
    unreachable = database_problem(engine)
    if unreachable:
        return [unreachable]
    behind = schema_problem(engine) if schema else None
    return [behind] if behind else []


def require_safe(settings: Settings, engine: Engine | None = None, *, schema: bool = True) -> None:
    """Log each problem and raise `UnsafeConfiguration` when there is any."""
    found = check(settings, engine, schema=schema)
    if found:
        _refuse(found)


def _refuse(problems: list[str]) -> None:
    """Log each problem as one line and raise `UnsafeConfiguration`."""
    lines = [say("refuse", problem=p) for p in problems]
    for line in lines:
        log.error("%s", line)
    raise UnsafeConfiguration(lines)


def refused(settings: Settings, engine: Engine | None = None, *, schema: bool = True) -> bool:
    """For a command's `main`: log each problem; whether there was any (then exit 1)."""
    try:
        require_safe(settings, engine, schema=schema)
    except UnsafeConfiguration:
        return True
    return False
