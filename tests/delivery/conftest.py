"""Fixtures for the delivery tests: the fake Twilio, a fake clock, apps on the test database."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from delivery_helpers import START, FakeClock
from fake_twilio import FakeTwilio
from flask import Flask

from sh_sms.jobs import stop_workers
from sh_sms.web import create_app

# Settings that must not leak in from the environment of whoever runs the tests.
CLEAN = {
    "twilio_account_sid": None,
    "twilio_auth_token": None,
    "twilio_from_number": None,
    "twilio_messaging_service_sid": None,
    "twilio_api_url": None,
    "public_base_url": None,
    "status_callback_url": None,
    "worker_in_web": False,
}


@pytest.fixture
def fake_twilio() -> Iterator[FakeTwilio]:
    """A fake Twilio REST API on 127.0.0.1, closed after the test."""
    fake = FakeTwilio().start()
    yield fake
    fake.close()


@pytest.fixture
def clock() -> FakeClock:
    """A fake clock at a fixed start."""
    return FakeClock()


@pytest.fixture
def make_app(database_url: str) -> Iterator[Callable[..., Flask]]:
    """Build apps on the test database (simulator unless overridden), at the fake clock's start."""
    apps: list[Flask] = []

    def build(**overrides) -> Flask:
        clock = overrides.pop("clock", None) or (lambda: START)
        base = {**CLEAN, "database_url": database_url, "clock": clock, "sleep": lambda _s: None}
        app = create_app({**base, **overrides})
        app.testing = True
        apps.append(app)
        return app

    yield build
    stop_workers()
    for app in apps:
        app.extensions["sh_sms"].engine.dispose()
