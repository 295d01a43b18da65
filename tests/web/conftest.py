"""Fixtures for the web tests: apps on the shared migrated database, and games built from rows."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session

from sh_sms.engine import Event, GameState
from sh_sms.games import append_events
from sh_sms.store import ACTIVE, LOBBY, Game, Player
from sh_sms.web import create_app

NOW = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
# Settings that must not leak in from the environment of whoever runs the tests.
CLEAN = {
    "twilio_account_sid": None,
    "twilio_auth_token": None,
    "twilio_from_number": None,
    "twilio_messaging_service_sid": None,
    "public_base_url": None,
}


@pytest.fixture
def make_app(database_url: str) -> Iterator[Callable[..., Flask]]:
    """Build apps on the test database; `overrides` are Settings fields. Engines are disposed."""
    apps: list[Flask] = []

    def build(**overrides) -> Flask:
        app = create_app({**CLEAN, "database_url": database_url, "clock": lambda: NOW, **overrides})
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

    def fake(engine, settings, number, body, sid, now) -> bool:
        calls.append((number, body, sid, now))
        return True

    monkeypatch.setattr("sh_sms.web.webhook.receive", fake)
    return calls


def add_game(
    engine,
    code: str,
    names: list[str],
    *,
    status: str | None = None,
    state: GameState | None = None,
    events: list[Event] = (),
) -> int:
    """Insert a game with players `names` (seat order, the first is host); return its id."""
    with Session(engine) as session:
        game = Game(
            code=code,
            status=status or (ACTIVE if state else LOBBY),
            seed=1,
            state=state.to_json() if state else None,
            created_at=NOW,
            updated_at=NOW,
        )
        session.add(game)
        session.flush()
        for seat, name in enumerate(names):
            number = f"+1555010{seat + 1:04d}"
            session.add(
                Player(
                    game_id=game.id,
                    number=number,
                    open_number=number if game.status in (LOBBY, ACTIVE) else None,
                    name=name,
                    name_key=name.casefold(),
                    seat=seat,
                    is_host=seat == 0,
                    joined_at=NOW,
                )
            )
        append_events(session, game, list(events), NOW)
        session.commit()
        return game.id
