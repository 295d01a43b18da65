"""Database engines and the one-transaction-per-text unit of work."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, event, exists, func
from sqlalchemy import select as sa_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, create_engine, select

from .models import LETTER_PENDING, Contact, DeadLetter, Game, Inbound
from .sending import Outbox

# What recording an inbound MessageSid found (`record_inbound`).
NEW = "new"  # recorded now: apply the text
DUPLICATE = "duplicate"  # recorded before (a retry, or a concurrent copy that committed first)
HELD = "held"  # the sender has earlier texts kept as pending dead letters: they go first

# A server that does not answer, or a game lock held by a stuck transaction, fails the attempt
# within seconds (both count as transient, store/faults.py), so a text is retried and, failing
# that, answered 503 for Twilio's fallback well inside its 15-second wait (REQUEST_BUDGET_SECONDS),
# instead of hanging the request until gunicorn kills it. libpq's connect timeout is whole
# seconds, 2 at least.
PG_LOCK_WAIT_SECONDS = 3.0
PG_CONNECT_TIMEOUT_SECONDS = 3
SQLITE_BUSY_SECONDS = 30.0  # a laptop's processes share one file: waiting long is harmless
SQLITE_POLL_SECONDS = 0.0002  # how often a text waiting for SQLite's write lock tries again


def _polled(statement: Callable[[], object], wait: float) -> None:
    """Run a statement that takes SQLite's lock, trying again while the database is locked,
    for at most `wait` seconds (then the error goes up, a transient one: store/faults.py)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            statement()
            return
        except sqlite3.OperationalError as error:
            if not str(error).startswith("database is locked") or time.monotonic() > deadline:
                raise
        time.sleep(SQLITE_POLL_SECONDS)


def make_engine(url: str, lock_wait_seconds: float | None = None) -> Engine:
    """Create an engine; SQLite gets WAL and immediate write transactions, its lock polled.

    `lock_wait_seconds`: the longest one statement waits for a lock (PostgreSQL's lock_timeout,
    SQLite's polled write lock) before it fails as a transient error; the web app passes
    DB_LOCK_WAIT_SECONDS, so that a text's request stays inside its budget.
    Errors never quote the statement's parameters: they are players' numbers and words, and
    errors end up in logs.
    """
    if not url.startswith("sqlite"):
        wait = PG_LOCK_WAIT_SECONDS if lock_wait_seconds is None else lock_wait_seconds
        limits = {
            "connect_timeout": max(2, min(PG_CONNECT_TIMEOUT_SECONDS, round(wait))),
            "options": f"-c lock_timeout={max(1, round(wait * 1000))}ms",
        }
        return create_engine(url, pool_pre_ping=True, hide_parameters=True, connect_args=limits)
    wait = lock_wait_seconds or SQLITE_BUSY_SECONDS
    # SQLite's own busy handler sleeps 1, 2, 5, 10... ms between tries, while a text holds the
    # write lock for about one: two web processes then spent more time asleep than working.
    # Its timeout is 0 here and the write lock is polled every SQLITE_POLL_SECONDS instead.
    engine = create_engine(
        url, connect_args={"check_same_thread": False, "timeout": 0}, hide_parameters=True
    )

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn, _record) -> None:
        dbapi_conn.isolation_level = None  # let SQLAlchemy's BEGIN below decide
        if ":memory:" not in url and url != "sqlite://":
            _polled(lambda: dbapi_conn.execute("PRAGMA journal_mode=WAL"), wait)
        dbapi_conn.execute("PRAGMA foreign_keys=ON")

    @event.listens_for(engine, "begin")
    def _begin(conn) -> None:
        # Take the write lock at the start, so two texts for one game run one after the other.
        # On the DB-API connection: the lock's tries are not statements of the text.
        dbapi_conn = conn.connection.dbapi_connection
        _polled(lambda: dbapi_conn.execute("BEGIN IMMEDIATE"), wait)

    return engine


@contextmanager
def transaction(engine: Engine) -> Iterator[Session]:
    """One unit of work: commit when the block ends normally, roll back on any error."""
    with Session(engine, expire_on_commit=False) as session, session.begin():
        yield session


