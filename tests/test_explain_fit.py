"""Every answer to a question about how to play fits one segment and is GSM-7 (issue 25), with
the longest names a game allows; every game word and "how do i" topic the reading knows has an
answer (a new word in `text/helpwords.py` without one fails here)."""

from __future__ import annotations

import itertools

import pytest

from sh_sms.games.standard.engine.ruleset import standard
from sh_sms.games.standard.wording import naming
from sh_sms.text.gsm import is_gsm7, segments
from sh_sms.text.helpwords import HOW_TO, TERMS
from sh_sms.text.messages import render

LONG = [f"Abcdefghij{c}{c}" for c in "klmnopqrst"]  # ten players, 12 letters each
WORDS = naming(LONG, standard(10))
PROMPTED = ("nominate", "vote", "discard", "enact", "veto", "investigate", "elect", "execute")


def one_segment(text: str) -> None:
    assert text and is_gsm7(text) and segments(text) == 1, (len(text), text)


@pytest.mark.parametrize("term", sorted(set(TERMS.values())))
def test_every_game_word_has_a_one_segment_answer(term):
    one_segment(render("explain/term", terms=[term], **WORDS))


@pytest.mark.parametrize("pair", [["l", "f"], ["f", "l"], ["ja", "nein"], ["nein", "ja"]])
def test_pairs_are_told_apart_in_one_segment(pair):
    text = render("explain/term", terms=pair, **WORDS)
    one_segment(text)
    assert ("L" in text and "F" in text) or ("JA" in text and "NEIN" in text)


@pytest.mark.parametrize("topic", sorted(set(HOW_TO.values())))
def test_every_how_to_topic_has_a_one_segment_answer(topic):
    one_segment(render("explain/move", topic=topic, **WORDS))


def test_what_to_do_now_fits_one_segment_wherever_the_sender_stands():
    base = dict(code="BCDFGH", count=10, host_name=LONG[0], invited=None, seat=2)
    base |= dict(president=0, chancellor=1, prompt="", waiting="", voted=None)
    cases = [
        dict(where="lobby", host=True),
        dict(where="lobby", host=False),
        dict(where="after", host=False, invited="BCDFGH"),
        dict(where="after", host=False),
    ]
    for seat, voted in itertools.product((0, 1, 2), (None, True)):
        cases.append(dict(where="game", host=False, seat=seat, voting=voted is None, voted=voted))
    waiting = f"Waiting for President {LONG[0]} to investigate a player."
    cases.append(dict(where="game", host=False, dead=True))
    cases.append(dict(where="game", host=False, waiting=waiting))
    cases.append(
        dict(
            where="game",
            host=False,
            prompt="Reply EXECUTE <name>. Choices: " + ", ".join(LONG[1:6]) + ".",
        )
    )
    for case in cases:
        context = {"dead": False, "voting": False} | base | case
        one_segment(render("explain/now", **context, **WORDS))


def test_how_to_see_ones_role_fits_one_segment():
    for where in ("lobby", "game", "after"):
        one_segment(render("explain/role", where=where))
