"""The vault registered for each test here (and taken away after), and a table of phones that
text the app's `POST /sms` on the test database, with a fake clock the jobs share."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import vaultgame
from sqlmodel import Session

from sh_sms.botplay import job as bot_job
from sh_sms.gamekind import registry
from sh_sms.reminders import job as reminder_job
from sh_sms.store import outbox_after
from sh_sms.text.gsm import is_gsm7
from sh_sms.web import create_app

NAMES = ["Ana", "Bob", "Cy", "Dee"]
NOON = datetime(2026, 6, 10, 16, 0, tzinfo=UTC)  # far from quiet hours in New York


@pytest.fixture
def vault() -> Iterator[object]:
    """The vault, registered under its name for this test."""
    kind = vaultgame.game()
    registry.register(kind)
    yield kind
    registry.unregister(kind.name)


class Phones:
    """Players texting the app; `now` is the clock of every text and job run."""

    def __init__(self, app) -> None:
        self.app = app
        self.client = app.test_client()
        self.runtime = app.extensions["sh_sms"]
        self.now = NOON
        self.numbers = {name: f"+1555020{i + 1:04d}" for i, name in enumerate(NAMES)}
        self.names = {number: name for name, number in self.numbers.items()}
        self.last = 0
        self.sid = 0
        self.code: str | None = None

    def text(self, name: str, body: str) -> dict[str, list[str]]:
        """`name` texts `body` to POST /sms; return the texts it caused, by phone."""
        self.sid += 1
        form = {
            "From": self.numbers[name],
            "To": "+15550009999",
            "Body": body,
            "MessageSid": f"SM{self.sid:032d}",
        }
        response = self.client.post("/sms", data=form)
        assert response.status_code == 200, response.get_data(as_text=True)
        return self.sent()

    def later(self, **delta: float) -> dict[str, list[str]]:
        """Move the clock on, run the reminder and bot jobs; return what they sent."""
        self.now += timedelta(**delta)
        reminder_job.run_due(self.runtime.engine, self.runtime.settings, self.now)
        bot_job.run_due(self.runtime.engine, self.runtime.settings, self.now)
        return self.sent()

    def sent(self) -> dict[str, list[str]]:
        """Texts queued since the last look, by phone name (bots have no phone), one entry per
        line (the texts of one step reach a phone as one message, a line each)."""
        with Session(self.runtime.engine) as session:
            rows = outbox_after(session, self.last)
        if rows:
            self.last = rows[-1].id
        out: dict[str, list[str]] = {}
        for row in rows:
            assert is_gsm7(row.body), row.body
            out.setdefault(self.names.get(row.to_number, row.to_number), []).extend(
                row.body.split("\n")
            )
        return out

    def open(self, *names: str) -> str:
        """The first name opens a vault lobby; the others join it."""
        code = re.search(
            r"\b[A-Z0-9]{4}\b", " ".join(self.text(names[0], f"NEW {names[0]}")[names[0]])
        )
        self.code = code.group(0)
        self.text(names[0], "RULES VAULT")
        for name in names[1:]:
            self.text(name, f"JOIN {self.code} {name}")
        self.sent()
        return self.code


@pytest.fixture
def phones(vault, database_url: str) -> Iterator[Phones]:
    """The app on the test database (simulator backend), with the vault registered."""
    box: list[Phones] = []
    app = create_app(
        {
            "database_url": database_url,
            "twilio_auth_token": None,
            "twilio_account_sid": None,
            "twilio_from_number": None,
            "twilio_messaging_service_sid": None,
            "public_base_url": None,
            "worker_in_web": False,
            "clock": lambda: box[0].now,
            "sleep": lambda _s: None,
        }
    )
    app.testing = True
    box.append(Phones(app))
    yield box[0]
    app.extensions["sh_sms"].engine.dispose()
