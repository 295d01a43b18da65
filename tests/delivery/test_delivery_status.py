"""`POST /sms/status`: Twilio's status callbacks, signed, move each row on and never back."""

from __future__ import annotations

import pytest
from delivery_helpers import CALLBACK, FROM, START, Phones, contact, number, post_status, queue, row
from delivery_helpers import twilio_settings as settings_for

from sh_sms.delivery.claims import claim, record
from sh_sms.delivery.errors import SENT as ACCEPTED
from sh_sms.delivery.errors import Outcome
from sh_sms.delivery.worker import Worker
from sh_sms.store import DELIVERED, QUEUED, SENDING, SENT, UNDELIVERED

ALICE = number(1)


@pytest.fixture
def app(make_app, fake_twilio):
    """The app under the Twilio backend, sending to the fake."""
    return make_app(
        twilio_account_sid=fake_twilio.account_sid,
        twilio_auth_token=fake_twilio.auth_token,
        twilio_from_number=FROM,
        twilio_api_url=fake_twilio.url,
        status_callback_url=CALLBACK,
    )


@pytest.fixture
def callback(app, fake_twilio):
    """Post a signed status callback about an outbox row."""
    client = app.test_client()

    def post(outbox_id, sid, status, code=None, token=fake_twilio.auth_token):
        form = {"MessageSid": sid, "MessageStatus": status, "AccountSid": fake_twilio.account_sid}
        if code is not None:
            form["ErrorCode"] = str(code)
        query = f"id={outbox_id}" if outbox_id is not None else ""
        return post_status(client, token, query, **form)

    return post


@pytest.fixture
def worker(database_url, db_engine, fake_twilio, clock):
    """A worker on the fake clock, without jitter."""
    settings = settings_for(database_url, fake_twilio)
    return Worker(db_engine, settings, clock=clock, rand=lambda: 1.0, name="w")


def sent_row(db_engine, worker, to=ALICE) -> tuple[int, str]:
    """Queue a text and send it; return its id and Twilio SID."""
    [outbox_id] = queue(db_engine, to, "hi")
    worker.drain()
    return outbox_id, row(db_engine, outbox_id).provider_sid


def test_callbacks_need_a_valid_signature(db_engine, worker, callback):
    outbox_id, sid = sent_row(db_engine, worker)
    assert callback(outbox_id, sid, "delivered", token=None).status_code == 403
    assert callback(outbox_id, sid, "delivered", token="wrong").status_code == 403
    assert row(db_engine, outbox_id).status == SENT
    assert callback(outbox_id, sid, "delivered").status_code == 204
    assert row(db_engine, outbox_id).status == DELIVERED


def test_a_callback_without_a_status_is_refused(app, fake_twilio):
    response = post_status(app.test_client(), fake_twilio.auth_token, "id=1", MessageSid="SM1")
    assert response.status_code == 400


def test_statuses_only_move_forward(db_engine, worker, callback):
    outbox_id, sid = sent_row(db_engine, worker)
    for status in ("queued", "sent", "delivered", "sent", "queued"):
        assert callback(outbox_id, sid, status).status_code == 204
    done = row(db_engine, outbox_id)
    assert (done.status, done.error_code) == (DELIVERED, None)


def test_a_callback_finds_its_row_by_sid_when_the_url_has_no_id(db_engine, worker, callback):
    outbox_id, sid = sent_row(db_engine, worker)
    assert callback(None, sid, "delivered").status_code == 204
    assert row(db_engine, outbox_id).status == DELIVERED
    assert callback(None, "SMunknown", "delivered").status_code == 204  # not ours: ignored


def test_a_callback_before_the_worker_records_its_send(
    database_url, db_engine, fake_twilio, callback
):
    settings = settings_for(database_url, fake_twilio)
    [outbox_id] = queue(db_engine, ALICE, "hi")
    [item] = claim(db_engine, settings, "w", START, 10, None)
    assert callback(outbox_id, "SMfast", "sent").status_code == 204
    assert (row(db_engine, outbox_id).status, row(db_engine, outbox_id).provider_sid) == (
        SENT,
        "SMfast",
    )
    record(db_engine, settings, [(item, Outcome(ACCEPTED, sid="SMfast"))], "w", START)
    assert row(db_engine, outbox_id).status == SENT
    assert callback(outbox_id, "SMfast", "delivered").status_code == 204
    assert row(db_engine, outbox_id).status == DELIVERED


def test_an_unreachable_handset_is_sent_again_later(
    db_engine, worker, callback, clock, fake_twilio
):
    outbox_id, first_sid = sent_row(db_engine, worker)
    assert callback(outbox_id, first_sid, "undelivered", 30003).status_code == 204
    waiting = row(db_engine, outbox_id)
    assert (waiting.status, waiting.error_code, waiting.provider_sid) == (QUEUED, "30003", None)
    assert worker.drain() == 0
    clock.advance(2)
    assert worker.drain() == 1
    second_sid = row(db_engine, outbox_id).provider_sid
    assert second_sid != first_sid
    assert fake_twilio.sent_to(ALICE) == ["hi", "hi"]
    # A late callback about the first attempt changes nothing.
    callback(outbox_id, first_sid, "failed", 30003)
    assert row(db_engine, outbox_id).status == SENT
    callback(outbox_id, second_sid, "delivered")
    assert row(db_engine, outbox_id).status == DELIVERED


