"""Which database errors are worth another try, and trying again a bounded number of times.

A dropped connection, a serialization failure, a deadlock or a lock timeout says nothing about
the work itself: the same transaction, run again on a fresh connection, usually succeeds. Any
other error (a constraint the code broke, a bug) would fail again, so it is not retried. After a
dropped connection SQLAlchemy has already thrown the connection (and the pool's older ones)
away, so the next attempt checks out a fresh one.
"""

from __future__ import annotations

import logging
import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TypeVar

import psycopg
from sqlalchemy import exc as sa_exc

log = logging.getLogger(__name__)
T = TypeVar("T")

# PostgreSQL SQLSTATEs of errors that a second run of the same transaction can get past.
TRANSIENT_SQLSTATES = frozenset(
    {
        "40001",  # serialization_failure
        "40P01",  # deadlock_detected
        "55P03",  # lock_not_available (lock_timeout)
        "57P01",  # admin_shutdown (pg_terminate_backend, a fast shutdown)
        "57P02",  # crash_shutdown
        "57P03",  # cannot_connect_now (the server is starting up)
        "53300",  # too_many_connections
        "23505",  # unique_violation: a concurrent insert won; run again, the work sees its row
    }
)
TRANSIENT_SQLSTATE_CLASSES = ("08",)  # connection exceptions
# SQLite's own transient errors (its messages are its only classification).
SQLITE_TRANSIENT = ("database is locked", "database table is locked", "database schema has changed")


def is_transient(error: BaseException) -> bool:
    """Whether `error` (or what it wraps) is a database fault worth running the work again for."""
    for link in _chain(error):
        if isinstance(link, sa_exc.DBAPIError) and link.connection_invalidated:
            return True
        if isinstance(link, sa_exc.TimeoutError | sa_exc.DisconnectionError):
            return True  # no connection free in the pool; a connection found dead on checkout
        if isinstance(link, psycopg.Error):
            state = link.sqlstate
            if state is None:  # raised by the client: the connection is lost or unusable
                return isinstance(link, psycopg.OperationalError | psycopg.InterfaceError)
            return state in TRANSIENT_SQLSTATES or state.startswith(TRANSIENT_SQLSTATE_CLASSES)
        if isinstance(link, sqlite3.OperationalError):
            return str(link).startswith(SQLITE_TRANSIENT)
    return False


def describe(error: BaseException) -> str:
    """A short, log-safe name for a database error: its class and SQLSTATE, never its message
    (which can quote the values of a row)."""
    names = []
    for link in _chain(error):
        state = getattr(link, "sqlstate", None)
        names.append(type(link).__name__ + (f"[{state}]" if state else ""))
    return "/".join(dict.fromkeys(names))


def _chain(error: BaseException) -> Iterator[BaseException]:
    """The error, what SQLAlchemy wraps (`orig`), and their causes, each once."""
    seen: set[int] = set()
    todo = [error]
    while todo:
        link = todo.pop(0)
        if link is None or id(link) in seen:
            continue
        seen.add(id(link))
        yield link
        todo += [getattr(link, "orig", None), link.__cause__, link.__context__]


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently to run work again after a transient database error.

    A request's policy also has a budget: Twilio waits 15 s for an answer to a text, so every run,
    pause and lock wait of one text together must end well before (REQUEST_BUDGET_SECONDS, 10).
    `started` fixes its deadline; a run is only started again if it can end by then, counting
    `run_seconds` (the longest one run may wait: the lock and connect timeouts) for it.

    `sleep`, `rand` and `clock` are injectable, so tests neither wait nor depend on chance.
    """

    attempts: int = 3  # runs in all, the first included
    base_seconds: float = 0.05  # pause before the second run; doubles for each one after
    cap_seconds: float = 1.0
    sleep: Callable[[float], None] = time.sleep
    rand: Callable[[], float] = random.random
    budget_seconds: float | None = None  # all runs of one request together; None: no limit
    run_seconds: float = 0.0  # the longest one run may wait for a lock or a connection
    clock: Callable[[], float] = time.monotonic
    deadline: float | None = None  # `clock()` by which a started request must be done

    def delay(self, failed_runs: int) -> float:
        """Seconds to wait after `failed_runs` runs: exponential, capped, jittered into its upper
        half so that texts failing together do not come back together."""
        delay = min(self.cap_seconds, self.base_seconds * 2 ** max(0, failed_runs - 1))
        return delay * (0.5 + self.rand() / 2)

    def started(self) -> RetryPolicy:
        """This policy with its budget counted from now (every run of the request shares it)."""
        if self.budget_seconds is None:
            return self
        return replace(self, deadline=self.clock() + self.budget_seconds)

    def has_time(self, delay: float, leave: float = 0.0) -> bool:
        """Whether a run started after `delay` ends in time, with `leave` seconds to spare."""
        if self.deadline is None:
            return True
        return self.clock() + delay + self.run_seconds + leave <= self.deadline


def retrying(work: Callable[[], T], policy: RetryPolicy, what: str, leave: float = 0.0) -> T:
    """Run `work` (one whole transaction); run it again after a transient database error, up to
    `policy.attempts` runs in all and while the request's budget allows another run with `leave`
    seconds to spare (for what comes after: keeping the text). The last error, or any other, is
    raised."""
    runs = 0
    while True:
        runs += 1
        try:
            return work()
        except Exception as error:
            if runs >= policy.attempts or not is_transient(error):
                raise
            delay = policy.delay(runs)
            if not policy.has_time(delay, leave):
                log.warning(
                    "db_retry_stopped what=%s run=%s error=%s: the request's time is spent",
                    what, runs, describe(error),
                )  # fmt: skip
                raise
            log.warning(
                "db_retry what=%s run=%s error=%s again_in=%.3fs",
                what, runs, describe(error), delay,
            )  # fmt: skip
            policy.sleep(delay)
