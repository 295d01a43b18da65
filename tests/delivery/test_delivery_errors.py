"""Twilio's errors sorted by who can fix them: a moment's wait (retried with backoff, 21611 for
minutes), the player's phone (the number is unreachable), the operator (the host and the operator
are told once; never retried). A text that asks a player to act carries a ValidityPeriod, so it is
never delivered hours after its moment."""

from __future__ import annotations

import pytest
from delivery_helpers import FROM, START, Phones, bodies_to, contact, last_id, number, rows
from delivery_helpers import twilio_settings as settings_for
from fake_twilio import error
from sqlmodel import Session

from sh_sms.delivery.errors import FAIL, RETRY, classify
from sh_sms.delivery.worker import Worker
from sh_sms.store import FAILED, QUEUED, SENT, Outbox

ALICE = number(1)
QUEUE_FULL = error(21611, 400, "This 'From' number has exceeded the maximum number of queued")
GEO = error(21408, 400, "Permission to send an SMS has not been enabled for the region")
BAD_CALLBACK = error(21609, 400, "Invalid 'StatusCallback'")


def worker(db_engine, fake, clock, **overrides) -> Worker:
    """A one-thread worker on the fake clock, with no jitter (rand() is always 1)."""
    settings = settings_for(db_engine.url.render_as_string(hide_password=False), fake, **overrides)
    return Worker(db_engine, settings, clock=clock, rand=lambda: 1.0, name="w1")


def put(engine, to: str, body: str, *, critical: bool, game_id=None) -> int:
    """One outbox row; its id."""
    with Session(engine) as session:
        row = Outbox(to_number=to, body=body, created_at=START, critical=critical, game_id=game_id)
        session.add(row)
        session.commit()
        return row.id


@pytest.mark.parametrize(
    ("code", "kind", "unreachable", "sender"),
    [
        (21611, RETRY, False, False),  # Twilio's queue is full: slow down
        (30001, RETRY, False, False),
        (21211, FAIL, True, False),  # the player's number
        (30005, FAIL, True, False),
        (21408, FAIL, False, True),  # the account's geographic permissions: the operator's
        (21609, FAIL, False, True),  # a status callback URL Twilio refuses: the operator's
        (21608, FAIL, False, True),
        (30036, FAIL, False, False),  # a prompt past its ValidityPeriod: nobody's, nor retried
    ],
)
def test_each_code_goes_to_whoever_can_fix_it(code, kind, unreachable, sender):
    outcome = classify(code, 400)
    assert (outcome.kind, outcome.unreachable, outcome.sender) == (kind, unreachable, sender)


def test_a_full_twilio_queue_is_tried_again_after_a_minute_not_seconds(
    db_engine, fake_twilio, clock
):
    [outbox_id] = [put(db_engine, ALICE, "hi", critical=False)]
    fake_twilio.script(QUEUE_FULL)
    w = worker(db_engine, fake_twilio, clock)
    w.drain()
    [waiting] = rows(db_engine)
    assert (waiting.status, waiting.error_code, waiting.attempts) == (QUEUED, "21611", 1)
    due = waiting.next_attempt_at.replace(tzinfo=START.tzinfo) - START
    assert due.total_seconds() >= 60  # where a 20429 waits retry_base_seconds (2 s)
    clock.advance(59)
    assert w.drain() == 0
    clock.advance(due.total_seconds())
    assert w.drain() == 1
    [sent] = rows(db_engine, id=outbox_id)
    assert (sent.status, sent.attempts) == (SENT, 2)


def test_a_prompt_is_sent_with_a_validity_period_and_an_informing_text_without(
    db_engine, fake_twilio, clock
):
    put(db_engine, ALICE, "Vote now: JA or NEIN.", critical=True)
    put(db_engine, number(2), "Ana is President.", critical=False)
    assert worker(db_engine, fake_twilio, clock).drain() == 2
    forms = {call.to: call.form for call in fake_twilio.calls}
    assert forms[ALICE]["ValidityPeriod"] == "600"  # PROMPT_VALIDITY_SECONDS
    assert "ValidityPeriod" not in forms[number(2)]  # Twilio's own: up to 10 hours


def test_the_validity_period_is_a_setting(db_engine, fake_twilio, clock):
    put(db_engine, ALICE, "Vote now: JA or NEIN.", critical=True)
    worker(db_engine, fake_twilio, clock, prompt_validity_seconds=120).drain()
    assert fake_twilio.calls[0].form["ValidityPeriod"] == "120"


@pytest.fixture
def lobby(make_app, db_engine, fake_twilio):
    """Ana (host), Bob and Cy in a lobby, by signed texts; their numbers and the game's id."""
    app = make_app(
        twilio_account_sid=fake_twilio.account_sid,
        twilio_auth_token=fake_twilio.auth_token,
        twilio_from_number=FROM,
        twilio_api_url=fake_twilio.url,
    )
    phones = Phones(app.test_client(), fake_twilio.auth_token)
    _code, numbers = phones.lobby(db_engine, ["Ana", "Bob", "Cy"])
    [game_id] = {r.game_id for r in rows(db_engine)}
    return numbers, game_id


@pytest.mark.parametrize(
    ("reply", "reason"),
    [(GEO, "may not text that country"), (BAD_CALLBACK, "delivery report address")],
)
def test_geographic_permissions_and_a_refused_callback_tell_the_host_not_the_table(
    db_engine, fake_twilio, clock, lobby, reply, reason
):
    (ana, bob, cy), _game_id = lobby
    fake_twilio.script_to(bob, reply, reply)
    mark = last_id(db_engine)
    worker(db_engine, fake_twilio, clock).drain()
    failed = [r for r in rows(db_engine) if r.to_number == bob]
    assert {(r.status, r.attempts) for r in failed} == {(FAILED, 1)}  # never retried
    known = contact(db_engine, bob)
    assert known is None or not known.unreachable  # Bob's phone is not to blame
    [told] = bodies_to(db_engine, ana, mark)  # the host, once
    assert told.startswith("A text to Bob did not arrive") and reason in told
    assert not any("no longer be reached" in b for b in bodies_to(db_engine, cy, mark))
