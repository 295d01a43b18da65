"""Retention: the sent texts of games finished long ago, old inbound ids and the counters of
old limit windows are deleted.

A finished game's outbox rows (sent, delivered, failed, cancelled, joined: never one still
queued or sending) go RETENTION_DAYS after the game finished; rows outside any game go that long
after they were queued; an inbound MessageSid that old can no longer be retried by Twilio. The
game itself, its players and its event log stay: the board and the log of an old game still work.
Deletes go in small batches, each its own transaction, rows locked with SKIP LOCKED, so two
workers pruning at once neither wait for nor deadlock with each other or with live traffic.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import delete, not_, or_, select
from sqlalchemy.engine import Engine
from sqlmodel import col

from .db import transaction
from .models import ENDED, OVER, Allowance, Game, Inbound
from .sending import PENDING_STATUSES, Outbox, SendTurn

log = logging.getLogger(__name__)
BATCH = 5000  # rows per transaction
MAX_BATCHES = 200  # per run: a large backlog is worked off over several runs


def prune(engine: Engine, now: datetime, days: int, batch: int = BATCH) -> dict[str, int]:
    """Delete what is older than `days` at `now`; return how many rows of each table went."""
    cutoff = now - timedelta(days=days)
    finished = select(Game.id).where(
        col(Game.status).in_((OVER, ENDED)), col(Game.updated_at) < cutoff
    )
    old_rows = (
        select(Outbox.id)
        .where(not_(col(Outbox.status).in_(PENDING_STATUSES)))
        .where(
            or_(
                col(Outbox.game_id).in_(finished),
                col(Outbox.game_id).is_(None) & (col(Outbox.created_at) < cutoff),
            )
        )
    )
    counts = {
        "outbox": _in_batches(engine, Outbox, col(Outbox.id), old_rows, batch),
        "inbound": _in_batches(
            engine,
            Inbound,
            col(Inbound.sid),
            select(Inbound.sid).where(col(Inbound.received_at) < cutoff),
            batch,
        ),
        "allowances": _in_batches(  # counters of the limits whose window began long ago
            engine,
            Allowance,
            col(Allowance.key),
            select(Allowance.key).where(col(Allowance.window_start) < cutoff.timestamp()),
            batch,
        ),
        "send_turns": _in_batches(
            engine,
            SendTurn,
            col(SendTurn.game_id),
            select(SendTurn.game_id).where(col(SendTurn.game_id).in_(finished)),
            batch,
        ),
    }
    if any(counts.values()):
        log.info(
            "retention_pruned days=%s %s", days, " ".join(f"{k}={v}" for k, v in counts.items())
        )
    return counts


def _in_batches(engine: Engine, model, key, rows, batch: int) -> int:
    """Delete the rows `rows` selects (by `key`), `batch` at a time; return how many went."""
    chosen = rows.order_by(key).limit(batch).with_for_update(skip_locked=True)
    total = 0
    for _ in range(MAX_BATCHES):
        with transaction(engine) as session:
            done = session.execute(delete(model).where(key.in_(chosen.scalar_subquery()))).rowcount
        total += done
        if done < batch:
            break
    return total
