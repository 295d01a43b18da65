"""Fixtures for the whole suite: an empty, migrated database on each backend.

- `database_url` runs a test twice, ids `sqlite` and `postgres`, each time yielding the URL of an
  empty database that has every migration applied. Postgres runs are marked `postgres`
  (`-m "not postgres"` leaves them out).
- `db_engine` is `sh_sms.store.make_engine(database_url)`, disposed after the test.

Migrations run once per session (per xdist worker) and backend: SQLite copies a migrated template
file into `tmp_path`; PostgreSQL migrates one database per worker and empties its tables before
each test. The server is `TEST_DATABASE_URL` (default: local `postgres` with trust auth); its
database is only used to create and drop `sh_sms_test_<worker>_<pid>`. Without a server the
postgres runs are skipped, except under `CI=true`, where they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import SQLModel

from sh_sms.config import database_url as normalise_url
from sh_sms.store import make_engine
from sh_sms.store.migrate import upgrade

DEFAULT_PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with every migration applied, copied by each test."""
    path = tmp_path_factory.mktemp("sqlite") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


def _admin_engine() -> Engine:
    """An autocommit engine on the PostgreSQL server; skip (under CI=true: fail) if unreachable."""
    url = make_url(normalise_url(os.environ.get("TEST_DATABASE_URL") or DEFAULT_PG_URL))
    engine = create_engine(url, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 5})
    try:
        with engine.connect():
            pass
    except (SQLAlchemyError, OSError) as exc:
        reason = f"PostgreSQL at {url!r} is unreachable: {exc}"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}\nUnder CI=true the postgres tests must run.", pytrace=False)
        pytest.skip(reason)
    return engine


@pytest.fixture(scope="session")
def _postgres_database() -> Iterator[tuple[str, Engine]]:
    """This worker's migrated PostgreSQL database: its URL and an engine to empty it with."""
    admin = _admin_engine()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    name = f"sh_sms_test_{worker}_{os.getpid()}"  # the pid keeps concurrent runs apart
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = admin.url.set(database=name).render_as_string(hide_password=False)
    upgrade(url)
    # A test left holding a lock should fail the next one, not hang it.
    engine = create_engine(url, connect_args={"options": "-c lock_timeout=10s"})
    yield url, engine
    engine.dispose()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def _empty(engine: Engine) -> None:
    """Delete every row of every model table and restart the id sequences."""
    quote = engine.dialect.identifier_preparer.quote
    tables = ", ".join(quote(t.name) for t in SQLModel.metadata.sorted_tables)
    with engine.begin() as conn:
        conn.execute(text(f"TRUNCATE TABLE {tables} RESTART IDENTITY CASCADE"))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database with every migration applied, once per backend."""
    if request.param == "sqlite":
        path = tmp_path / "test.db"
        shutil.copyfile(request.getfixturevalue("_sqlite_template"), path)
        return f"sqlite:///{path}"
    url, engine = request.getfixturevalue("_postgres_database")
    _empty(engine)
    return url


@pytest.fixture
def db_engine(database_url: str) -> Iterator[Engine]:
    """`make_engine(database_url)`, disposed after the test."""
    engine = make_engine(database_url)
    yield engine
    engine.dispose()


# Figures some tests print (`record_property("figures", line)`), gathered from every xdist worker
# and shown in the session summary.
_FIGURES: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        _FIGURES.extend(value for name, value in report.user_properties if name == "figures")


def pytest_terminal_summary(terminalreporter) -> None:
    for line in _FIGURES:
        terminalreporter.write_line(line)
