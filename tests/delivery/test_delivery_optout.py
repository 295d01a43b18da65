"""Carrier keywords through the webhook: STOP and its kin (END, REVOKE, OPTOUT...) opt out and
the table is told, nothing is sent until START, a host who opts out hands the host role on, the
host's own command is ENDGAME, HELP and INFO are answered."""

from __future__ import annotations

import re

import pytest
from delivery_helpers import Phones, bodies_to, contact, game_code, last_id, number, rows

from sh_sms.config import Settings
from sh_sms.conversation.keywords import keyword_text
from sh_sms.delivery.worker import Worker
from sh_sms.store import CANCELLED, DELIVERED

STOP_NEWS = "Bob has opted out of texts and can no longer be reached."


CLOSE_LOBBY = r"Reply ENDGAME YES to close game [A-Z]{4} for everyone before it starts\."


@pytest.fixture
def phones(make_app) -> Phones:
    """Players texting the simulator app."""
    return Phones(make_app().test_client())


@pytest.fixture
def lobby(phones, db_engine):
    """Ana (host), Bob and Cy in a lobby: their numbers."""
    _code, numbers = phones.lobby(db_engine, ["Ana", "Bob", "Cy"])
    return numbers


@pytest.mark.parametrize(
    "word",
    [
        *("STOP", "stop", "Stop.", "STOPALL", "UNSUBSCRIBE", "CANCEL", "QUIT"),
        *("END", "end", "REVOKE", "OPTOUT"),
    ],
)
def test_a_stop_word_opts_out_and_the_table_is_told(phones, db_engine, lobby, word):
    ana, bob, cy = lobby
    mark = last_id(db_engine)
    phones.text(bob, word)
    assert contact(db_engine, bob).opted_out
    assert bodies_to(db_engine, bob, mark) == []  # the carrier confirms; we say nothing
    assert bodies_to(db_engine, cy, mark) == [STOP_NEWS]
    [to_host] = bodies_to(db_engine, ana, mark)
    assert to_host.startswith(STOP_NEWS)
    for option in ("START", "KICK Bob", "ENDGAME"):
        assert option in to_host


def test_nothing_is_sent_to_an_opted_out_number_until_start(phones, db_engine, lobby):
    _ana, bob, cy = lobby
    queued_before = [r.id for r in rows(db_engine, to_number=bob)]
    phones.text(bob, "STOP")
    phones.text(bob, "STOP")  # told once
    phones.text(number(4), f"JOIN {game_code(db_engine)} Dee")
    assert bodies_to(db_engine, cy).count(STOP_NEWS) == 1
    assert not any("Dee" in b for b in bodies_to(db_engine, bob))

    Worker(db_engine, Settings(database_url="sqlite://")).drain()
    for r in rows(db_engine, to_number=bob):
        assert r.id in queued_before
        assert (r.status, r.error_code) == (CANCELLED, "opted_out")
    assert {r.status for r in rows(db_engine) if r.to_number != bob} == {DELIVERED}

    mark = last_id(db_engine)
    phones.text(bob, "START")
    assert not contact(db_engine, bob).opted_out
    assert bodies_to(db_engine, bob, mark) == ["You are opted back in to texts from this number."]
    assert bodies_to(db_engine, cy, mark) == ["Bob can be reached by text again."]
    phones.text(cy, "hello all")
    assert bodies_to(db_engine, bob, mark)[-1] == "Cy: hello all"


def test_start_from_a_number_that_never_opted_out_is_the_game_command(phones, db_engine, lobby):
    ana, _bob, _cy = lobby
    mark = last_id(db_engine)
    phones.text(ana, "START")
    [reply] = bodies_to(db_engine, ana, mark)
    assert reply.startswith("A game needs 5-10 players")
    assert contact(db_engine, ana) is None or not contact(db_engine, ana).opted_out


def test_endgame_is_the_hosts_command(phones, db_engine, lobby):
    ana, _bob, cy = lobby
    mark = last_id(db_engine)
    phones.text(ana, "ENDGAME")
    [asked] = bodies_to(db_engine, ana, mark)
    assert re.fullmatch(CLOSE_LOBBY, asked), asked
    assert contact(db_engine, ana) is None or not contact(db_engine, ana).opted_out
    assert bodies_to(db_engine, cy, mark) == []


