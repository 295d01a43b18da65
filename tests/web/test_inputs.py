"""Malformed input at the edge: oversized and NUL-carrying SIDs, odd `To`/`AccountSid`, a 21-digit
callback `id`, junk statuses and error codes. Each gets a 400 (or is treated as absent where
Twilio may leave it out) before any query: never a 500, never a database error, never a raw
control character or number in the log. On both databases."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import func
from sqlmodel import Session, select
from web_helpers import NOW

from sh_sms.store import FAILED, SENT, Game, Inbound, Outbox

GOOD_SID = "SM" + "0123456789abcdef" * 2
FORM = {
    "From": "+15550100001",
    "To": "+15550009999",
    "Body": "NEW Ana",
    "MessageSid": GOOD_SID,
    "AccountSid": "AC" + "f" * 32,
}


def count(engine, model) -> int:
    with Session(engine) as session:
        return session.exec(select(func.count()).select_from(model)).one()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("MessageSid", "SM" + "a" * 63),  # 65 characters: over the column
        ("MessageSid", "SM12\x0034"),
        ("MessageSid", "SM12\n34"),
        ("MessageSid", "sm" + "a" * 32),
        ("MessageSid", "SM12 34"),
        ("AccountSid", "AC" + "1" * 70),
        ("AccountSid", "XX" + "1" * 32),
        ("AccountSid", "AC\x00"),
        ("To", "+1555\x00"),
        ("To", "+1" * 40),
    ],
)
def test_a_malformed_field_is_refused_before_any_query(client, engine, caplog, name, value):
    with caplog.at_level(logging.DEBUG):
        response = client.post("/sms", data={**FORM, name: value})
    assert response.status_code == 400
    assert (count(engine, Inbound), count(engine, Game)) == (0, 0)
    rejected = [r.getMessage() for r in caplog.records if "sms_rejected" in r.getMessage()]
    assert rejected and all("\n" not in line and "\x00" not in line for line in rejected)


@pytest.mark.parametrize(
    "sid", [GOOD_SID, "MM" + "0" * 32, "SIM" + "e" * 32, "SM" + "x" * 62, "SMretry0001"]
)
def test_well_formed_sids_go_through(client, engine, sid):
    assert client.post("/sms", data={**FORM, "MessageSid": sid}).status_code == 200
    assert count(engine, Inbound) == 1


def test_a_nul_in_the_body_is_dropped_and_the_text_applied(client, engine):
    response = client.post("/sms", data={**FORM, "Body": "NEW\x00 Ana\x00"})
    assert response.status_code == 200
    assert count(engine, Game) == 1


def test_a_junk_opt_out_type_counts_as_absent(client, engine):
    for junk in ("STOP\x00", "S" * 40, "ST OP"):
        form = {**FORM, "MessageSid": f"SM{len(junk):032x}", "OptOutType": junk}
        assert client.post("/sms", data=form).status_code == 200
    with Session(engine) as session:
        assert session.exec(select(Game)).first() is not None  # NEW Ana, not a STOP


def test_a_sid_with_a_number_and_a_newline_is_logged_escaped_and_masked(client, caplog):
    with caplog.at_level(logging.DEBUG):
        client.post("/sms", data={**FORM, "MessageSid": "SM\n+15550100001 forged=1"})
    text = caplog.text
    assert "5550100001" not in text
    assert "\\x0a" in text and "forged=1" not in text


def sent_row(engine) -> int:
    with Session(engine) as session:
        row = Outbox(
            to_number="+15550100001", body="hi", status=SENT, provider_sid=GOOD_SID, created_at=NOW
        )
        session.add(row)
        session.commit()
        return row.id


@pytest.mark.parametrize(
    "query", ["id=" + "9" * 21, "id=abc", "id=-1", "id=1.5", "id=%00", "id=١٢", "id=2147483648"]
)
def test_a_malformed_callback_id_is_a_400(client, engine, query):
    sent_row(engine)
    form = {"MessageSid": GOOD_SID, "MessageStatus": "delivered"}
    assert client.post(f"/sms/status?{query}", data=form).status_code == 400
    with Session(engine) as session:
        assert session.exec(select(Outbox.status)).one() == SENT


@pytest.mark.parametrize(
    "form",
    [
        {"MessageSid": "SM" + "a" * 63, "MessageStatus": "sent"},
        {"MessageSid": "SM\x00" + "a" * 32, "MessageStatus": "sent"},
        {"MessageSid": GOOD_SID, "MessageStatus": "sent\x00"},
        {"MessageSid": GOOD_SID, "MessageStatus": "x" * 100},
        {"MessageSid": GOOD_SID, "MessageStatus": "sent", "AccountSid": "AC\n1"},
    ],
)
def test_a_malformed_callback_field_is_a_400(client, engine, form):
    outbox_id = sent_row(engine)
    assert client.post(f"/sms/status?id={outbox_id}", data=form).status_code == 400


def test_an_empty_callback_id_counts_as_absent(client, engine):
    sent_row(engine)
    form = {"MessageSid": GOOD_SID, "MessageStatus": "delivered"}
    assert client.post("/sms/status?id=", data=form).status_code == 204
    with Session(engine) as session:
        assert session.exec(select(Outbox.status)).one() == "delivered"


@pytest.mark.parametrize("code", ["9" * 21, "30003\x00", "abc"])
def test_a_junk_error_code_counts_as_absent(client, engine, code):
    outbox_id = sent_row(engine)
    form = {"MessageSid": GOOD_SID, "MessageStatus": "failed", "ErrorCode": code}
    assert client.post(f"/sms/status?id={outbox_id}", data=form).status_code == 204
    with Session(engine) as session:
        row = session.get(Outbox, outbox_id)
        assert (row.status, row.error_code) == (FAILED, None)


def test_the_simulator_drops_nul_from_a_body(client, engine):
    response = client.post("/sim/send", json={"from": "+15550100001", "body": "NEW\x00 Ana"})
    assert response.get_json() == {"ok": True}
    assert count(engine, Game) == 1
