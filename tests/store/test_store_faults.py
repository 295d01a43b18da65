"""Which database errors are retried: real ones, raised by PostgreSQL and SQLite, and the retry
policy's bounds. Plus the log fields that cannot forge a line."""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlmodel import Session

from sh_sms.ops.logsafe import field
from sh_sms.store import Inbound, make_engine, transaction
from sh_sms.store.faults import RetryPolicy, describe, is_transient, retrying

WAIT = 20


def error_of(work) -> BaseException:
    with pytest.raises(Exception) as caught:
        work()
    return caught.value


@pytest.fixture
def pg(request: pytest.FixtureRequest):
    """An engine on this worker's emptied PostgreSQL test database (PostgreSQL's own errors)."""
    url, owner = request.getfixturevalue("_postgres_database")
    with owner.begin() as conn:
        conn.execute(text("TRUNCATE TABLE inbound"))
    engine = make_engine(url)
    yield engine, url
    engine.dispose()


@pytest.mark.postgres
def test_a_connection_killed_by_the_server_is_transient(pg):
    db_engine, database_url = pg
    admin = create_engine(database_url, isolation_level="AUTOCOMMIT")

    def killed():
        with db_engine.connect() as conn:
            pid = conn.connection.dbapi_connection.info.backend_pid
            with admin.connect() as other:
                other.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
            conn.execute(text("SELECT 1"))

    error = error_of(killed)
    admin.dispose()
    assert isinstance(error, OperationalError) and error.connection_invalidated
    assert is_transient(error)
    assert "AdminShutdown[57P01]" in describe(error)
    with db_engine.connect() as conn:  # the pool hands out a fresh connection
        assert conn.execute(text("SELECT 1")).scalar() == 1


@pytest.mark.parametrize(
    ("setup", "state"),
    [("SET LOCAL lock_timeout = '50ms'", "55P03"), ("SET LOCAL statement_timeout = '50ms'", None)],
)
@pytest.mark.postgres
def test_a_lock_timeout_is_transient(pg, setup, state):
    """A row locked by another transaction: lock_timeout (55P03) is a transient fault; a
    statement_timeout (57014, a query too slow) is not retried."""
    db_engine, _url = pg
    with transaction(db_engine) as session:
        session.add(Inbound(sid="SMlocked", number="+1", received_at=datetime.now(UTC)))
    holder_locked, release = threading.Event(), threading.Event()

    def holder():
        with db_engine.begin() as conn:
            conn.execute(text("SELECT * FROM inbound WHERE sid = 'SMlocked' FOR UPDATE"))
            holder_locked.set()
            release.wait(WAIT)

    thread = threading.Thread(target=holder)
    thread.start()
    try:
        assert holder_locked.wait(WAIT)

        def blocked():
            with db_engine.begin() as conn:
                conn.execute(text(setup))
                conn.execute(text("SELECT * FROM inbound WHERE sid = 'SMlocked' FOR UPDATE"))

        error = error_of(blocked)
    finally:
        release.set()
        thread.join(WAIT)
    assert is_transient(error) is (state == "55P03")


@pytest.mark.postgres
def test_a_serialization_failure_is_transient(pg):
    db_engine, _url = pg
    with transaction(db_engine) as session:
        session.add(Inbound(sid="SMser", number="+1", received_at=datetime.now(UTC)))
    with db_engine.connect() as first, db_engine.connect() as second:
        first.execute(text("BEGIN ISOLATION LEVEL REPEATABLE READ"))
        first.execute(text("SELECT * FROM inbound"))
        second.execute(text("UPDATE inbound SET number = '+2' WHERE sid = 'SMser'"))
        second.commit()
        error = error_of(
            lambda: first.execute(text("UPDATE inbound SET number = '+3' WHERE sid = 'SMser'"))
        )
        first.rollback()
    assert is_transient(error) and "40001" in describe(error)


def test_a_concurrent_unique_violation_is_transient_on_postgresql_only(db_engine):
    with transaction(db_engine) as session:
        session.add(Inbound(sid="SMdup", number="+1", received_at=datetime.now(UTC)))

    def again():
        with transaction(db_engine) as session:
            session.add(Inbound(sid="SMdup", number="+1", received_at=datetime.now(UTC)))

    error = error_of(again)
    assert isinstance(error, IntegrityError)
    # On PostgreSQL a unique violation comes from a concurrent insert that a second run sees; on
    # SQLite whole transactions run one at a time, so it is a bug and is not retried.
    assert is_transient(error) is (db_engine.dialect.name == "postgresql")


def test_a_locked_sqlite_database_is_transient_and_a_bug_is_not(db_engine):
    locked = OperationalError("SELECT 1", {}, sqlite3.OperationalError("database is locked"))
    assert is_transient(locked)
    assert is_transient(sqlite3.OperationalError("database is locked"))
    assert not is_transient(sqlite3.OperationalError("no such table: nowhere"))
    with Session(db_engine) as session:
        wrong = error_of(lambda: session.exec(text("SELECT * FROM nowhere")))
    assert isinstance(wrong, OperationalError | ProgrammingError)
    assert not is_transient(wrong)
    assert not is_transient(ZeroDivisionError())


def test_retrying_runs_again_a_bounded_number_of_times_with_jittered_pauses():
    pauses: list[float] = []
    runs: list[int] = []
    policy = RetryPolicy(attempts=4, base_seconds=0.1, cap_seconds=0.25, sleep=pauses.append)
    locked = sqlite3.OperationalError("database is locked")

    def always_locked():
        runs.append(1)
        raise locked

    assert error_of(lambda: retrying(always_locked, policy, "test")) is locked
    assert len(runs) == 4 and len(pauses) == 3
    for pause, full in zip(pauses, [0.1, 0.2, 0.25], strict=True):
        assert full / 2 <= pause <= full

    runs.clear()
    assert isinstance(error_of(lambda: retrying(lambda: 1 / 0, policy, "test")), ZeroDivisionError)

    outcomes = iter([locked, locked, "done"])

    def twice_locked():
        outcome = next(outcomes)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    assert retrying(twice_locked, RetryPolicy(sleep=lambda _s: None), "test") == "done"


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, "-"),
        ("SMabc123", "SMabc123"),
        ("SM\n+15550100001 forged=1", "SM\\x0a+1******0001\\x20forged\\x3d1"),
        ("\x00\x1b[31m", "\\x00\\x1b\\x5b31m"),
        ("x" * 70, "x" * 64 + "...(70)"),
    ],
)
def test_a_log_field_is_escaped_bounded_and_masked(value, shown):
    assert field(value) == shown
