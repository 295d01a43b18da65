"""Replies go only to mobile numbers of allowed countries (issue 18, Why 5: SMS pumping).

Under the Twilio backend, replies were queued to +882, +881, +870 (international networks), +979
(premium), +1 900 and +44 909 numbers, `whatsapp:+1...` got an SMS and `5551234` became
+15551234. Now such a text is recorded and logged (masked) and nothing is queued or sent.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest
from abuse_helpers import segments_caused
from harness import ACCOUNT_SID, SERVICE_NUMBER, Table
from sqlmodel import Session, select

from sh_sms.config import Settings
from sh_sms.delivery.claims import Claim
from sh_sms.delivery.destinations import allowed_regions
from sh_sms.delivery.errors import FAIL, REFUSED
from sh_sms.delivery.senders import TwilioSender
from sh_sms.store import Inbound

TWILIO = {"twilio_account_sid": ACCOUNT_SID, "twilio_from_number": SERVICE_NUMBER}
REFUSED_NUMBERS = {
    "+882123456789": "invalid",  # an international network
    "+881612345678": "country",  # satellite (Iridium): a valid number of no country
    "+870123456789": "invalid",  # Inmarsat
    "+979123456789": "country",  # international premium rate
    "+19005550123": "kind",  # US premium rate
    "+18005550123": "kind",  # toll free
    "+449091234567": "country",  # UK premium rate, and not the service's country
    "+33612345678": "country",  # a French mobile: valid, but not an allowed country
    "5551234": "invalid",  # a local number with no area code: never +15551234
}
TRIES = ("HELP", "NEW Ana", "JOIN ZZZZ Bob", "hello")


@pytest.fixture
def twilio(make) -> Table:
    """Phones texting an app under the Twilio backend (nothing is sent from the outbox here)."""
    return make(**TWILIO)


@pytest.mark.parametrize("number", sorted(REFUSED_NUMBERS))
def test_a_refused_number_is_recorded_and_logged_and_never_answered(twilio: Table, number, caplog):
    phone = twilio.phone(number, number)
    with caplog.at_level(logging.INFO, logger="sh_sms"):
        out = [phone.send(body) for body in TRIES]
        out.append(twilio.send(number, "", extra={"NumMedia": "1"}))
    assert segments_caused(out) == 0
    with Session(twilio.engine) as session:
        stored = {row.number for row in session.exec(select(Inbound))}
    refused = [r.getMessage() for r in caplog.records if "sms_refused" in r.getMessage()]
    assert len(refused) == len(TRIES) + 1
    assert f"reason={REFUSED_NUMBERS[number]}" in refused[0]
    e164 = "+15551234" if number == "5551234" else number
    assert stored == {e164}  # recorded (a retry of it changes nothing)
    assert e164 not in " ".join(refused) and e164[-4:] in refused[0]  # masked


def test_a_whatsapp_sender_gets_no_sms(twilio: Table, caplog):
    with caplog.at_level(logging.INFO, logger="sh_sms"):
        response = twilio.post("whatsapp:+14155550123", "HELP")
    assert response.status_code == 200
    assert twilio.new_rows() == []
    [line] = [r.getMessage() for r in caplog.records if "unusable_from" in r.getMessage()]
    assert "4155550123" not in line and "0123" in line


def test_mobile_numbers_of_the_service_country_are_answered(twilio: Table):
    assert allowed_regions(Settings(**TWILIO)) == frozenset({"US"})
    for number in ("+14155550123", "+15550100042"):  # a real-looking US one, a fictional one
        assert twilio.phone(number, number).send("HELP").reply


def test_allowed_countries_are_a_setting(make):
    table = make(**TWILIO, reply_countries="US,FR", reply_also_to="off")
    assert table.phone("fr", "+33612345678").send("HELP").reply
    assert not table.phone("fake", "+15550100042").send("HELP")  # 555: no real phone has it
    assert not table.phone("prem", "+19005550123").send("HELP")


def test_the_simulator_answers_its_fictional_numbers(table: Table):
    assert table.phone("sim", "+15550100001").send("HELP").reply


@pytest.mark.parametrize("number", ["+19005550123", "+882123456789"])
def test_the_worker_never_sends_to_a_refused_number_whatever_queued_it(number):
    settings = Settings(**TWILIO, twilio_auth_token="t", twilio_api_url="http://127.0.0.1:9")
    now = datetime(2026, 3, 4, tzinfo=UTC)
    outcome = TwilioSender(settings).send(Claim(1, number, "hi", 0, now, None))
    assert (outcome.kind, outcome.code, outcome.unreachable) == (FAIL, REFUSED, True)
