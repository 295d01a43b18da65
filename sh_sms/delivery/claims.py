"""The outbox as a work queue: claiming rows, and recording what sending them did.

A row is claimable when it is `queued` and due (`next_attempt_at` passed), or `sending` under an
expired lease (its worker died or hangs), and no earlier row to the same number is still queued or
sending: per recipient, texts leave in the order they were queued (`order` says which rows go
first, and joins a recipient's waiting texts when the sender is behind). PostgreSQL claims with
`FOR UPDATE SKIP LOCKED`, so concurrent workers take disjoint rows without waiting; SQLite's
write lock (BEGIN IMMEDIATE) makes claims one at a time. Either way a claim is a lease, so what a
killed worker held is claimed again once the lease expires: at-least-once delivery.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from ..config import Settings
from ..pool import HOME
from ..store import (
    CANCELLED,
    DELIVERED,
    FAILED,
    PENDING_STATUSES,
    PENDING_WHERE,
    QUEUED,
    SENDING,
    SENT,
    Outbox,
    transaction,
)
from ..store.optouts import stopped_pairs
from ..text.numbers import mask
from . import errors
from .errors import RETRY, Outcome
from .notices import mark_unreachable
from .order import FIFO, join_waiting, next_rows, note_turns
from .rate import Slots, rate_name
from .sender_alerts import report_sender_problem

log = logging.getLogger(__name__)
CLOCK_SKEW = timedelta(seconds=5)  # between our clock and Twilio's (lookup.py)
OPTED_OUT = "opted_out"  # error_code of a row cancelled because its recipient opted out


@dataclass(frozen=True)
class Claim:
    """A row a worker holds: what to send, until when, and the earliest moment to send it."""

    id: int
    to_number: str
    body: str
    attempts: int
    lease_until: datetime
    slot: float | None  # epoch seconds; None: no rate limit
    unsure_since: datetime | None = None  # an earlier attempt may have reached Twilio (lookup.py)
    known_sids: frozenset[str] = frozenset()  # other rows' messages to this number, lately
    critical: bool = False  # it asks its reader to act (a prompt): stale after a while
    line: str = HOME  # the service number it goes from (sh_sms.pool)


def claim(
    engine: Engine,
    settings: Settings,
    worker: str,
    now: datetime,
    limit: int,
    mps: float | None,
    near: bool = False,
) -> list[Claim]:
    """Claim up to `limit` rows (at most one per recipient and service number) for `worker`, in
    `order.next_rows`' order.

    With a send rate (`mps`, segments per second, for a single number; in a pool each number's
    own, `Settings.line_rate`), each row also gets a slot from its number's rate row, as many
    slots as it has segments: the numbers of a pool send side by side, each at its rate, with
    critical texts first and games in turn within each. Rows are chosen shortly before their
    slot (the next slot, or within CLAIM_AHEAD_SECONDS), so a prompt queued meanwhile still goes
    first, and never later than can be sent before the lease runs out. `near`: only slots about
    to come (within CLAIM_AHEAD_SECONDS or the worker's poll), not a number's next slot however
    far: the worker sends a batch before it claims again, so one number's far slot (after a
    5-segment text, 5 s away) would hold every other number's prompts until then. When more
    recipients wait than a number has slots for, each one's waiting texts are joined into one
    (`order.join_waiting`).
    """
    lease_until = now + timedelta(seconds=settings.lease_seconds)
    fair = settings.delivery_order != FIFO
    with transaction(engine) as session:
        if mps is None:
            rows, _ = next_rows(session, now, limit, fair)
            picked = [(row, None) for row in _cancel_opted_out(session, rows, now)]
        else:
            picked = []
            for line in _lines(session, settings):
                if len(picked) >= limit:
                    break
                rate = mps if settings.pool.single else settings.line_rate(line)
                room = limit - len(picked)
                paced = _paced(session, settings, now, lease_until, room, rate, line, near)
                picked.extend(paced)
            picked.sort(key=lambda pair: pair[1])  # numbers side by side: by slot, not by number
        claims = []
        for row, slot in picked:
            if row.status == SENDING:  # its worker died or hung, maybe after Twilio took it
                log.warning("lease_expired id=%s held_by=%s", row.id, row.claimed_by)
                row.unsure_since = row.unsure_since or row.updated_at or now
            row.status, row.claimed_by, row.lease_until = SENDING, worker, lease_until
            row.attempts += 1
            row.updated_at = now
            held = (row.id, row.to_number, row.body, row.attempts, lease_until, slot)
            known = _known_sids(session, row) if row.unsure_since is not None else frozenset()
            unsure = row.unsure_since
            claims.append(
                Claim(*held, unsure, known_sids=known, critical=row.critical, line=row.line)
            )
        return claims


def _lines(session: Session, settings: Settings) -> list[str]:
    """The service numbers' lines with texts waiting, in one order for every worker (their rate
    rows are locked in it, so two workers never wait on each other's); one number: home."""
    if settings.pool.single:
        return [HOME]
    query = select(Outbox.line).where(PENDING_WHERE).distinct()
    return sorted(session.exec(query))


