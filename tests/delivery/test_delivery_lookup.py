"""At most once on the phone: a text whose send had an unknown outcome (Twilio created it, but the
answer was lost or never came; or the worker died mid-send) is looked up at Twilio before it is
sent again, and recorded as sent when found. With and without a failure in between, and the
late status callback that proves the first attempt went out."""

from __future__ import annotations

import pytest
from delivery_helpers import CALLBACK, FROM, START, number, post_status, queue, row
from delivery_helpers import twilio_settings as settings_for
from fake_twilio import (
    CREATED_THEN_RESET,
    CREATED_THEN_TIMEOUT,
    RESET,
    SERVER_ERROR,
    TOO_MANY_REQUESTS,
    error,
)

from sh_sms.delivery.claims import claim
from sh_sms.delivery.errors import NETWORK
from sh_sms.delivery.senders import TwilioSender
from sh_sms.delivery.worker import Worker
from sh_sms.store import QUEUED, SENT

ALICE = number(1)


@pytest.fixture
def settings(database_url, fake_twilio, clock):
    fake_twilio.clock = clock.now  # Twilio's date_created follows the test's clock
    return settings_for(database_url, fake_twilio)


@pytest.fixture
def callback(make_app, fake_twilio):
    """Post a signed status callback about an outbox row to the app."""
    client = make_app(
        twilio_account_sid=fake_twilio.account_sid,
        twilio_auth_token=fake_twilio.auth_token,
        twilio_from_number=FROM,
        twilio_api_url=fake_twilio.url,
        status_callback_url=CALLBACK,
    ).test_client()

    def post(outbox_id, sid, status):
        form = {"MessageSid": sid, "MessageStatus": status, "AccountSid": fake_twilio.account_sid}
        return post_status(client, fake_twilio.auth_token, f"id={outbox_id}", **form)

    return post


@pytest.fixture
def worker(db_engine, settings, clock):
    return Worker(db_engine, settings, clock=clock, rand=lambda: 1.0, name="w")


def sent_once(fake, outbox_id: int) -> None:
    assert fake.created_count()[outbox_id] == 1, fake.created_count()


@pytest.mark.parametrize("lost", [CREATED_THEN_RESET, CREATED_THEN_TIMEOUT])
def test_a_send_whose_answer_was_lost_is_found_at_twilio_not_sent_again(
    database_url, db_engine, fake_twilio, clock, lost
):
    fake_twilio.clock = clock.now
    settings = settings_for(database_url, fake_twilio, send_timeout_seconds=0.3)
    w = Worker(db_engine, settings, clock=clock, rand=lambda: 1.0)
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(lost)
    assert w.drain() == 1
    waiting = row(db_engine, outbox_id)
    assert (waiting.status, waiting.error_code) == (QUEUED, NETWORK)
    assert waiting.unsure_since is not None
    clock.advance(60)
    assert w.drain() == 1
    done = row(db_engine, outbox_id)
    [created] = fake_twilio.created()
    assert (done.status, done.provider_sid, done.error_code) == (SENT, created.sid, None)
    assert fake_twilio.lists == 1
    sent_once(fake_twilio, outbox_id)
    assert fake_twilio.sent_to(ALICE) == ["hi"]


def test_a_failure_in_between_does_not_lose_the_doubt(db_engine, fake_twilio, worker, clock):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(CREATED_THEN_RESET)
    fake_twilio.script_list(TOO_MANY_REQUESTS)  # the second attempt cannot even ask
    worker.drain()
    clock.advance(60)
    worker.drain()
    between = row(db_engine, outbox_id)
    assert (between.status, between.error_code) == (QUEUED, "20429")
    clock.advance(600)
    worker.drain()  # the third attempt asks again, finds it, sends nothing
    assert row(db_engine, outbox_id).status == SENT
    assert fake_twilio.lists == 2
    sent_once(fake_twilio, outbox_id)


def test_a_late_callback_after_a_later_failure_still_saves_the_text(
    db_engine, fake_twilio, worker, clock, callback
):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(CREATED_THEN_RESET)
    fake_twilio.script_list(SERVER_ERROR)
    worker.drain()
    clock.advance(60)
    worker.drain()
    assert row(db_engine, outbox_id).error_code == "20500"  # no longer `network`
    [first] = fake_twilio.created()
    assert callback(outbox_id, first.sid, "delivered").status_code == 204
    clock.advance(600)
    assert worker.drain() == 0  # nothing left to send
    done = row(db_engine, outbox_id)
    assert (done.status, done.provider_sid) == ("delivered", first.sid)
    sent_once(fake_twilio, outbox_id)


