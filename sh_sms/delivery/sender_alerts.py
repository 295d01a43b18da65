"""Texts that fail for a reason that is the sender's (errors.SENDER_CODES), never silent.

The first such failure in a game tells its host by text (unless the text that failed was the
host's own: theirs fail too), and from then on the game's board shows a banner
(`sender_problem`). Every failure is logged at error level, and `sh-sms doctor` lists them by
cause with the fix. They are never retried: they are permanent for the sender.
"""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, col

from ..ops.wording import say
from ..store import Game, Outbox, SenderAlert
from ..store.db import insert_new
from ..store.games import roster
from ..text.languages import current
from ..text.numbers import mask
from .notices import table_mail

log = logging.getLogger(__name__)
QUIET = {"synchronize_session": False}  # nothing here reads the alert row through the session


def report_sender_problem(session: Session, row: Outbox, now: datetime) -> bool:
    """Record that `row` failed for a reason that is the sender's; the first time in its game,
    queue a text for the host (in this transaction). Return whether the host was texted."""
    code = row.error_code or "unknown"
    log.error(
        "sender_problem code=%s id=%s to=%s game=%s: see sh-sms doctor",
        code, row.id, mask(row.to_number), row.game_id,
    )  # fmt: skip
    if row.game_id is None:
        return False
    game = col(SenderAlert.game_id) == row.game_id
    fresh = {"first_code": code, "last_code": code, "first_at": now, "last_at": now}
    insert_new(session, SenderAlert, {"game_id": row.game_id, **fresh})
    count = {"failures": col(SenderAlert.failures) + 1, "last_code": code, "last_at": now}
    session.execute(update(SenderAlert).where(game).values(**count).execution_options(**QUIET))
    # Whether this failure is the one that tells: decided in the database, by one conditional
    # UPDATE, so that two failures of one game handled at once cannot both tell the host.
    tell = update(SenderAlert).where(game, ~col(SenderAlert.host_told)).values(host_told=True)
    if session.execute(tell.execution_options(**QUIET)).rowcount != 1:
        return False  # once per game, whether or not a text could reach the host
    players = roster(session, row.game_id)
    host = next((p for p in players if p.is_host), None)
    if host is None or host.number == row.to_number:
        return False
    missed = next((p.name for p in players if p.number == row.to_number), None)
    mail = table_mail(session.get(Game, row.game_id), players)  # the host's language
    mail.say(host.number, "delivery/sender_problem", code=code, name=missed)
    mail.flush(session, now, row.game_id, row.line)
    return True


def sender_problem(session: Session, game_id: int) -> str | None:
    """A line for the game's board when texts of this game failed for the sender's reasons, in
    the language being written (the page's)."""
    alert = session.get(SenderAlert, game_id)
    if alert is None:
        return None
    banner = "banner/sender_problem"  # in the page's language: the table reads it
    return say(banner, language=current(), code=alert.last_code, failures=alert.failures)
