"""Which outbox rows go next, and which waiting texts go together.

- Per recipient, texts leave in the order they were queued: only a recipient's oldest pending row
  (its head) may be claimed, and only when it is due (or its lease expired).
- A head is *urgent* when any pending row to its recipient is critical (asks them to act): the
  informing texts queued before a prompt go right before it, and no recipient's queue is jumped.
- Urgent heads go first. Within each class games take turns: in one claim each game's first head,
  then each game's second, ...; across claims the game whose last slot is oldest goes first
  (`send_turns`); then oldest row first. Nothing is dropped: informing rows only wait.
- `FIFO` (DELIVERY_ORDER=fifo): oldest head first, as the outbox worked before; kept to compare.

Only pending rows are read (through the partial index `ix_outbox_pending`), never the history.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime
from functools import cache

from sqlalchemy import and_, bindparam, case, func, or_
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from ..store import JOINED, PENDING_WHERE, QUEUED, SENDING, Outbox, SendTurn
from ..text.gsm import segments
from ..text.messages import SMS_MAX

log = logging.getLogger(__name__)
FIFO = "fifo"


def due(table, now):
    """Rows a worker may take at `now`: queued and due, or sending under an expired lease."""
    waited = or_(col(table.next_attempt_at).is_(None), col(table.next_attempt_at) <= now)
    expired = and_(table.status == SENDING, col(table.lease_until) < now)
    return or_(and_(table.status == QUEUED, waited), expired)


@cache
def heads_query(fair: bool, by_line: bool = False):
    """The statement behind `next_rows`, built once (parameters: `now`, `limit`, and with
    `by_line` the `line` whose rows alone it reads: each service number is its own thread on
    a phone, so a recipient's order is kept per number and numbers never wait on each other)."""
    now = bindparam("now", type_=Outbox.__table__.c.lease_until.type)
    where = [PENDING_WHERE]
    if by_line:
        where.append(Outbox.line == bindparam("line"))
    pending = (
        select(
            Outbox.id,
            Outbox.game_id,
            Outbox.status,
            Outbox.next_attempt_at,
            Outbox.lease_until,
            func.min(Outbox.id).over(partition_by=Outbox.to_number).label("head"),
            func.max(case((col(Outbox.critical), 1), else_=0))
            .over(partition_by=Outbox.to_number)
            .label("urgent"),
        )
        .where(*where)
        .subquery("pending")
    )
    game = func.coalesce(pending.c.game_id, 0)
    ready = (
        select(
            pending.c.id,
            pending.c.urgent,
            func.row_number()
            .over(partition_by=(pending.c.urgent, game), order_by=pending.c.id)
            .label("turn"),
            func.count().over().label("ready"),
        )
        .where(pending.c.id == pending.c.head, due(pending.c, now))
        .subquery("ready")
    )
    query = select(Outbox, ready.c.ready).join(ready, ready.c.id == Outbox.id)
    if fair:
        served = SendTurn.game_id == func.coalesce(Outbox.game_id, 0)
        query = query.outerjoin(SendTurn, served).order_by(
            ready.c.urgent.desc(), ready.c.turn, func.coalesce(SendTurn.served_at, 0.0), ready.c.id
        )
    else:
        query = query.order_by(ready.c.id)
    # The conditions again on the locked row: another worker may have claimed it meanwhile.
    query = query.where(due(Outbox, now)).limit(bindparam("limit"))
    return query.with_for_update(skip_locked=True, of=Outbox)


def next_rows(
    session: Session, now: datetime, limit: int, fair: bool, line: str | None = None
) -> tuple[list[Outbox], int]:
    """Lock up to `limit` heads in the order they should go (`fair`: critical first, games in
    turn; else oldest first), of one service number's `line` when given; also return how many
    heads are ready in all."""
    params = {"now": now, "limit": limit}
    if line is not None:
        params["line"] = line
    found = session.exec(heads_query(fair, line is not None), params=params).all()
    return [row for row, _ in found], (found[0][1] if found else 0)


def join_waiting(session: Session, heads: list[Outbox], now: datetime) -> None:
    """Append to each never-tried head the texts queued after it to the same number from the
    same service number, in order, while they fit one message (1,600 characters) and cost no
    extra segment. An urgent head
    takes no informing text queued after the last critical one: those wait their turn."""
    heads = [h for h in heads if h.status == QUEUED and h.attempts == 0]
    if not heads:
        return
    by_number = {h.to_number: h for h in heads}
    query = (
        select(Outbox)
        .where(PENDING_WHERE, col(Outbox.to_number).in_(by_number))
        .where(col(Outbox.id) > min(h.id for h in heads))
        .order_by(col(Outbox.to_number), col(Outbox.id))
    )
    after: dict[str, list[Outbox]] = defaultdict(list)
    for row in session.exec(query.with_for_update()):
        if row.id > by_number[row.to_number].id:
            after[row.to_number].append(row)
    for head in heads:
        _join(head, after[head.to_number], now)


def _join(head: Outbox, later: list[Outbox], now: datetime) -> None:
    critical = [i for i, row in enumerate(later) if row.critical]
    if critical or head.critical:
        later = later[: critical[-1] + 1] if critical else []
    joined = []
    for row in later:
        if row.status != QUEUED or row.attempts or row.next_attempt_at is not None:
            break  # never join across a row that was tried (or is out on a lease)
        if row.line != head.line:
            break  # nor across a text from another service number: another thread
        body = f"{head.body}\n{row.body}"
        cost = segments(body)
        if len(body) > SMS_MAX or cost > head.segments + row.segments:
            break
        head.body, head.segments = body, cost
        head.critical = head.critical or row.critical
        row.status, row.joined_into, row.updated_at = JOINED, head.id, now
        joined.append(row.id)
    if joined:
        head.updated_at = now
        log.info("joined id=%s rows=%s segments=%s", head.id, joined, head.segments)


def note_turns(session: Session, rows: list[Outbox], times: list[float]) -> None:
    """Record, per game, the latest slot its rows just took (games take turns by it)."""
    served: dict[int, float] = {}
    for row, at in zip(rows, times, strict=True):
        game = row.game_id or 0
        served[game] = max(at, served.get(game, at))
    if not served:
        return
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    values = [{"game_id": g, "served_at": t} for g, t in sorted(served.items())]
    insert = dialect.insert(SendTurn).values(values)
    session.exec(
        insert.on_conflict_do_update(
            index_elements=["game_id"], set_={"served_at": insert.excluded.served_at}
        )
    )
