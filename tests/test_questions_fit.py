"""Every question and confirmation the reading sends fits one SMS segment (issue 17), with the
longest names a game allows (12 letters, ten players) and the longest words echoed back."""

from __future__ import annotations

import itertools

import pytest

from sh_sms.conversation.handlers.clarify import question
from sh_sms.text.gsm import is_gsm7, segments
from sh_sms.text.messages import naming, render

LONG = [f"Abcdefghij{c}{c}" for c in "klmnopqrst"]  # ten players, 12 letters each
VERBS = [
    *("nominate", "investigate", "elect", "execute", "kick", "discard", "enact", "ja", "nein"),
    *("veto", "veto_yes", "veto_no", "start", "leave", "endgame", "endgame_yes", "rematch"),
    *("pause", "resume", "remind", "new", "join", "bot", "vote", "veto_answer"),
    *("endgame_no",),  # the host's "no" soon after ENDGAME (issue 25)
]
TAILS = [
    dict(relayed=True, can_talk=True, lobby=False),
    dict(relayed=False, can_talk=True, lobby=False),
    dict(relayed=False, can_talk=False, lobby=False),
    dict(relayed=False, can_talk=True, lobby=True),
]


@pytest.mark.parametrize("verb", VERBS)
def test_every_question_fits_one_segment(verb):
    choice_sets = ([], LONG[:1], LONG[:2], LONG, ["F", "L"], ["9"])
    for choices, tail in itertools.product(choice_sets, TAILS):
        for started in (True, False):
            text = question(verb, list(choices), code="BCDF", started=started, **tail)
            assert is_gsm7(text) and segments(text) == 1, (verb, choices, tail, len(text), text)
            assert "Reply" in text or "reply" in text, text


@pytest.mark.parametrize("choice", ["JA", "NEIN", "VETO YES", "VETO NO"])
def test_the_host_asked_after_endgame_is_asked_in_one_segment_naming_both(choice):
    text = question("endgame_or", [choice], code="BCDF", started=True, **TAILS[0])
    assert segments(text) == 1 and "ENDGAME YES" in text and f"reply {choice}." in text, text


def test_vote_confirmations_and_near_misses_fit_one_segment():
    said = "x" * 24  # replies echo at most 24 characters of the player's words
    for vote, changed, open_ in itertools.product((True, False), repeat=3):
        text = render("reply/vote_read", vote=vote, said=said, changed=changed, open=open_)
        assert segments(text) == 1, text
        assert segments(render("reply/vote_again", vote=vote, said=said)) == 1
    for table in (True, False):
        text = render("refuse/near_miss", full="INVESTIGATE " + LONG[0], table=table)
        assert segments(text) == 1, text
        text = render("refuse/near_miss", full=f"JOIN BCDF {LONG[0]}", table=table)
        assert segments(text) == 1, text
    for started in (True, False):
        assert segments(render("reply/end_confirm", started=started, code="BCDF")) == 1
    assert segments(render("after/no_rematch")) == 1
    commands = ["DISCARD F", "DISCARD L"]
    assert segments(render("refuse/talk_session", commands=commands)) == 1
    text = render("help/vote", **naming(LONG), president=0, chancellor=1)
    assert segments(text) == 1, text
