"""The claim reads only pending rows, through the partial index `ix_outbox_pending`: with a long
history of sent texts and a few waiting ones, the database's own plan (EXPLAIN, after ANALYZE)
must use that index and never scan the whole outbox. Fails when the claim stops using it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from delivery_helpers import START, number
from sqlalchemy import insert, text

from sh_sms.delivery.order import heads_query
from sh_sms.store import DELIVERED, QUEUED, Outbox

HISTORY = 40_000  # sent rows: a few weeks of a busy service, enough for any planner to care
WAITING = 30


def fill(engine) -> None:
    """A long sent history over many numbers and games, then a few rows waiting to go."""
    old = START - timedelta(days=3)
    rows = [
        {
            "to_number": number(i % 5000),
            "body": "sent long ago",
            "game_id": i % 4000,
            "status": DELIVERED,
            "segments": 1,
            "critical": False,
            "attempts": 1,
            "created_at": old,
        }
        for i in range(HISTORY)
    ]
    rows += [
        {
            "to_number": number(i % 20),
            "body": "waiting",
            "game_id": i % 7,
            "status": QUEUED,
            "segments": 1,
            "critical": i % 3 == 0,
            "attempts": 0,
            "created_at": START,
        }
        for i in range(WAITING)
    ]
    with engine.begin() as conn:
        conn.execute(insert(Outbox), rows)
        conn.exec_driver_sql("ANALYZE")


def plan(engine, fair: bool) -> str:
    """The database's plan for one claim, as text."""
    compiled = heads_query(fair).compile(dialect=engine.dialect)
    params = compiled.construct_params({"now": START, "limit": 20})
    sql = str(compiled)
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            lines = conn.exec_driver_sql("EXPLAIN " + sql, params).scalars()
        else:
            values = tuple(params[name] for name in compiled.positiontup)
            lines = (r[-1] for r in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + sql, values))
        return "\n".join(lines)


@pytest.mark.parametrize("fair", [True, False], ids=["critical", "fifo"])
def test_the_claim_reads_pending_rows_through_their_index(db_engine, fair):
    fill(db_engine)
    shown = plan(db_engine, fair)
    assert "ix_outbox_pending" in shown, shown
    assert full_scans_of_the_outbox(shown) == [], shown


def full_scans_of_the_outbox(shown: str) -> list[str]:
    """Plan lines that read the whole outbox table (PostgreSQL's or SQLite's wording)."""
    lines = [line.strip(" ->") for line in shown.splitlines()]
    return [
        line
        for line in lines
        if line.startswith("Seq Scan on outbox")
        or (line.startswith("SCAN outbox") and "USING" not in line)
    ]


def test_the_index_holds_only_pending_rows(db_engine):
    fill(db_engine)
    with db_engine.connect() as conn:
        if db_engine.dialect.name == "postgresql":
            count = "SELECT count(*) FROM outbox WHERE status IN ('queued', 'sending')"
            size = conn.execute(text("SELECT pg_relation_size('ix_outbox_pending')")).scalar()
            whole = conn.execute(text("SELECT pg_relation_size('ix_outbox_to_number')")).scalar()
            assert size * 10 < whole  # a few waiting rows, not the history
        else:
            count = "SELECT count(*) FROM outbox INDEXED BY ix_outbox_pending WHERE " + (
                "status IN ('queued', 'sending')"
            )
        assert conn.execute(text(count)).scalar() == WAITING
