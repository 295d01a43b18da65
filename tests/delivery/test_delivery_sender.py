"""Failures that are the sender's, not the recipient's (trial account, unregistered number, bad
credentials...): never retried, never silent. The host of the game is told once by text when a
text can still reach them, the board gets a banner, the operator a log line."""

from __future__ import annotations

import logging

import pytest
from delivery_helpers import (
    CALLBACK,
    FROM,
    Phones,
    bodies_to,
    contact,
    last_id,
    number,
    post_status,
    rows,
)
from delivery_helpers import twilio_settings as settings_for
from fake_twilio import Reply, error
from sqlmodel import Session, select

from sh_sms.delivery.errors import FAIL, SENDER_CODES, classify
from sh_sms.delivery.sender_alerts import sender_problem
from sh_sms.delivery.worker import Worker
from sh_sms.store import FAILED, SENT, UNDELIVERED, Game

TRIAL = error(21608, 400, "The number is unverified. Trial accounts cannot send messages.")
UNREGISTERED = error(30034, 400, "Message from an unregistered number")
BAD_LOGIN = error(20003, 401, "Authenticate")


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
def worker(database_url, db_engine, fake_twilio):
    """A worker sending to the fake."""
    return Worker(db_engine, settings_for(database_url, fake_twilio), rand=lambda: 1.0)


@pytest.fixture
def lobby(app, db_engine, fake_twilio):
    """Ana (host), Bob and Cy in a lobby, signed texts; their numbers and the game's id."""
    phones = Phones(app.test_client(), fake_twilio.auth_token)
    _code, numbers = phones.lobby(db_engine, ["Ana", "Bob", "Cy"])
    [game_id] = {r.game_id for r in rows(db_engine)}
    return numbers, game_id


def banner(db_engine, game_id: int) -> str | None:
    """What the game's board shows about the sender."""
    with Session(db_engine) as session:
        return sender_problem(session, game_id)


@pytest.mark.parametrize("code", sorted(SENDER_CODES))
def test_sender_codes_are_permanent_and_not_the_recipients_fault(code):
    outcome = classify(code, 401 if code == 20003 else 400)
    assert (outcome.kind, outcome.sender, outcome.unreachable) == (FAIL, True, False)


def test_the_host_is_told_once_who_missed_a_text_and_the_board_shows_it(
    db_engine, fake_twilio, worker, lobby, caplog
):
    (ana, bob, cy), game_id = lobby
    fake_twilio.script_to(bob, TRIAL)  # Bob and Cy are not verified, Ana is
    fake_twilio.script_to(cy, TRIAL)
    mark = last_id(db_engine)
    with caplog.at_level(logging.ERROR):
        worker.drain()
    missed = [r for r in rows(db_engine) if r.to_number in (bob, cy)]
    assert len(missed) == 2
    for failed in missed:  # never retried
        assert (failed.status, failed.error_code, failed.attempts) == (FAILED, "21608", 1)
        known = contact(db_engine, failed.to_number)
        assert known is None or not known.unreachable  # not the number's fault
    [told] = bodies_to(db_engine, ana, mark)  # once, though two texts failed
    assert told.startswith("A text to Bob did not arrive")
    assert "trial account" in told
    assert fake_twilio.sent_to(ana)[-1] == told  # and it reached the host
    assert "trial account" in banner(db_engine, game_id)
    logged = [r.getMessage() for r in caplog.records if "sender_problem" in r.getMessage()]
    assert len(logged) == 2 and "code=21608" in logged[0] and bob not in logged[0]


def test_a_spanish_table_s_host_is_told_in_spanish(app, db_engine, fake_twilio, worker):
    """The host reads the text about a missed one in the language they play in."""
    phones = Phones(app.test_client(), fake_twilio.auth_token)
    ana, bob = number(1), number(2)
    phones.text(ana, "NUEVO Ana")
    with Session(db_engine) as session:
        code = session.exec(select(Game.code)).one()
    phones.text(bob, f"UNIRSE {code} Bob")
    fake_twilio.script_to(bob, UNREGISTERED)
    mark = last_id(db_engine)
    worker.drain()
    [told] = bodies_to(db_engine, ana, mark)
    assert told.startswith("Un mensaje a Bob no ha llegado"), told
    assert "registrado" in told


def test_when_the_text_to_the_host_fails_too_nothing_loops(db_engine, fake_twilio, worker, lobby):
    (ana, bob, cy), game_id = lobby
    fake_twilio.script_to(ana, Reply(), Reply(), Reply(), UNREGISTERED)  # the 4th: the notice
    fake_twilio.script_to(bob, UNREGISTERED)
    fake_twilio.script_to(cy, UNREGISTERED)
    queued = len(rows(db_engine))
    assert worker.drain() == queued + 1  # and the one telling the host, which fails too
    notice = rows(db_engine)[-1]
    assert (notice.to_number, notice.status) == (ana, FAILED)
    assert "did not arrive" in notice.body
    assert "not registered for US texting" in banner(db_engine, game_id)
    assert worker.drain() == 0


def test_when_the_hosts_own_text_fails_the_host_is_not_texted_about_it(
    db_engine, fake_twilio, worker, lobby
):
    (ana, _bob, _cy), game_id = lobby
    fake_twilio.script_to(ana, BAD_LOGIN)
    mark = last_id(db_engine)
    worker.drain()
    assert bodies_to(db_engine, ana, mark) == []
    assert "Twilio login is wrong" in banner(db_engine, game_id)


def test_a_failure_reported_by_a_status_callback_tells_the_host(
    app, db_engine, fake_twilio, worker, lobby
):
    (ana, bob, _cy), _game_id = lobby
    worker.drain()
    assert {r.status for r in rows(db_engine)} == {SENT}
    to_bob = rows(db_engine, to_number=bob)[0]
    mark = last_id(db_engine)
    form = {"MessageSid": to_bob.provider_sid, "MessageStatus": "undelivered", "ErrorCode": "30034"}
    response = post_status(app.test_client(), fake_twilio.auth_token, f"id={to_bob.id}", **form)
    assert response.status_code == 204
    assert rows(db_engine, to_number=bob)[0].status == UNDELIVERED
    [told] = bodies_to(db_engine, ana, mark)
    assert "Bob" in told and "registered" in told


def test_a_game_without_trouble_has_no_banner(db_engine, worker, lobby):
    _numbers, game_id = lobby
    worker.drain()
    assert banner(db_engine, game_id) is None
