"""Settings no process may start with: web (the app factory), worker and release all refuse them.

Each problem is one sentence saying what to set (templates/ops/problem/*.txt), logged as one line
after "Refusing to start:". The web app factory
raises `UnsafeConfiguration`, so under gunicorn the worker fails to boot and the master exits;
the commands log the lines and exit 1. A few settings only deserve a warning.
"""

from __future__ import annotations

import logging

from sqlalchemy import text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from ..config import TWILIO, Settings
from ..store.schema import missing_migrations
from ..text.numbers import normalize
from .wording import say

log = logging.getLogger(__name__)
SERVICE_PREFIX = "MG"


class UnsafeConfiguration(RuntimeError):
    """The process must not start; the message says, one line per problem, what to set."""


def problems(settings: Settings) -> list[str]:
    """What in `settings` alone makes starting unsafe (no I/O), one line each."""
    found = []
    sid, token = settings.twilio_account_sid, settings.twilio_auth_token
    sender = settings.twilio_from_number or settings.twilio_messaging_service_sid
    if (sid or sender) and settings.backend != TWILIO:  # a token alone: the simulator, signed
        names = (("TWILIO_ACCOUNT_SID", sid), ("TWILIO_AUTH_TOKEN", token))
        missing = " and ".join(name for name, value in names if not value)
        found.append(say("problem/twilio_half", missing=missing))
    if settings.backend == TWILIO and not sender:
        found.append(say("problem/twilio_no_sender"))
    number = settings.twilio_from_number
    if number and normalize(number, settings.default_region) != number:
        found.append(say("problem/twilio_bad_from", value=number))
    service = settings.twilio_messaging_service_sid
    if service and not service.startswith(SERVICE_PREFIX):
        found.append(say("problem/twilio_bad_service", value=service))
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
    lines = [say("refuse", problem=p) for p in check(settings, engine, schema=schema)]
    for line in lines:
        log.error("%s", line)
    if lines:
        raise UnsafeConfiguration("\n".join(lines))


def refused(settings: Settings, engine: Engine | None = None, *, schema: bool = True) -> bool:
    """For a command's `main`: log each problem; whether there was any (then exit 1)."""
    try:
        require_safe(settings, engine, schema=schema)
    except UnsafeConfiguration:
        return True
    return False


def shown_url(url: str) -> str:
    """A database URL fit for a log line: no password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(not a database URL)"
