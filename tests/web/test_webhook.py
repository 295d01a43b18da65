"""POST /sms: Twilio signatures (direct, behind a proxy, with PUBLIC_BASE_URL) and answers."""

from __future__ import annotations

import logging

import pytest
from sqlmodel import Session, select
from twilio.request_validator import RequestValidator
from web_helpers import NOW

from sh_sms.store import Outbox

TOKEN = "test-auth-token"
EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response />'
FORM = {"From": "+15550100001", "Body": "NEW Ana", "MessageSid": "SM0001", "To": "+15550009999"}


def sign(url: str, form: dict = FORM, token: str = TOKEN) -> str:
    """The X-Twilio-Signature Twilio would send for `form` posted to `url`."""
    return RequestValidator(token).compute_signature(url, form)


@pytest.fixture
def twilio(make_app):
    """A client of an app under the Twilio backend (SID and token set)."""
    return make_app(
        twilio_account_sid="AC123", twilio_auth_token=TOKEN, twilio_from_number="+15550009999"
    ).test_client()


def assert_empty_twiml(response) -> None:
    assert response.status_code == 200
    assert response.mimetype == "text/xml"
    assert response.get_data(as_text=True) == EMPTY


def test_without_a_token_no_signature_is_needed(client, received):
    assert_empty_twiml(client.post("/sms", data=FORM))
    assert received == [("+15550100001", "NEW Ana", "SM0001", NOW)]


def test_a_missing_signature_is_refused(twilio, received):
    response = twilio.post("/sms", data=FORM)
    assert response.status_code == 403
    assert response.get_data() == b""
    assert received == []


def test_a_wrong_signature_is_refused(twilio, received):
    headers = {"X-Twilio-Signature": sign("http://localhost/sms", token="another-token")}
    assert twilio.post("/sms", data=FORM, headers=headers).status_code == 403
    tampered = {**FORM, "Body": "END YES"}
    headers = {"X-Twilio-Signature": sign("http://localhost/sms")}
    assert twilio.post("/sms", data=tampered, headers=headers).status_code == 403
    assert received == []


def test_a_correct_signature_is_accepted(twilio, received):
    headers = {"X-Twilio-Signature": sign("http://localhost/sms")}
    assert_empty_twiml(twilio.post("/sms", data=FORM, headers=headers))
    assert [call[:3] for call in received] == [("+15550100001", "NEW Ana", "SM0001")]


def test_the_token_is_checked_under_the_simulator_backend_too(make_app, received):
    client = make_app(twilio_auth_token=TOKEN).test_client()
    assert client.post("/sms", data=FORM).status_code == 403
    headers = {"X-Twilio-Signature": sign("http://localhost/sms")}
    assert_empty_twiml(client.post("/sms", data=FORM, headers=headers))


def test_behind_herokus_router_the_host_and_the_forwarded_scheme_make_the_signed_url(
    twilio, received
):
    """Heroku's router passes the Host Twilio called and says https in X-Forwarded-Proto."""
    signature = sign("https://sms.example.org/sms")
    router = {"Host": "sms.example.org", "X-Forwarded-Proto": "https", "X-Forwarded-For": "1.2.3.4"}
    response = twilio.post("/sms", data=FORM, headers={**router, "X-Twilio-Signature": signature})
    assert_empty_twiml(response)
    # Without the forwarded scheme the app sees http://, which Twilio did not sign.
    plain = {"Host": "sms.example.org", "X-Twilio-Signature": signature}
    assert twilio.post("/sms", data=FORM, headers=plain).status_code == 403
    assert len(received) == 1


def test_a_forged_forwarded_host_is_not_trusted(twilio, received):
    """Heroku's router does not set X-Forwarded-Host: anyone can, with a signature of their own
    making for a host of theirs. Only the Host header (which the router routed by) counts."""
    forged = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"}
    headers = {**forged, "X-Twilio-Signature": sign("https://evil.example/sms", token=TOKEN)}
    # (a signature for the forged host made with the real token stands for any the attacker
    # could have: one Twilio made for their own app on that host, replayed here)
    assert twilio.post("/sms", data=FORM, headers=headers).status_code == 403
    assert received == []


