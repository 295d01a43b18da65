"""Helpers for the delivery tests: settings aimed at the fake Twilio, a clock, phones, rows."""

from __future__ import annotations

import threading
import uuid
from datetime import UTC, datetime, timedelta

from flask.testing import FlaskClient
from sqlmodel import Session, col, select
from twilio.request_validator import RequestValidator

from sh_sms.config import Settings
from sh_sms.store import Contact, Game, Outbox, Player
from sh_sms.text.gsm import segments

START = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
CALLBACK = "https://sms.example/sms/status"
FROM = "+15550009999"


def number(i: int) -> str:
    """The i-th test phone number."""
    return f"+1555010{i:04d}"


def twilio_settings(database_url: str, fake, **overrides) -> Settings:
    """Twilio backend settings that send to `fake`; no throttling unless asked for."""
    values = {
        "database_url": database_url,
        "twilio_account_sid": fake.account_sid,
        "twilio_auth_token": fake.auth_token,
        "twilio_from_number": FROM,
        "twilio_api_url": fake.url,
        "status_callback_url": CALLBACK,
        "twilio_mps": 1000.0,
        "worker_threads": 1,
        "send_timeout_seconds": 5.0,
        **overrides,
    }
    return Settings(**values)


class FakeClock:
    """A clock that only moves when told to, or when the worker waits for a send slot."""

    def __init__(self, start: datetime = START) -> None:
        self._now = start
        self._lock = threading.Lock()
        self.waits: list[float] = []  # the epoch seconds the worker waited for

    def now(self) -> datetime:
        """The fake time."""
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        with self._lock:
            self._now += timedelta(seconds=seconds)

    def sleep_until(self, when: float, stop: threading.Event) -> bool:
        """Jump to `when` at once (never backwards)."""
        with self._lock:
            self.waits.append(when)
            target = datetime.fromtimestamp(when, UTC)
            self._now = max(self._now, target)
        return stop.is_set()


def queue(engine, to: str, *bodies: str, now: datetime = START, game_id=None) -> list[int]:
    """Put texts to `to` in the outbox, in order; return their ids."""
    with Session(engine) as session:
        rows = [Outbox(to_number=to, body=b, created_at=now, game_id=game_id) for b in bodies]
        session.add_all(rows)
        session.commit()
        return [row.id for row in rows]


def put(engine, to: str, body: str, game_id: int | None = 1, critical=False, **fields) -> int:
    """Queue one text as the mailbox would (segments counted); return its id."""
    with Session(engine) as session:
        item = Outbox(
            to_number=to,
            body=body,
            game_id=game_id,
            critical=critical,
            segments=segments(body),
            created_at=START,
            **fields,
        )
        session.add(item)
        session.commit()
        return item.id


def rows(engine, **where) -> list[Outbox]:
    """Outbox rows in id order, optionally filtered by column values."""
    with Session(engine) as session:
        query = select(Outbox).filter_by(**where).order_by(col(Outbox.id))
        return list(session.exec(query))


def row(engine, outbox_id: int) -> Outbox:
    """One outbox row."""
    with Session(engine) as session:
        return session.get(Outbox, outbox_id)


def contact(engine, phone: str) -> Contact | None:
    """The contact row of a number, if any."""
    with Session(engine) as session:
        return session.get(Contact, phone)


def bodies_to(engine, phone: str, after: int = 0) -> list[str]:
    """Bodies queued for `phone` with an id above `after`."""
    return [r.body for r in rows(engine) if r.to_number == phone and r.id > after]


def game_code(engine) -> str:
    """The code of the only game."""
    with Session(engine) as session:
        return session.exec(select(Game.code)).one()


def last_id(engine) -> int:
    """The highest outbox id so far (0 when empty)."""
    ids = [r.id for r in rows(engine)]
    return max(ids, default=0)


class Phones:
    """Players texting the app's `/sms` webhook, signed when the app has a token."""

    def __init__(self, client: FlaskClient, token: str | None = None) -> None:
        self.client = client
        self.token = token

    def text(self, phone: str, body: str, **extra: str) -> None:
        """Send one text from `phone` (extra form fields, such as OptOutType, ride along)."""
        form = {"From": phone, "Body": body, "MessageSid": "SM" + uuid.uuid4().hex, **extra}
        headers = {}
        if self.token:
            url = "http://localhost/sms"
            headers["X-Twilio-Signature"] = RequestValidator(self.token).compute_signature(
                url, form
            )
        response = self.client.post("/sms", data=form, headers=headers)
        assert response.status_code == 200, response.status_code

    def lobby(self, engine, names: list[str]) -> tuple[str, list[str]]:
        """Open a lobby hosted by the first name, the others join; return (code, numbers)."""
        phones = [number(i + 1) for i in range(len(names))]
        self.text(phones[0], f"NEW {names[0]}")
        with Session(engine) as session:
            game_id = session.exec(select(Player.game_id).where(Player.number == phones[0])).one()
            code = session.get(Game, game_id).code
        for phone, name in zip(phones[1:], names[1:], strict=True):
            self.text(phone, f"JOIN {code} {name}")
        return code, phones


def post_status(client: FlaskClient, token: str | None, query: str, **form: str):
    """POST a status callback to `/sms/status?<query>`, signed with `token` when given."""
    url = f"http://localhost/sms/status?{query}" if query else "http://localhost/sms/status"
    headers = {}
    if token:
        headers["X-Twilio-Signature"] = RequestValidator(token).compute_signature(url, form)
    return client.post(url, data=form, headers=headers)
