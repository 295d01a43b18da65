"""Near moves of a districts game read from words (issue 34, point 3): plainly one move with one
target is that move, a hedge is asked, other words are not a near move (`text.near`)."""

from __future__ import annotations

import pytest

from sh_sms.games.districts.text.near import near_move
from sh_sms.text.sentences import words_of

NAMES = ["Jo", "Ivy", "Lee", "Ben", "Kim"]


def _near(text: str):
    words = words_of(text)
    return near_move(words.words, words.question, NAMES, "Jo")


@pytest.mark.parametrize(
    ("text", "verb", "target"),
    [
        ("i'll go 3", "move", "3"),
        ("oh. move 3", "move", "3"),
        ("2", "move", "2"),
        ("ok vote ivy lol", "vote", "Ivy"),
        ("fine. VOTE Ben", "vote", "Ben"),
        ("drop 3", "discard", "3"),
        ("voy al 3", "move", "3"),
        ("me muevo al 2", "move", "2"),  # Spanish's own "me": no "vote for me"
        ("me voy al 1", "move", "1"),
        ("vale, voto a Ivy", "vote", "Ivy"),
        ("yo tambien voto a ivy jaja", "vote", "Ivy"),
        ("descarto la 2", "discard", "2"),
        ("descarto la fascista", "discard", "F"),  # a faction: the reader finds the card
        ("discard the oligarch", "discard", "O"),
    ],
)
def test_a_plain_near_move_is_that_move(text, verb, target):
    found = _near(text)
    assert found is not None and not found.hedged, found
    assert (found.verb, found.targets) == (verb, (target,))


@pytest.mark.parametrize(
    "text",
    [
        "maybe vote ivy?",
        "should i move 3",
        "2 or 3?",
        "ivy or lee?",
        "deberia votar a Lee",
        "igual voy al 2",
        "vote ivy or lee",
        "ok play?",
        "vote for me",
        "voto por mi",  # the voter: asked, as "vote for me"
    ],
)
def test_a_hedged_near_move_is_asked(text):
    found = _near(text)
    assert found is not None and found.hedged, found


@pytest.mark.parametrize(
    "text",
    [
        "everyone vote ivy",
        "i like 2",
        "dont vote for me lol",
        "move over ben",
        "lee is shady",
        "I moved house last week",
        "que juego es este",
    ],
)
def test_talk_is_no_near_move(text):
    assert _near(text) is None


@pytest.mark.parametrize("text", ["la juego", "ok play", "juego"])
def test_playing_the_policy_in_everyday_words_is_play(text):
    found = _near(text)
    assert found is not None and not found.hedged and (found.verb, found.targets) == ("play", ())