def test_public_base_url_is_the_signed_one(make_app, received):
    client = make_app(
        twilio_account_sid="AC123",
        twilio_auth_token=TOKEN,
        twilio_from_number="+15550009999",
        public_base_url="https://sms.example.org/",
    ).test_client()
    headers = {"X-Twilio-Signature": sign("https://sms.example.org/sms")}
    assert_empty_twiml(client.post("/sms", data=FORM, headers=headers))
    headers = {"X-Twilio-Signature": sign("https://sms.example.org/sms?x=1")}
    assert_empty_twiml(client.post("/sms?x=1", data=FORM, headers=headers))
    headers = {"X-Twilio-Signature": sign("http://localhost/sms")}
    assert client.post("/sms", data=FORM, headers=headers).status_code == 403
    assert len(received) == 2


@pytest.mark.parametrize("sender", [None, "", "hello", "12", "+" + "1" * 40, "<script>"])
def test_an_unusable_sender_gets_the_empty_answer_and_nothing_else(client, received, sender):
    form = {k: v for k, v in FORM.items() if k != "From"}
    if sender is not None:
        form["From"] = sender
    assert_empty_twiml(client.post("/sms", data=form))
    assert received == []


def test_a_national_number_is_normalised(client, received):
    assert_empty_twiml(client.post("/sms", data={**FORM, "From": "(555) 010-0002"}))
    assert received[0][0] == "+15550100002"


def test_missing_body_and_sid_are_passed_as_empty_and_none(client, received):
    assert_empty_twiml(client.post("/sms", data={"From": "+15550100001"}))
    assert received == [("+15550100001", "", None, NOW)]


def test_a_crash_in_the_service_is_logged_masked_and_apologised_for(
    client, engine, monkeypatch, caplog
):
    def broken(*_args, **_kwargs):
        raise RuntimeError("boom for +15550100001 and +15550100002")

    monkeypatch.setattr("sh_sms.conversation.intake.receive", broken)
    with caplog.at_level(logging.DEBUG):
        assert_empty_twiml(client.post("/sms", data=FORM))
    assert "receive_failed" in caplog.text
    assert "+1******0001" in caplog.text
    assert "5550100001" not in caplog.text and "5550100002" not in caplog.text
    assert "NEW Ana" not in caplog.text
    with Session(engine) as session:
        rows = session.exec(select(Outbox)).all()
    assert [(r.to_number, r.body.startswith("Sorry")) for r in rows] == [("+15550100001", True)]
    assert_empty_twiml(client.post("/sms", data=FORM))  # Twilio's retry: no second apology
    with Session(engine) as session:
        assert len(session.exec(select(Outbox)).all()) == 1


def test_no_number_or_body_in_info_logs(client, received, caplog):
    with caplog.at_level(logging.INFO):
        client.post("/sms", data=FORM)
    assert "5550100001" not in caplog.text
    assert "NEW Ana" not in caplog.text


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_other_methods_are_not_allowed(client, method):
    assert getattr(client, method)("/sms").status_code == 405


def test_odd_bodies_never_cause_a_500(client, received):
    assert client.post("/sms", data=b"\xff\xfe", content_type="text/plain").status_code == 200
    assert client.post("/sms", json={"From": FORM["From"]}).status_code == 200
    big = {**FORM, "Body": "x" * 100_000}
    assert client.post("/sms", data=big).status_code == 413


def test_the_real_service_queues_the_reply(client, engine):
    assert_empty_twiml(client.post("/sms", data=FORM))
    assert_empty_twiml(client.post("/sms", data=FORM))  # a Twilio retry changes nothing
    with Session(engine) as session:
        rows = session.exec(select(Outbox)).all()
    assert [row.to_number for row in rows] == ["+15550100001"]


def test_an_mms_passes_its_picture_count_on_and_junk_counts_as_none(client, received):
    mms = {**FORM, "NumMedia": "2", "MediaUrl0": "https://api.twilio.com/x", "Body": "look"}
    assert_empty_twiml(client.post("/sms", data=mms))
    junk = {**FORM, "NumMedia": "lots", "MessageSid": "SM" + "9" * 32}
    assert_empty_twiml(client.post("/sms", data=junk))
    assert [call[1:2] + call[4:] for call in received] == [("look", 2), ("NEW Ana",)]
