"""Status callbacks are checked against the URL the worker gave Twilio, wherever
STATUS_CALLBACK_URL points (another host than PUBLIC_BASE_URL, a path of its own, a query)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from delivery_helpers import FROM, number, queue, row
from delivery_helpers import twilio_settings as settings_for
from twilio.request_validator import RequestValidator

from sh_sms.delivery.worker import Worker
from sh_sms.store import DELIVERED, SENT

ELSEWHERE = "https://hooks.elsewhere.example/twilio/status?app=sh"
PUBLIC = "https://sms.example.org"


@pytest.fixture
def app(make_app, fake_twilio):
    """The app with its public URL on one host and its status callbacks on another."""
    return make_app(
        twilio_account_sid=fake_twilio.account_sid,
        twilio_auth_token=fake_twilio.auth_token,
        twilio_from_number=FROM,
        twilio_api_url=fake_twilio.url,
        public_base_url=PUBLIC,
        status_callback_url=ELSEWHERE,
    )


def sent_through_the_fake(database_url, db_engine, fake_twilio) -> tuple[int, str]:
    """Queue one text and let a worker send it; return its id and the callback URL Twilio got."""
    [outbox_id] = queue(db_engine, number(1), "hi")
    settings = settings_for(database_url, fake_twilio, status_callback_url=ELSEWHERE)
    Worker(db_engine, settings).drain()
    [call] = fake_twilio.accepted()
    return outbox_id, call.form["StatusCallback"]


def post_signed(app, token: str, signed: str, path_and_query: str, form: dict):
    """POST `form` to the app, signed as Twilio signs it for the URL `signed`."""
    signature = RequestValidator(token).compute_signature(signed, form)
    return app.test_client().post(
        path_and_query, data=form, headers={"X-Twilio-Signature": signature}
    )


def test_a_callback_signed_for_the_configured_url_on_another_host_is_accepted(
    app, database_url, db_engine, fake_twilio
):
    outbox_id, given = sent_through_the_fake(database_url, db_engine, fake_twilio)
    assert given == f"{ELSEWHERE}&id={outbox_id}"
    form = {"MessageSid": row(db_engine, outbox_id).provider_sid, "MessageStatus": "delivered"}
    here = "/sms/status?" + urlsplit(given).query  # a proxy forwards it to this app
    response = post_signed(app, fake_twilio.auth_token, given, here, form)
    assert response.status_code == 204
    assert row(db_engine, outbox_id).status == DELIVERED


def test_a_callback_signed_for_another_url_is_refused(app, database_url, db_engine, fake_twilio):
    outbox_id, given = sent_through_the_fake(database_url, db_engine, fake_twilio)
    form = {"MessageSid": row(db_engine, outbox_id).provider_sid, "MessageStatus": "delivered"}
    here = "/sms/status?" + urlsplit(given).query
    forged = f"https://attacker.example/twilio/status?{urlsplit(given).query}"
    assert post_signed(app, fake_twilio.auth_token, forged, here, form).status_code == 403
    other_row = f"{ELSEWHERE}&id={outbox_id + 1}"  # signed for another row's URL
    assert post_signed(app, fake_twilio.auth_token, other_row, here, form).status_code == 403
    assert row(db_engine, outbox_id).status == SENT


def test_without_status_callback_url_public_base_url_is_the_signed_one(
    make_app, fake_twilio, database_url, db_engine
):
    app = make_app(
        twilio_account_sid=fake_twilio.account_sid,
        twilio_auth_token=fake_twilio.auth_token,
        twilio_from_number=FROM,
        public_base_url=PUBLIC,
    )
    [outbox_id] = queue(db_engine, number(1), "hi")
    form = {"MessageSid": "SM1", "MessageStatus": "sent"}
    given = f"{PUBLIC}/sms/status?id={outbox_id}"
    here = f"/sms/status?id={outbox_id}"
    assert post_signed(app, fake_twilio.auth_token, given, here, form).status_code == 204
    wrong = f"http://localhost/sms/status?id={outbox_id}"
    assert post_signed(app, fake_twilio.auth_token, wrong, here, form).status_code == 403