def _paced(
    session: Session,
    settings: Settings,
    now: datetime,
    lease_until: datetime,
    limit: int,
    rate: float,
    line: str,
    near: bool,
) -> list[tuple[Outbox, float]]:
    """Lock and plan up to `limit` rows of `line`, each with its slot under `line`'s rate (only
    slots about to come when `near`)."""
    fair = settings.delivery_order != FIFO
    slots = Slots(session, rate, now.timestamp(), rate_name(line))
    last_start = lease_until.timestamp() - settings.send_timeout_seconds
    soon = now.timestamp() + settings.claim_ahead_seconds
    if near:
        ahead = soon + max(0.0, settings.worker_poll_seconds - settings.claim_ahead_seconds)
    else:
        ahead = max(soon, slots.start + 0.5 / rate)
    until = min(last_start, ahead)
    limit = min(limit, slots.room(until))
    if limit <= 0:
        return []
    only = None if settings.pool.single else line
    rows, ready = next_rows(session, now, limit, fair, only)
    rows = _cancel_opted_out(session, rows, now)
    if fair and ready > slots.room(until):  # the sender, not the worker, is behind
        join_waiting(session, rows, now)
    times = slots.plan([row.segments for row in rows], until)
    rows = rows[: len(times)]  # the others stay queued
    slots.take([row.segments for row in rows])
    if fair:
        note_turns(session, rows, times)
    return list(zip(rows, times, strict=True))


def _known_sids(session: Session, row: Outbox) -> frozenset[str]:
    """The messages Twilio made for this row's earlier neighbours to the same number (since its
    first uncertain attempt, give or take the clocks): a lookup must not take one of them for
    this row's, when it has the same words ("Vote changed to JA.")."""
    since = row.unsure_since - CLOCK_SKEW
    query = select(Outbox.provider_sid).where(
        Outbox.to_number == row.to_number,
        Outbox.id != row.id,
        col(Outbox.provider_sid).is_not(None),
        col(Outbox.sent_at) >= since,
    )
    return frozenset(session.exec(query))


def _cancel_opted_out(session: Session, rows: list[Outbox], now: datetime) -> list[Outbox]:
    """Cancel rows whose recipient opted out (of the service, or of the number the row goes
    from) after they were queued; return the others."""
    if not rows:
        return rows
    opted_out = stopped_pairs(session, {(row.to_number, row.line) for row in rows})
    keep = []
    for row in rows:
        if (row.to_number, row.line) in opted_out:
            row.status, row.error_code, row.updated_at = CANCELLED, OPTED_OUT, now
            row.claimed_by = row.lease_until = None
        else:
            keep.append(row)
    return keep


