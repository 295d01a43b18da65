"""Fixtures for the web tests: apps on the shared migrated database, and games built from rows."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_helpers import NOW

from sh_sms.web import create_app

# Settings that must not leak in from the environment of whoever runs the tests.
CLEAN = {
    "twilio_account_sid": None,
    "twilio_auth_token": None,
    "twilio_from_number": None,
    "twilio_messaging_service_sid": None,
    "public_base_url": None,
}


def no_sleep(_seconds: float) -> None:
    """Retries of a text's transaction go again at once: tests do not wait."""


@pytest.fixture
def make_app(database_url: str) -> Iterator[Callable[..., Flask]]:
    """Build apps on the test database; `overrides` are Settings fields. Engines are disposed."""
    apps: list[Flask] = []

    def build(**overrides) -> Flask:
        base = {**CLEAN, "database_url": database_url, "clock": lambda: NOW, "sleep": no_sleep}
        app = create_app({**base, **overrides})
        app.testing = True
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["sh_sms"].engine.dispose()


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    """The app with the simulator backend and no webhook token."""
    return make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of `app`."""
    return app.test_client()


@pytest.fixture
def engine(app: Flask):
    """The app's own database engine."""
    return app.extensions["sh_sms"].engine


@pytest.fixture
def received(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """Replace the service with a recorder; each call's (number, body, sid, now) is appended."""
    calls: list[tuple] = []

    def fake(engine, settings, number, body, sid, now, media=0, **_options) -> bool:
        calls.append((number, body, sid, now) + ((media,) if media else ()))
        return True

    monkeypatch.setattr("sh_sms.conversation.intake.receive", fake)
    return calls
