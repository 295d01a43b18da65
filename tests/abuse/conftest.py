"""Fixtures for the abuse tests: the real app at the default limits, on a clock that moves.

Each attack of issue 18 is replayed by text, as an attacker would, and its bound asserted in
outbound segments (what the operator pays for). The phones and checks are tests/service's
`harness` (every text answered 200, GSM-7, no raw number in a body or an info log line).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "service"))

from harness import FakeClock, Table, make_app

from sh_sms.config import Settings

DEFAULTS = Settings()
# The limits the service harness lifts (its clock stands still), back at their defaults.
AT_DEFAULTS = {
    "texts_per_minute": DEFAULTS.texts_per_minute,
    "talk_segments_per_minute": DEFAULTS.talk_segments_per_minute,
    "talk_segments_per_hour": DEFAULTS.talk_segments_per_hour,
}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make(database_url: str, clock: FakeClock) -> Iterator[Callable[..., Table]]:
    """Build a table of phones on an app at the default limits (`overrides`: other settings)."""
    apps: list[Flask] = []
    tables: list[Table] = []

    def build(**overrides) -> Table:
        app = make_app(database_url, clock, **{**AT_DEFAULTS, **overrides})
        apps.append(app)
        table = Table(app, clock)
        tables.append(table)
        return table

    yield build
    for table in reversed(tables):
        table.close()
    for app in apps:
        app.extensions["sh_sms"].engine.dispose()


@pytest.fixture
def table(make: Callable[..., Table]) -> Table:
    """Phones texting the app at the default limits."""
    return make()