def insert_new(session: Session, model: type[SQLModel], values: dict) -> bool:
    """Insert a row unless one of its unique keys is taken; whether it was inserted.

    Against a concurrent transaction inserting the same key, the insert waits for that one and
    then does nothing (ON CONFLICT DO NOTHING), where a plain insert would fail.
    """
    if session.get_bind().dialect.name == "postgresql":
        insert = postgresql.insert(model).values(**values).on_conflict_do_nothing()
        key = model.__table__.primary_key.columns.values()[0]
        # psycopg reports no rowcount for it (-1): ask for the inserted key instead.
        return session.connection().execute(insert.returning(key)).first() is not None
    insert = sqlite.insert(model).values(**values).on_conflict_do_nothing()
    return session.connection().execute(insert).rowcount == 1


def record_sid(session: Session, sid: str, number: str, now: datetime) -> bool:
    """Record an inbound MessageSid; False when it is already recorded (also when a concurrent
    request recorded it first: see `insert_new`)."""
    return insert_new(session, Inbound, {"sid": sid, "number": number, "received_at": now})


def _sender_waits():
    """Whether the sender (`:number`) has texts kept as pending dead letters (an indexed probe)."""
    return exists().where(
        DeadLetter.number == bindparam("number"), DeadLetter.status == LETTER_PENDING
    )


def _earlier_texts():
    """How many other texts the sender (`:number`) sent since `:since` (an indexed count)."""
    return (
        sa_select(func.count())
        .where(
            Inbound.number == bindparam("number"),
            Inbound.received_at >= bindparam("since"),
            Inbound.sid != bindparam("sid"),
        )
        .scalar_subquery()
    )


def _chosen_language():
    """The language the sender (`:number`) chose, if any (a primary-key probe)."""
    return sa_select(Contact.lang).where(Contact.number == bindparam("number")).scalar_subquery()


def _record_statements(dialect) -> dict[bool, object]:
    insert = dialect.insert(Inbound).values(
        sid=bindparam("sid"), number=bindparam("number"), received_at=bindparam("now")
    )
    insert = insert.on_conflict_do_nothing()
    earlier = _earlier_texts().label("earlier")
    lang = _chosen_language().label("lang")
    return {
        False: insert.returning(Inbound.sid, earlier, lang),
        True: insert.returning(_sender_waits().label("waits"), earlier, lang),
    }


# Built once: the hot path neither constructs them nor computes their cache keys again.
RECORD = {"postgresql": _record_statements(postgresql), "sqlite": _record_statements(sqlite)}
SENDER_WAITS = sa_select(_sender_waits())


@dataclass(frozen=True)
class Recorded:
    """What recording an inbound text found (NEW, DUPLICATE or HELD), and how many other texts
    its sender sent since the time asked about (0 for a text without a MessageSid), and the
    language the sender chose (read in the same statement)."""

    found: str
    earlier: int = 0
    language: tuple[str | None] | None = None  # (the language the sender chose,), if read


def record_inbound(
    session: Session, sid: str | None, number: str, now: datetime, *, in_line: bool, since=None
) -> Recorded:
    """Record an inbound text's MessageSid (when it has one); with `in_line`, also ask, in the
    same statement, whether texts of the same sender are kept as pending dead letters; and, in
    the same statement again, count the sender's other texts since `since` (default: `now`).

    DUPLICATE: the sid was recorded already (a concurrent copy included: see `insert_new`).
    HELD (only with `in_line`): earlier texts of the sender wait; roll back and apply them first.
    NEW: apply this text now.
    """
    conn = session.connection()
    if sid is None:
        waits = in_line and conn.execute(SENDER_WAITS, {"number": number}).scalar()
        return Recorded(HELD if waits else NEW)
    params = {"sid": sid, "number": number, "now": now, "since": since or now}
    row = conn.execute(RECORD[conn.dialect.name][in_line], params).first()
    if row is None:
        return Recorded(DUPLICATE)
    return Recorded(HELD if in_line and row[0] else NEW, row[1], (row[2],))


def lock_game(session: Session, game_id: int) -> Game | None:
    """Load a game row for update (`SELECT ... FOR UPDATE`; SQLite already holds the lock)."""
    return session.exec(select(Game).where(Game.id == game_id).with_for_update()).first()


def outbox_after(session: Session, after: int, limit: int | None = None) -> list[Outbox]:
    """Outbox rows with an id above `after`, oldest first (the simulator's feed)."""
    query = select(Outbox).where(Outbox.id > after).order_by(Outbox.id)
    return list(session.exec(query if limit is None else query.limit(limit)))
