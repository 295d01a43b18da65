"""Sending through the real `twilio` Client to a fake Twilio: success, each kind of failure,
retries with backoff, and what a permanent failure does to the player and their table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from delivery_helpers import CALLBACK, FROM, START, Phones, contact, number, queue, row, rows
from delivery_helpers import twilio_settings as settings_for
from fake_twilio import (
    BAD_GATEWAY,
    BODY_REQUIRED,
    INVALID_TO,
    NOT_MOBILE,
    RESET,
    SERVER_ERROR,
    TOO_MANY_REQUESTS,
    UNSUBSCRIBED,
)

from sh_sms.delivery.claims import backoff
from sh_sms.delivery.errors import FAIL, RETRY, classify
from sh_sms.delivery.senders import TwilioSender
from sh_sms.delivery.worker import Worker
from sh_sms.store import FAILED, QUEUED, SENT

ALICE = number(1)


def worker(db_engine, fake, clock, **overrides) -> Worker:
    """A one-thread worker on the fake clock, with no jitter (rand() is always 1)."""
    settings = settings_for(db_engine.url.render_as_string(hide_password=False), fake, **overrides)
    return Worker(db_engine, settings, clock=clock, rand=lambda: 1.0, name="w1")


def test_a_text_goes_out_through_the_client_and_its_sid_is_kept(db_engine, fake_twilio, clock):
    [outbox_id] = queue(db_engine, ALICE, "You are LIBERAL.")
    assert worker(db_engine, fake_twilio, clock).drain() == 1

    [call] = fake_twilio.calls
    assert call.account == fake_twilio.account_sid
    assert call.auth == (fake_twilio.account_sid, fake_twilio.auth_token)
    assert call.form == {
        "To": ALICE,
        "From": FROM,
        "Body": "You are LIBERAL.",
        "StatusCallback": f"{CALLBACK}?id={outbox_id}",
    }
    sent = row(db_engine, outbox_id)
    assert (sent.status, sent.provider_sid, sent.attempts) == (SENT, call.sid, 1)
    assert sent.sent_at.replace(tzinfo=START.tzinfo) == START
    assert sent.claimed_by is None and sent.lease_until is None and sent.error_code is None


def test_a_messaging_service_replaces_the_from_number(db_engine, fake_twilio, clock):
    queue(db_engine, ALICE, "hi")
    w = worker(
        db_engine,
        fake_twilio,
        clock,
        twilio_from_number=None,
        twilio_messaging_service_sid="MG" + "1" * 32,
    )
    w.drain()
    [call] = fake_twilio.calls
    assert call.form["MessagingServiceSid"] == "MG" + "1" * 32
    assert "From" not in call.form


def test_without_a_callback_url_no_status_callback_is_asked_for(db_engine, fake_twilio, clock):
    queue(db_engine, ALICE, "hi")
    worker(db_engine, fake_twilio, clock, status_callback_url=None).drain()
    assert "StatusCallback" not in fake_twilio.calls[0].form


def test_the_callback_url_comes_from_the_public_base_url(db_engine, fake_twilio, clock):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    w = worker(
        db_engine, fake_twilio, clock, status_callback_url=None, public_base_url="https://a.b/"
    )
    w.drain()
    assert fake_twilio.calls[0].form["StatusCallback"] == f"https://a.b/sms/status?id={outbox_id}"


def test_requests_carry_the_timeout_and_a_silent_api_is_retried(db_engine, fake_twilio, clock):
    w = worker(db_engine, fake_twilio, clock, send_timeout_seconds=0.3)
    assert TwilioSender(w.settings).client().http_client.timeout == 0.3
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.hold()  # the API never answers
    w.drain()
    fake_twilio.release()
    waited = row(db_engine, outbox_id)
    assert (waited.status, waited.error_code, waited.attempts) == (QUEUED, "network", 1)


@pytest.mark.parametrize(
    ("reply", "code"),
    [
        (TOO_MANY_REQUESTS, "20429"),
        (SERVER_ERROR, "20500"),
        (BAD_GATEWAY, "http_502"),
        (RESET, "network"),
    ],
    ids=["429", "500", "502-no-json", "connection-reset"],
)
def test_transient_failures_are_retried_after_a_backoff(db_engine, fake_twilio, clock, reply, code):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(reply)
    w = worker(db_engine, fake_twilio, clock)
    w.drain()

    waiting = row(db_engine, outbox_id)
    assert (waiting.status, waiting.error_code, waiting.attempts) == (QUEUED, code, 1)
    due = waiting.next_attempt_at.replace(tzinfo=START.tzinfo)
    assert due == START + timedelta(seconds=2)  # retry_base_seconds, no jitter
    clock.advance(1.9)
    assert w.drain() == 0  # not due yet
    clock.advance(0.2)
    assert w.drain() == 1
    sent = row(db_engine, outbox_id)
    assert (sent.status, sent.attempts, sent.error_code) == (SENT, 2, None)
    assert fake_twilio.sent_to(ALICE) == ["hi"]


def test_retries_back_off_exponentially_and_stop_after_max_attempts(db_engine, fake_twilio, clock):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(SERVER_ERROR, SERVER_ERROR, SERVER_ERROR, SERVER_ERROR)
    w = worker(db_engine, fake_twilio, clock, max_attempts=3)
    delays = []
    for _ in range(3):
        before = clock.now()
        assert w.drain() == 1
        failed = row(db_engine, outbox_id)
        if failed.status == QUEUED:
            due = failed.next_attempt_at.replace(tzinfo=START.tzinfo)
            delays.append((due - before).total_seconds())
            clock.advance(delays[-1])
    assert delays == [2.0, 4.0]
    assert (failed.status, failed.attempts, failed.error_code) == (FAILED, 3, "20500")
    clock.advance(3600)
    assert w.drain() == 0
    assert len(fake_twilio.calls) == 3


@pytest.mark.parametrize(
    ("reply", "unreachable", "opted_out"),
    [
        (INVALID_TO, True, False),
        (NOT_MOBILE, True, False),
        (UNSUBSCRIBED, True, True),
        (BODY_REQUIRED, False, False),
    ],
    ids=["21211", "21614", "21610", "21602"],
)
def test_permanent_failures_are_never_retried(
    db_engine, fake_twilio, clock, reply, unreachable, opted_out
):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(reply)
    w = worker(db_engine, fake_twilio, clock)
    w.drain()
    clock.advance(3600)
    w.drain()

    failed = row(db_engine, outbox_id)
    assert (failed.status, failed.error_code) == (FAILED, str(reply.body["code"]))
    assert len(fake_twilio.calls) == 1
    person = contact(db_engine, ALICE)
    assert (person is not None and person.unreachable) == unreachable
    assert (person is not None and person.opted_out) == opted_out


def test_an_unreachable_player_is_reported_to_the_table_once(
    make_app, database_url, db_engine, fake_twilio, clock
):
    phones = Phones(make_app().test_client())
    _code, (ana, bob, cy) = phones.lobby(db_engine, ["Ana", "Bob", "Cy"])
    assert len(rows(db_engine, to_number=bob)) == 1  # joined (only the host hears of Cy)
    fake_twilio.script_to(bob, INVALID_TO)

    worker(db_engine, fake_twilio, clock).drain()

    assert [r.status for r in rows(db_engine, to_number=bob)] == [FAILED]
    assert contact(db_engine, bob).unreachable
    news = [b for b in fake_twilio.sent_to(cy) if "Bob can no longer be reached" in b]
    assert len(news) == 1
    [to_host] = [b for b in fake_twilio.sent_to(ana) if "Bob can no longer be reached" in b]
    assert "KICK Bob" in to_host and "ENDGAME" in to_host
    assert not any("Bob can no longer" in c.form["Body"] for c in fake_twilio.calls if c.to == bob)


@pytest.mark.parametrize(
    ("code", "status", "kind", "label"),
    [
        (21211, 400, FAIL, "21211"),
        (30003, None, RETRY, "30003"),
        (30005, None, FAIL, "30005"),
        (None, 503, RETRY, "http_503"),
        (503, 503, RETRY, "http_503"),  # the library's code when the body has none
        (20003, 401, FAIL, "20003"),
    ],
)
def test_classify(code, status, kind, label):
    outcome = classify(code, status)
    assert (outcome.kind, outcome.code) == (kind, label)


def test_backoff_doubles_up_to_the_cap_and_jitters_into_the_upper_half():
    assert [backoff(n, 2, 300, lambda: 1.0) for n in range(1, 10)] == [
        2, 4, 8, 16, 32, 64, 128, 256, 300,
    ]  # fmt: skip
    assert backoff(3, 2, 300, lambda: 0.0) == 4.0