def test_a_worker_that_died_mid_send_is_looked_up_after_its_lease(
    db_engine, fake_twilio, settings, worker, clock
):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    [item] = claim(db_engine, settings, "dead", clock.now(), 10, None)
    TwilioSender(settings).send(item)  # Twilio took it; the worker died before recording it
    clock.advance(settings.lease_seconds + 1)
    assert worker.drain() == 1
    assert row(db_engine, outbox_id).status == SENT
    assert fake_twilio.lists == 1
    sent_once(fake_twilio, outbox_id)


def test_a_text_that_never_reached_twilio_is_sent_after_the_lookup(
    db_engine, fake_twilio, worker, clock
):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(RESET)  # connection reset before Twilio created anything
    worker.drain()
    clock.advance(60)
    worker.drain()
    assert row(db_engine, outbox_id).status == SENT
    assert fake_twilio.lists == 1
    sent_once(fake_twilio, outbox_id)


def test_an_older_message_with_the_same_body_is_not_taken_for_it(
    db_engine, fake_twilio, worker, clock
):
    [first] = queue(db_engine, ALICE, "Vote recorded.")
    worker.drain()  # sent, really
    clock.advance(3600)
    [second] = queue(db_engine, ALICE, "Vote recorded.", now=clock.now())
    fake_twilio.script(RESET)
    worker.drain()
    clock.advance(60)
    worker.drain()
    assert row(db_engine, second).status == SENT
    assert fake_twilio.sent_to(ALICE) == ["Vote recorded.", "Vote recorded."]
    sent_once(fake_twilio, first)
    sent_once(fake_twilio, second)


def test_the_same_words_sent_a_moment_before_are_not_taken_for_it(
    db_engine, fake_twilio, worker, clock
):
    """ "Vote changed to JA." twice within seconds: the first is at Twilio, the second's send
    never reached it. The lookup leaves out the message the first row holds, and sends."""
    [first] = queue(db_engine, ALICE, "Vote changed to JA.")
    worker.drain()
    clock.advance(1)
    [second] = queue(db_engine, ALICE, "Vote changed to JA.", now=clock.now())
    fake_twilio.script(RESET)  # refused before Twilio created anything: the outcome is unknown
    worker.drain()
    assert row(db_engine, second).unsure_since is not None
    clock.advance(2)  # still within the clocks' allowance of the first message
    worker.drain()
    assert row(db_engine, second).status == SENT
    assert fake_twilio.lists == 1
    sent_once(fake_twilio, first)
    sent_once(fake_twilio, second)
    assert row(db_engine, second).provider_sid != row(db_engine, first).provider_sid


def test_a_message_still_queued_at_twilio_is_found(db_engine, fake_twilio, worker, clock):
    fake_twilio.keep_queued = True  # no date_sent yet: a DateSent filter would miss it
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(CREATED_THEN_RESET)
    worker.drain()
    clock.advance(60)
    worker.drain()
    assert row(db_engine, outbox_id).status == SENT
    sent_once(fake_twilio, outbox_id)


def test_with_a_messaging_service_the_service_messages_are_searched(
    database_url, db_engine, fake_twilio, clock
):
    fake_twilio.clock = clock.now
    service = "MG" + "1" * 32
    settings = settings_for(
        database_url, fake_twilio, twilio_from_number=None, twilio_messaging_service_sid=service
    )
    w = Worker(db_engine, settings, clock=clock, rand=lambda: 1.0)
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(CREATED_THEN_RESET)
    w.drain()
    clock.advance(60)
    w.drain()
    assert row(db_engine, outbox_id).status == SENT
    sent_once(fake_twilio, outbox_id)


def test_when_listing_is_refused_for_good_the_text_is_sent_anyway(
    db_engine, fake_twilio, worker, clock
):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(RESET)
    fake_twilio.script_list(error(20003, 401, "Authenticate"))
    worker.drain()
    clock.advance(60)
    worker.drain()
    assert row(db_engine, outbox_id).status == SENT  # at least once rather than never
    sent_once(fake_twilio, outbox_id)


def test_the_doubt_is_dated_from_the_attempt_that_had_it(db_engine, fake_twilio, worker, clock):
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.script(RESET)
    worker.drain()
    unsure = row(db_engine, outbox_id).unsure_since
    assert unsure.replace(tzinfo=START.tzinfo) == START
    clock.advance(60)
    fake_twilio.script(TOO_MANY_REQUESTS)
    worker.drain()
    assert row(db_engine, outbox_id).unsure_since == unsure  # the 429 changed nothing about it
