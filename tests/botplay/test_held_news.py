"""News that rides in the next text (issue 20): when a step leaves the game waiting only on
computer players who move within seconds, a person is not texted the step's public news on its
own: it comes with the text their move brings (the vote prompt, say), before any bot's table
talk about it. Secrets and prompts are never held; a pause longer than NEWS_HOLD texts the news
at once."""

from __future__ import annotations

from bot_phones import Phones

from sh_sms.games.standard.engine.state import CHANCELLOR_ENACT, NOMINATE, PRESIDENT_DISCARD, VOTE

ROLES = [
    "liberal",
    "liberal",
    "fascist",
    "hitler",
    "liberal",
]  # Ana, BenBot, CalBot, DotBot, EliBot


def ana_votes_last(phones: Phones, before: tuple = ()) -> dict[str, str]:
    """Ana and four bots; BenBot, President, and CalBot, Chancellor, are elected by Ana's JA,
    the last vote (the bots have voted JA). Return what her vote caused."""
    phones.start(before=before)
    votes = [None, True, True, True, True]
    phones.rig(roles=ROLES, phase=VOTE, president=1, chancellor=2, rotation=1, votes=votes)
    return phones.text("Ana", "JA")


def test_a_bot_government_is_told_in_one_text_with_the_next_vote(phones: Phones):
    assert ana_votes_last(phones) == {}  # BenBot discards within seconds: the result waits
    assert phones.state().phase == PRESIDENT_DISCARD
    assert phones.bots(phones.at(seconds=5)) == {}  # CalBot enacts within seconds
    assert phones.state().phase == CHANCELLOR_ENACT
    assert phones.bots(phones.at(seconds=5)) == {}  # CalBot is the next candidate
    assert phones.state().phase == NOMINATE and phones.state().president == 2
    out = phones.bots(phones.at(seconds=5))  # the claims, then CalBot nominates
    assert phones.state().phase == VOTE
    lines = out["Ana"].splitlines()  # one text, in the order things happened
    assert lines[0] == "BenBot+CalBot ELECTED 5-0."
    assert lines[1].startswith("Enacted: ")
    claims = [n for n, line in enumerate(lines) if line.startswith(("BenBot: ", "CalBot: "))]
    nominated = next(n for n, line in enumerate(lines) if line.startswith("CalBot nominated "))
    assert claims and min(claims) > 1 and max(claims) < nominated
    assert lines[-1] == "Reply JA or NEIN. Result when all have voted; till then you may change it."


def test_a_long_bot_pause_texts_the_news_at_once(phones: Phones):
    out = ana_votes_last(phones, before=("SET BOTSPEED 60",))
    assert out == {"Ana": "BenBot+CalBot ELECTED 5-0."}


def test_secrets_are_never_held(phones: Phones):
    phones.start()
    votes = [None, True, True, True, True]
    phones.rig(roles=ROLES, phase=VOTE, president=0, chancellor=2, rotation=0, votes=votes)
    out = phones.text("Ana", "JA")  # her cards and prompt at once, with the result
    assert out["Ana"].startswith("ELECTED 5-0.\nNo talk till enacted.\nYou drew ")
    card = phones.state().hand[0]
    out = phones.text("Ana", f"DISCARD {card}")  # the game now waits on CalBot
    assert out == {"Ana": f"You discarded {card}."}  # her own secret goes at once
    assert phones.bots(phones.at(seconds=5)) == {}  # enacted; BenBot, a bot, is the candidate
    out = phones.bots(phones.at(seconds=5))
    assert "Enacted: " in out["Ana"] and "BenBot nominated " in out["Ana"]
