"""The dead-letter table: inbound texts kept whole because they could not be applied at once.

A `pending` letter waits to be tried again, and only after every earlier pending letter of the
same sender: per sender, texts are applied in the order they came. A `failed` letter broke the
code rather than the database; it stays for an operator to see and is never tried again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, exists, func, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from .db import insert_new, transaction
from .models import LETTER_FAILED, LETTER_PENDING, DeadLetter


@dataclass(frozen=True)
class Letter:
    """A dead letter as read (detached from any session)."""

    id: int
    sid: str
    number: str
    body: str
    opt_out_type: str | None
    attempts: int
    media: int = 0  # pictures the text carried (an MMS)
    to: str | None = None  # the service number it was sent to


@dataclass(frozen=True)
class LetterCounts:
    """What an operator wants to know: texts waiting to be applied, texts that broke the code."""

    pending: int
    failed: int
    oldest_pending: datetime | None


def _letter(row: DeadLetter) -> Letter:
    return Letter(
        row.id, row.sid, row.number, row.body, row.opt_out_type, row.attempts, row.media,
        row.to_number,
    )  # fmt: skip


def keep(
    session: Session,
    *,
    sid: str,
    number: str,
    body: str,
    opt_out_type: str | None,
    status: str,
    error: str | None,
    now: datetime,
    media: int = 0,
    to: str | None = None,
) -> None:
    """Keep a text (once per sid: a second copy of a kept text changes nothing, except that a
    text found to break the code is marked `failed`)."""
    values = {
        "sid": sid,
        "number": number,
        "body": body,
        "opt_out_type": opt_out_type,
        "media": media,
        "to_number": to,
        "status": status,
        "attempts": 0,
        "error": error,
        "received_at": now,
        "next_attempt_at": now,
        "updated_at": now,
    }
    if not insert_new(session, DeadLetter, values) and status == LETTER_FAILED:
        mark(session, sid, status=LETTER_FAILED, error=error, now=now)


def mark(
    session: Session,
    sid: str,
    *,
    status: str,
    error: str | None,
    now: datetime,
    next_attempt_at: datetime | None = None,
    tried: bool = False,
) -> None:
    """Record what trying a letter again did: its status, error, next try and attempt count."""
    values = {"status": status, "error": error, "updated_at": now}
    if next_attempt_at is not None:
        values["next_attempt_at"] = next_attempt_at
    if tried:
        values["attempts"] = DeadLetter.attempts + 1
    session.connection().execute(update(DeadLetter).where(DeadLetter.sid == sid).values(**values))


def forget(engine: Engine, sid: str) -> None:
    """Drop a letter that has been applied (or found already applied)."""
    with transaction(engine) as session:
        row = session.exec(select(DeadLetter).where(DeadLetter.sid == sid)).first()
        if row is not None:
            session.delete(row)


def pending_for(engine: Engine, number: str) -> list[Letter]:
    """The sender's pending letters, oldest first (due or not)."""
    with transaction(engine) as session:
        query = (
            select(DeadLetter)
            .where(DeadLetter.number == number, DeadLetter.status == LETTER_PENDING)
            .order_by(col(DeadLetter.id))
        )
        return [_letter(row) for row in session.exec(query)]


def claim_due(engine: Engine, now: datetime, lease_seconds: float, limit: int) -> list[Letter]:
    """The oldest pending letter of each sender whose next try is due, at most `limit` of them,
    each put out of other workers' reach for `lease_seconds` (they skip locked rows meanwhile)."""
    earlier = aliased(DeadLetter)
    waiting = exists().where(
        earlier.number == DeadLetter.number,
        earlier.id < DeadLetter.id,
        earlier.status == LETTER_PENDING,
    )
    due = and_(
        DeadLetter.status == LETTER_PENDING, col(DeadLetter.next_attempt_at) <= now, ~waiting
    )
    with transaction(engine) as session:
        query = select(DeadLetter).where(due).order_by(col(DeadLetter.id)).limit(limit)
        rows = list(session.exec(query.with_for_update(skip_locked=True, of=DeadLetter)))
        for row in rows:
            row.next_attempt_at = now + timedelta(seconds=lease_seconds)
        return [_letter(row) for row in rows]


def counts(engine: Engine) -> LetterCounts:
    """How many letters are pending and failed, and when the oldest pending one came in."""
    with transaction(engine) as session:
        query = select(DeadLetter.status, func.count(), func.min(DeadLetter.received_at))
        found = {
            status: (n, oldest)
            for status, n, oldest in session.exec(query.group_by(DeadLetter.status))
        }
    pending, oldest = found.get(LETTER_PENDING, (0, None))
    return LetterCounts(pending, found.get(LETTER_FAILED, (0, None))[0], oldest)
