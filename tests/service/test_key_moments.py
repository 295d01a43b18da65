"""Context at key moments, each in the text that announces it (issue 9): the danger of Hitler as
Chancellor, chaos clearing term limits, why a candidate comes next, what the executed may still
do, every role's goal, candidate versus office holder, help true for this table, real codes."""

from __future__ import annotations

import re

import pytest
from harness import NAMES, Table, deck, role_line, seated

from sh_sms.text.gsm import segments


@pytest.mark.parametrize("fascist", [2, 3])
def test_the_vote_prompt_warns_of_hitler_once_three_fascist_policies_are_down(
    table: Table, fascist: int
):
    long = ["Bartholomew1", "Maximilian12", "Evangelineq", "Christopher", "Anastasiaxyz"]
    seated(table, "L L F H L", names=long, fascist=fascist, draw=deck("F L F", fascist=fascist))
    out = table[long[0]].send(f"NOM {long[1]}")
    warning = "If Hitler is elected Chancellor now, fascists win."
    for body in out.values():
        assert (warning in body) == (fascist >= 3), body
        assert segments(body) == 1  # even with twelve-letter names, one segment


def test_chaos_says_term_limits_are_cleared(table: Table):
    code = seated(table, "L L F H L", tracker=2, draw=deck("L F F"))
    table.elect("Ana", "Bob", NAMES[:5], vote="NEIN")
    body = table["Cy"].last
    assert "Chaos! Top policy enacted: LIBERAL." in body
    assert "Term limits cleared." in body
    assert table.state(code).last_chancellor is None


def test_who_tells_a_candidate_from_the_president(table: Table):
    seated(table, "L L F H L", draw=deck("F L F"))
    assert "2 Bob" in table["Cy"].send("WHO").reply
    table["Ana"].send("NOM Bob")
    assert table["Cy"].send("WHO").reply.startswith("1 Ana (host, candidate); 2 Bob (nominee);")
    for name in NAMES[:5]:
        table[name].send("JA")
    who = table["Cy"].send("WHO").reply
    assert who.startswith("1 Ana (host, President); 2 Bob (Chancellor, term-limited);")


def test_help_nom_is_true_for_the_table(table: Table):
    seated(table, "L L F H L F L")
    assert (
        table["Cy"]
        .send("HELP NOM")
        .reply.endswith("The last elected President and Chancellor are term-limited.")
    )
    other = Table(table.app, table.clock)
    other.phone("X")  # a stranger: the rule in general
    general = other["X"].send("HELP NOM").reply
    assert "while more than 5 are alive" in general


def test_help_nom_with_five_alive(table: Table):
    seated(table, "L L F H L")
    assert (
        table["Cy"]
        .send("HELP NOM")
        .reply.endswith("With 5 alive, only the last elected Chancellor is term-limited.")
    )


def test_start_with_too_few_players_names_the_real_code(table: Table):
    code = table.lobby(["Ana", "Bob", "Cy"])
    reply = table["Ana"].send("START").reply
    assert reply == (
        f"A game needs 5-10 players; 3 are in. Friends join by texting JOIN {code} <name>,"
        " or text BOT 2 to fill the seats with computer players."
    )


def test_every_role_text_states_its_goal(table: Table):
    code = table.start(NAMES[:7], seed=3)
    roles = table.state(code).roles
    for seat, name in enumerate(NAMES[:7]):
        dealt = next(body for body in table[name].inbox if "has begun" in body)
        line = role_line(dealt)
        assert re.search(r"Win: .+\. Lose: .+\.$", line), line  # how the side wins and loses
        assert "Chancellor after 3 F" in line, line  # liberals too learn how Hitler wins
        if roles[seat] != "liberal":
            assert "Win: 6 F" in line and "Lose: 5 L" in line, line
        else:
            assert "Win: 5 L or Hitler executed" in line and "Lose: 6 F" in line, line


def test_a_picture_is_not_passed_on_and_its_caption_is_read_as_text(table: Table):
    seated(table, "L L F H L")
    picture = {"NumMedia": "1", "MediaUrl0": "https://api.twilio.com/m/1.jpg"}
    out = table["Cy"].send("", extra=picture)
    assert out == {
        "Cy": "Only text is read here, so your picture was not passed on. Please type your message."
    }
    out = table["Cy"].send("look at Bob's face", extra=picture)
    assert out.others()["Ana"] == "Cy: look at Bob's face"
    assert out["Cy"] == (
        "Only text is read here: your picture was not passed on, but your words were."
    )
