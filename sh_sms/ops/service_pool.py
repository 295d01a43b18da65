"""The pool of a Messaging Service, read when a process starts (issue 35).

With TWILIO_MESSAGING_SERVICE_SID and no TWILIO_NUMBERS, the web process and the worker ask
Twilio (the `twilio` Client) for the numbers in the service's sender pool and use them as the
pool (sh_sms.pool): TWILIO_FROM_NUMBER first when it is one of them, else in Twilio's order. When
Twilio cannot be asked, a service whose games all play on the home number runs as one number,
as before the pool (with a warning); one with unfinished games on its other numbers refuses to
start, since their texts could not be told apart.
"""

from __future__ import annotations

import dataclasses
import logging

import requests
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select
from twilio.base.exceptions import TwilioException

from ..config import TWILIO, Settings
from ..pool import HOME
from ..store import OPEN_STATUSES, Game, make_engine
from .preflight import UnsafeConfiguration
from .twilio_setup import make_client
from .wording import say

log = logging.getLogger(__name__)
POOL_LIMIT = 400  # numbers read from a service's sender pool (Twilio allows 400 per service)


def with_service_numbers(settings: Settings, client=None) -> Settings:
    """`settings` with the Messaging Service's numbers as TWILIO_NUMBERS when they are to be
    read (see the module docstring); raise `UnsafeConfiguration` when the process must not
    start without them."""
    sid = settings.twilio_messaging_service_sid
    if settings.backend != TWILIO or not sid or settings.twilio_numbers.strip():
        return settings
    try:
        client = client or make_client(settings)
        listed = client.messaging.v1.services(sid).phone_numbers.list(limit=POOL_LIMIT)
    except (TwilioException, requests.RequestException) as exc:
        return _unread(settings, str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__)
    numbers = [member.phone_number for member in listed if member.phone_number]
    home = settings.twilio_from_number
    if home in numbers:
        numbers = [home, *(n for n in numbers if n != home)]
    log.info("service_pool service=%s numbers=%s", sid, len(numbers))
    return dataclasses.replace(settings, twilio_numbers=",".join(numbers))


def _unread(settings: Settings, error: str) -> Settings:
    """Twilio could not be asked: one number, unless games play on others (then refuse)."""
    engine = make_engine(settings.database_url)
    try:
        with Session(engine) as session:
            query = select(Game.id).where(Game.line != HOME, col(Game.status).in_(OPEN_STATUSES))
            elsewhere = session.exec(query.limit(1)).first() is not None
    except SQLAlchemyError:
        return settings  # the database's own check refuses to start, and says why
    finally:
        engine.dispose()
    sid = settings.twilio_messaging_service_sid
    if elsewhere:
        line = say("problem/pool_unread", service=sid, error=error)
        log.error("%s", say("refuse", problem=line))
        raise UnsafeConfiguration([say("refuse", problem=line)])
    log.warning("%s", say("warn/pool_unread", service=sid, error=error))
    return settings
