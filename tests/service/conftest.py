"""Fixtures for the end-to-end SMS tests: the real app on each database, and a table of phones.

`database_url` (sqlite/postgres) comes from tests/conftest.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import jinja2
import pytest
from flask import Flask
from harness import FIGURES, SESSION_TIMINGS, FakeClock, Table, make_app

from sh_sms.text import messages
from sh_sms.text.languages import codes


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(database_url: str, clock: FakeClock) -> Iterator[Flask]:
    app = make_app(database_url, clock)
    yield app
    app.extensions["sh_sms"].engine.dispose()


@pytest.fixture
def new_table(app: Flask, clock: FakeClock) -> Iterator[Callable[..., Table]]:
    """Build tables on the app (each with its own phones; they share the outbox)."""
    tables: list[Table] = []

    def build(**kwargs) -> Table:
        table = Table(app, clock, **kwargs)
        tables.append(table)
        return table

    yield build
    for table in reversed(tables):  # each restores the logger level it found
        table.close()


@pytest.fixture
def table(new_table: Callable[..., Table]) -> Table:
    """Phones texting the app; inboxes filled from the outbox after every text."""
    return new_table()


@pytest.fixture
def rendered(monkeypatch) -> list[tuple[str, str]]:
    """(language, template) of every SMS template rendered, as it happens."""
    seen: list[tuple[str, str]] = []
    language_of = {id(messages._texts(code)): code for code in codes()}
    original = jinja2.Environment.get_template

    def get_template(self, name, *args, **kwargs):
        if id(self) in language_of:
            seen.append((language_of[id(self)], name.removesuffix(".txt")))
        return original(self, name, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "get_template", get_template)
    return seen


def pytest_terminal_summary(terminalreporter) -> None:
    for key in sorted(FIGURES):
        terminalreporter.write_line(FIGURES[key])
    if SESSION_TIMINGS.seconds:
        terminalreporter.write_line(f"tests/service, all texts: {SESSION_TIMINGS.summary()}")
