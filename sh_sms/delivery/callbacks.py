"""Twilio status callbacks: each moves one outbox row on, never backwards.

Twilio posts `MessageSid`, `MessageStatus` (queued, sending, sent, delivered, undelivered,
failed, ...) and, on failure, `ErrorCode`. Callbacks can arrive out of order, and before the
worker has stored the SID; the row's id in the callback URL finds it either way. It also finds a
row whose send timed out although Twilio created the message: that row is then not sent again.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from datetime import datetime

from sqlalchemy.engine import Engine
from sqlmodel import select

from ..config import Settings
from ..store import DELIVERED, FAILED, QUEUED, SENDING, SENT, UNDELIVERED, Outbox, transaction
from ..text.numbers import mask
from .claims import settle_failure
from .errors import classify
from .notices import mark_reachable

log = logging.getLogger(__name__)

# Twilio's message statuses -> ours. Anything before `delivered` means Twilio has it: `sent`.
TWILIO_STATUSES = {
    "accepted": SENT,
    "scheduled": SENT,
    "queued": SENT,
    "sending": SENT,
    "sent": SENT,
    "delivered": DELIVERED,
    "read": DELIVERED,
    "undelivered": UNDELIVERED,
    "failed": FAILED,
    "canceled": FAILED,
}
_RANK = {SENDING: 0, SENT: 1, DELIVERED: 2, UNDELIVERED: 2, FAILED: 2}


def apply_status(
    engine: Engine,
    settings: Settings,
    *,
    outbox_id: int | None,
    sid: str,
    status: str,
    error_code: str | None,
    now: datetime,
    rand: Callable[[], float] = random.random,
) -> bool:
    """Apply one status callback; False when no row matches (unknown, or a stale attempt's SID).

    A failure is settled like a failed send: a transient one (30003, ...) is queued again while
    attempts remain, a permanent one fails the row and may mark the number unreachable. A
    delivery shows the number is reachable after all.
    """
    ours = TWILIO_STATUSES.get(status.strip().lower())
    with transaction(engine) as session:
        row = _find(session, outbox_id, sid)
        if row is not None and _timed_out_but_sent(row, ours):
            row.status, row.provider_sid, row.sent_at = ours, sid, now
            row.error_code = row.next_attempt_at = None
            row.updated_at = now
            log.info("status id=%s: the timed-out send reached Twilio, not sent again", row.id)
            return True
        if row is None or row.status not in _RANK:  # queued again (or never sent): stale
            return False
        if row.provider_sid is None:
            row.provider_sid = sid
        if ours is None or _RANK[ours] <= _RANK[row.status]:
            return True  # unknown, or not news
        if ours in (UNDELIVERED, FAILED):
            settle_failure(session, settings, row, classify(error_code), now, rand, final=ours)
            log.warning(
                "status id=%s to=%s twilio=%s code=%s now=%s",
                row.id, mask(row.to_number), status, error_code, row.status,
            )  # fmt: skip
            return True
        row.status, row.claimed_by, row.lease_until = ours, None, None
        row.updated_at = now
        if ours == DELIVERED:
            mark_reachable(session, row.to_number, row.id)
        return True


def _timed_out_but_sent(row: Outbox, ours: str | None) -> bool:
    """A row waiting to be retried after an attempt whose outcome was unknown (no answer from
    Twilio, or its worker died), which Twilio did create. Whatever later attempts got (a 429,
    a 500) does not matter: this callback proves the text went out."""
    return (
        row.status == QUEUED
        and row.unsure_since is not None
        and row.provider_sid is None
        and ours in (SENT, DELIVERED)
    )


def _find(session, outbox_id: int | None, sid: str) -> Outbox | None:
    """The row a callback is about, locked: by id from the URL if given, else by SID."""
    query = select(Outbox).with_for_update()
    if outbox_id is not None:
        row = session.exec(query.where(Outbox.id == outbox_id)).first()
        if row is not None and row.provider_sid not in (None, sid):
            return None  # a callback about an earlier attempt of a row sent again
        return row
    return session.exec(query.where(Outbox.provider_sid == sid)).first()
