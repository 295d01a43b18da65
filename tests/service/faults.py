"""Fault injection for the service tests: a database connection killed at a chosen statement,
threads posting texts, and waiting until a PostgreSQL backend is blocked on a lock."""

from __future__ import annotations

import sqlite3
import threading
import time

from flask import Flask
from harness import ACCOUNT_SID, SERVICE_NUMBER, sign
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine

LOCKED = "database is locked"  # the OperationalError SQLite raises for a busy database


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


class ConnectionKiller:
    """Kill the connection of whatever transaction is about to run a statement starting with
    `marker` (with `at="commit"`: about to commit after running one), `times` times.

    PostgreSQL: `pg_terminate_backend` from another connection, so the statement meets a dead
    connection exactly as when a server restarts or a proxy drops it. SQLite has no server to
    kill: the statement fails with the OperationalError of a locked database instead.
    """

    def __init__(
        self,
        engine: Engine,
        database_url: str,
        *,
        marker: str = "UPDATE games",
        times: int = 1,
        at: str = "statement",
    ) -> None:
        self.engine, self.marker, self.left, self.at = engine, marker.upper(), times, at
        self.kills = 0
        self.admin = (
            create_engine(database_url, isolation_level="AUTOCOMMIT")
            if is_postgres(engine)
            else None
        )
        event.listen(engine, "before_cursor_execute", self._on_statement)
        if at == "commit":
            event.listen(engine, "commit", self._on_commit)

    def _on_statement(self, conn, _cursor, statement, *_args) -> None:
        if self.left and statement.lstrip().upper().startswith(self.marker):
            if self.at == "commit":
                conn.info["marked"] = True  # kill it when this transaction commits
            else:
                self._kill(conn)

    def _on_commit(self, conn) -> None:
        if self.left and conn.info.pop("marked", False):
            self._kill(conn)

    def _kill(self, conn) -> None:
        self.left -= 1
        self.kills += 1
        if self.admin is None:
            raise sqlite3.OperationalError(LOCKED)
        pid = conn.connection.dbapi_connection.info.backend_pid
        with self.admin.connect() as admin:
            admin.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

    def close(self) -> None:
        if not event.contains(self.engine, "before_cursor_execute", self._on_statement):
            return
        event.remove(self.engine, "before_cursor_execute", self._on_statement)
        if self.at == "commit":
            event.remove(self.engine, "commit", self._on_commit)
        if self.admin is not None:
            self.admin.dispose()


class Poster(threading.Thread):
    """POST one signed text to /sms from a thread of its own (with its own test client)."""

    def __init__(self, app: Flask, number: str, body: str, sid: str) -> None:
        super().__init__(daemon=True)
        self.app, self.status = app, None
        self.form = {
            "To": SERVICE_NUMBER,
            "AccountSid": ACCOUNT_SID,
            "From": number,
            "Body": body,
            "MessageSid": sid,
        }

    def run(self) -> None:
        headers = {"X-Twilio-Signature": sign(self.form)}
        response = self.app.test_client().post("/sms", data=self.form, headers=headers)
        self.status = response.status_code

    def result(self) -> int | None:
        self.join(30)
        assert not self.is_alive(), "the text never finished"
        return self.status


def wait_until_blocked(database_url: str, timeout: float = 20.0) -> None:
    """Wait until some backend of this database waits for a lock (a condition, polled)."""
    admin = create_engine(database_url, isolation_level="AUTOCOMMIT")
    query = text(
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    try:
        deadline = time.monotonic() + timeout
        with admin.connect() as conn:
            while conn.execute(query).scalar() == 0:
                assert time.monotonic() < deadline, "no backend ever waited for the lock"
                time.sleep(0.005)
    finally:
        admin.dispose()