@pytest.mark.parametrize("code", [30005, 30006])
def test_a_dead_number_is_marked_unreachable_and_its_table_told(
    app, db_engine, worker, callback, fake_twilio, code
):
    phones = Phones(app.test_client(), fake_twilio.auth_token)
    _code, (ana, bob, cy) = phones.lobby(db_engine, ["Ana", "Bob", "Cy"])
    worker.drain()
    bob_rows = [c for c in fake_twilio.accepted() if c.to == bob]
    for call in bob_rows:
        assert callback(call.outbox_id, call.sid, "undelivered", code).status_code == 204
    assert [row(db_engine, c.outbox_id).status for c in bob_rows] == [UNDELIVERED] * len(bob_rows)
    assert row(db_engine, bob_rows[0].outbox_id).error_code == str(code)
    assert contact(db_engine, bob).unreachable
    worker.drain()
    told = [b for b in fake_twilio.sent_to(cy) if "Bob can no longer be reached" in b]
    assert len(told) == 1
    assert any("KICK Bob" in b for b in fake_twilio.sent_to(ana))


def test_a_filtered_message_fails_without_blaming_the_number(db_engine, worker, callback):
    outbox_id, sid = sent_row(db_engine, worker)
    callback(outbox_id, sid, "undelivered", 30007)
    assert (row(db_engine, outbox_id).status, row(db_engine, outbox_id).error_code) == (
        UNDELIVERED,
        "30007",
    )
    assert not contact(db_engine, ALICE) or not contact(db_engine, ALICE).unreachable


def test_a_delivery_shows_the_number_is_reachable_after_all(db_engine, worker, callback):
    first, sid = sent_row(db_engine, worker)
    callback(first, sid, "undelivered", 30006)
    assert contact(db_engine, ALICE).unreachable
    second, sid2 = sent_row(db_engine, worker)
    callback(second, sid2, "delivered")
    assert not contact(db_engine, ALICE).unreachable


def test_a_row_still_being_claimed_is_not_touched_by_a_stranger(
    database_url, db_engine, fake_twilio, callback
):
    settings = settings_for(database_url, fake_twilio)
    [outbox_id] = queue(db_engine, ALICE, "hi")
    claim(db_engine, settings, "w", START, 10, None)
    assert callback(outbox_id + 1, "SMx", "delivered").status_code == 204
    assert row(db_engine, outbox_id).status == SENDING


def test_a_send_that_timed_out_but_reached_twilio_is_not_sent_again(
    database_url, db_engine, fake_twilio, clock, callback
):
    settings = settings_for(database_url, fake_twilio, send_timeout_seconds=0.3)
    w = Worker(db_engine, settings, clock=clock, rand=lambda: 1.0)
    [outbox_id] = queue(db_engine, ALICE, "hi")
    fake_twilio.hold()  # Twilio creates the message but the answer never comes in time
    w.drain()
    fake_twilio.release()
    assert (row(db_engine, outbox_id).status, row(db_engine, outbox_id).error_code) == (
        QUEUED,
        "network",
    )
    assert callback(outbox_id, "SMlate", "sent").status_code == 204
    clock.advance(60)
    assert w.drain() == 0
    done = row(db_engine, outbox_id)
    assert (done.status, done.provider_sid, done.error_code) == (SENT, "SMlate", None)
    assert len(fake_twilio.calls) == 1


def test_a_callback_saves_the_text_of_a_worker_that_died_mid_send(
    database_url, db_engine, fake_twilio, clock, callback
):
    settings = settings_for(database_url, fake_twilio)
    [outbox_id] = queue(db_engine, ALICE, "hi")
    claim(db_engine, settings, "dead", START, 10, None)  # sent, then the worker died
    assert callback(outbox_id, "SMsent", "sent").status_code == 204
    clock.advance(settings.lease_seconds + 1)
    assert Worker(db_engine, settings, clock=clock).drain() == 0  # not sent a second time
    assert (row(db_engine, outbox_id).status, row(db_engine, outbox_id).provider_sid) == (
        SENT,
        "SMsent",
    )
    assert fake_twilio.calls == []


def test_a_late_delivery_report_does_not_undo_a_later_failure_so_the_table_hears_once(
    app, db_engine, worker, callback, fake_twilio
):
    """Callbacks come late and out of order (Twilio's own retries, a web process down for a
    while): the delivery of Bob's earlier text, reported after his later text failed, does not
    make him reachable again, so his next failure does not tell the table a second time."""
    phones = Phones(app.test_client(), fake_twilio.auth_token)
    _code, (_ana, bob, cy) = phones.lobby(db_engine, ["Ana", "Bob", "Cy"])
    worker.drain()
    earlier, later = queue(db_engine, bob, "earlier", "later")
    worker.drain()
    sid = {outbox_id: row(db_engine, outbox_id).provider_sid for outbox_id in (earlier, later)}
    callback(later, sid[later], "undelivered", 30005)
    callback(earlier, sid[earlier], "delivered")  # reported late
    assert contact(db_engine, bob).unreachable
    [again] = queue(db_engine, bob, "again")
    worker.drain()
    callback(again, row(db_engine, again).provider_sid, "undelivered", 30005)
    worker.drain()
    told = [b for b in fake_twilio.sent_to(cy) if "Bob can no longer be reached" in b]
    assert len(told) == 1


def test_a_delivery_after_the_failure_makes_the_number_reachable_again(db_engine, worker, callback):
    failed, delivered = queue(db_engine, ALICE, "first", "second")
    worker.drain()
    callback(failed, row(db_engine, failed).provider_sid, "undelivered", 30005)
    assert contact(db_engine, ALICE).unreachable
    callback(delivered, row(db_engine, delivered).provider_sid, "delivered")
    assert not contact(db_engine, ALICE).unreachable  # the phone is back