def record(
    engine: Engine,
    settings: Settings,
    results: list[tuple[Claim, Outcome]],
    worker: str,
    now: datetime,
    rand: Callable[[], float] = random.random,
) -> list[str]:
    """Store what sending each claimed row did, in one transaction; return their new statuses.

    A status callback may have come first (it knows the row from its URL) and a worker whose
    lease expired may find the row taken over; neither is ever moved backwards.
    """
    outcomes = {item.id: outcome for item, outcome in results}
    with transaction(engine) as session:
        query = select(Outbox).where(col(Outbox.id).in_(outcomes)).order_by(col(Outbox.id))
        rows = {row.id: row for row in session.exec(query.with_for_update())}
        for outbox_id, outcome in outcomes.items():
            _record_one(session, settings, rows[outbox_id], outcome, worker, now, rand)
        return [rows[item.id].status for item, _ in results]


def _record_one(
    session: Session,
    settings: Settings,
    row: Outbox,
    outcome: Outcome,
    worker: str,
    now: datetime,
    rand: Callable[[], float],
) -> None:
    ours = row.status == SENDING and row.claimed_by == worker
    if outcome.accepted:
        if ours:
            row.status = DELIVERED if outcome.kind == errors.DELIVERED else SENT
            row.provider_sid, row.sent_at, row.error_code = outcome.sid, now, None
            row.claimed_by = row.lease_until = None
            row.updated_at = now
        elif row.status not in PENDING_STATUSES and row.provider_sid is None:
            row.provider_sid, row.sent_at = outcome.sid, now  # the callback was faster
        log.debug("sent id=%s to=%s sid=%s", row.id, mask(row.to_number), outcome.sid)
    elif ours:
        settle_failure(session, settings, row, outcome, now, rand)


def settle_failure(
    session: Session,
    settings: Settings,
    row: Outbox,
    outcome: Outcome,
    now: datetime,
    rand: Callable[[], float] = random.random,
    final: str = FAILED,
) -> None:
    """A send failed: queue it again after a backoff if transient and attempts remain, else give
    it up (status `final`); a permanent failure that is the number's fault marks it unreachable."""
    if outcome.code == errors.NETWORK and row.unsure_since is None:
        row.unsure_since = row.updated_at or now  # no answer: Twilio may have it all the same
    row.claimed_by = row.lease_until = None
    row.error_code = outcome.code
    row.updated_at = now
    if outcome.kind == RETRY and row.attempts < settings.max_attempts:
        delay = backoff(row.attempts, settings.retry_base_seconds, settings.retry_max_seconds, rand)
        if outcome.slow_down:  # Twilio's own queue is full: seconds would not be enough
            delay = max(delay, errors.SLOW_DOWN_SECONDS * (1 + rand()))
        row.status, row.provider_sid = QUEUED, None
        row.next_attempt_at = now + timedelta(seconds=delay)
        log.warning(
            "send_retry id=%s to=%s code=%s attempt=%s in=%.1fs",
            row.id, mask(row.to_number), outcome.code, row.attempts, delay,
        )  # fmt: skip
        return
    row.status = final
    log.error(
        "send_failed id=%s to=%s code=%s attempts=%s",
        row.id, mask(row.to_number), outcome.code, row.attempts,
    )  # fmt: skip
    if outcome.unreachable:
        line = settings.pool.stop_line(row.line) if outcome.opted_out else None
        mark_unreachable(session, row.to_number, now, opted_out=outcome.opted_out, line=line)
    if outcome.sender:
        report_sender_problem(session, row, now)


def release(engine: Engine, item: Claim, worker: str, now: datetime) -> None:
    """Give back a claimed row that was not sent (the worker is stopping), as it was."""
    with transaction(engine) as session:
        row = session.exec(select(Outbox).where(Outbox.id == item.id).with_for_update()).one()
        if row.status == SENDING and row.claimed_by == worker:
            row.status, row.claimed_by, row.lease_until = QUEUED, None, None
            row.attempts = max(0, row.attempts - 1)
            row.updated_at = now


def backoff(attempts: int, base: float, cap: float, rand: Callable[[], float]) -> float:
    """Seconds before attempt `attempts + 1`: base * 2^(attempts-1), capped, then jittered into
    its upper half, so failed messages do not all come back at the same moment."""
    delay = min(cap, base * 2 ** max(0, attempts - 1))
    return delay * (0.5 + rand() / 2)