def test_a_host_who_opts_out_hands_the_host_role_to_the_next_reachable_player(
    phones, db_engine, lobby
):
    ana, bob, cy = lobby
    phones.text(bob, "STOP")  # Bob, next in seat order, cannot be reached: Cy is next
    mark = last_id(db_engine)
    phones.text(ana, "END")
    assert contact(db_engine, ana).opted_out
    assert bodies_to(db_engine, ana, mark) == []
    [to_cy] = bodies_to(db_engine, cy, mark)
    assert to_cy.startswith("Ana has opted out of texts and can no longer be reached.")
    assert "You are now the host." in to_cy
    assert "You are host" in to_cy and "ENDGAME" in to_cy
    mark = last_id(db_engine)
    phones.text(cy, "ENDGAME")
    [asked] = bodies_to(db_engine, cy, mark)
    assert re.fullmatch(CLOSE_LOBBY, asked), asked


def test_end_taken_by_the_carrier_as_an_opt_out_opts_out(phones, db_engine, lobby):
    _ana, bob, cy = lobby
    mark = last_id(db_engine)
    phones.text(bob, "END", OptOutType="STOP")
    assert contact(db_engine, bob).opted_out
    assert bodies_to(db_engine, cy, mark) == [STOP_NEWS]


def test_twilio_opt_in_words_bring_an_opted_out_number_back(phones, db_engine, lobby):
    _ana, bob, cy = lobby
    phones.text(bob, "STOP")
    mark = last_id(db_engine)
    phones.text(bob, "YES", OptOutType="START")
    assert not contact(db_engine, bob).opted_out
    assert bodies_to(db_engine, cy, mark) == ["Bob can be reached by text again."]


def test_opt_out_type_only_decides_for_keywords(db_engine):
    someone = number(9)
    assert keyword_text(db_engine, someone, "YES", "START") == "YES"  # a vote, not an opt-in
    assert keyword_text(db_engine, someone, "ENDGAME", None) == "ENDGAME"
    assert keyword_text(db_engine, someone, "END", "STOP") == "STOP"
    assert keyword_text(db_engine, someone, "INFO", "HELP") == "INFO"  # help already
    assert keyword_text(db_engine, someone, "what?", "HELP") == "HELP"
    assert keyword_text(db_engine, someone, "HELP NOM", "HELP") == "HELP NOM"


@pytest.mark.parametrize("where", ["no game", "lobby"])
def test_help_always_gets_a_reply(phones, db_engine, lobby, where):
    phone = number(9) if where == "no game" else lobby[1]
    for text, extra in (("HELP", {}), ("INFO", {"OptOutType": "HELP"})):
        mark = last_id(db_engine)
        phones.text(phone, text, **extra)
        [reply] = bodies_to(db_engine, phone, mark)
        assert "NEW" in reply or "START" in reply


@pytest.mark.parametrize("text", ["stop?", "stop it", "STOP please", "quit?"])
def test_a_carrier_word_with_more_is_talk(phones, db_engine, lobby, text):
    # Carriers act on the keyword alone: "stop?" (issue 17) opted a player out before.
    _ana, bob, cy = lobby
    mark = last_id(db_engine)
    phones.text(bob, text)
    assert contact(db_engine, bob) is None or not contact(db_engine, bob).opted_out
    assert bodies_to(db_engine, cy, mark) == [f"Bob: {text}"]


def test_where_twilio_sends_opt_out_type_it_decides(phones, db_engine, lobby):
    _ana, bob, cy = lobby
    mark = last_id(db_engine)
    phones.text(bob, "stop?", OptOutType="STOP")  # Twilio took it as an opt-out: so do we
    assert contact(db_engine, bob).opted_out
    assert bodies_to(db_engine, cy, mark) == [STOP_NEWS]
    assert keyword_text(db_engine, number(9), "stop?", None) == "stop?"
    assert keyword_text(db_engine, number(9), "stop it", "STOP") == "STOP"
    assert keyword_text(db_engine, number(9), "help me", "HELP") == "HELP"
