"""A first-time group never gets stuck (issue 25): every example of the issue's "Why", through
POST /sms, with what the person holding the phone now sees.

- A voter the game waits on is never left guessing: a vote in a sentence is counted (and they
  are told), or they are asked with the exact command; a reaction is asked, never counted.
- Questions to the service are answered privately, and relayed where the sender may talk;
  questions to the table stay talk.
- No reply contradicts the game; the exact commands the referee typed work.
"""

from __future__ import annotations

import re

import pytest
from harness import NAMES, Table, deck, seated
from test_interpretation import ACTED, ANSWERED, ASKED_RELAYED, RELAYED, outcome, scene

from sh_sms.games.standard.engine.state import VOTE

VOTE_NEIN = "Vote NEIN? Reply NEIN. Your text went to the table."
VOTE_JA = "Vote JA? Reply JA. Your text went to the table."


@pytest.mark.parametrize(
    "text, expect, reply",
    [
        # Eve's three texts: each was only relayed, and she believed she had voted.
        ("i\u2019m voting ja obviously \U0001f602", ACTED, "Counted as JA from \"i'm voting ja"),
        ("nein lol ana and cy both voted no on bob", ASKED_RELAYED, VOTE_NEIN),
        ("oh i thought i did. NEIN", ACTED, 'Counted as NEIN from "oh i thought i did.'),
        # Plain instructions are made.
        ("i vote ja", ACTED, 'Counted as JA from "i vote ja"'),
        ("voting nein", ACTED, 'Counted as NEIN from "voting nein"'),
        ("thumbs up", ACTED, 'Counted as JA from "thumbs up"'),
        # Reactions are asked, never counted.
        ("lol no", ASKED_RELAYED, VOTE_NEIN),
        ("no thanks lol", ASKED_RELAYED, VOTE_NEIN),
        ("no me", ASKED_RELAYED, VOTE_NEIN),
        ("jah me", ASKED_RELAYED, VOTE_JA),
        ("lets ja this", ASKED_RELAYED, VOTE_JA),
        ("NOOOOOOOOOO", ASKED_RELAYED, VOTE_NEIN),
        # Any other text that speaks of the vote, from a voter the game waits on, is asked too.
        ("no way bob is liberal", ASKED_RELAYED, "To vote, reply JA or NEIN."),
        ("who are you voting for", ASKED_RELAYED, "To vote, reply JA or NEIN."),
        ("bob is sus", RELAYED, None),
    ],
)
def test_why_a_voter_the_game_waits_on_is_never_left_guessing(
    table: Table, text: str, expect: str, reply: str | None
):
    code = scene(table, "vote")
    seen, got = outcome(table, code, "Eve", text)
    assert seen == expect, got
    if reply is not None:
        assert got.startswith(reply), got
        assert len(got) <= 160, got


def test_a_voter_who_voted_is_only_relayed_and_a_reaction_never_closes_the_vote(table: Table):
    code = scene(table, "vote")
    for name in NAMES[:4]:
        table[name].send("JA")
    assert outcome(table, code, "Ana", "no way bob is liberal") == (RELAYED, None)
    seen, got = outcome(table, code, "Eve", "lol no")  # the last voter
    assert (seen, got) == (ASKED_RELAYED, VOTE_NEIN)
    assert table.state(code).phase == VOTE and table.state(code).votes[4] is None


def test_the_same_vote_again_says_nothing_changed(table: Table):
    code = scene(table, "vote")
    table["Cy"].send("JA")
    assert table["Cy"].send("JA").reply == "Your vote was already JA: nothing changed."
    out = table["Cy"].send("yeah")
    assert out.reply == 'Your vote was already JA (read from "yeah"): nothing changed.'
    assert table["Cy"].send("NEIN").reply.startswith("Vote changed to NEIN.")
    assert table.state(code).votes[2] is False


@pytest.mark.parametrize(
    "phase, sender, text, reply",
    [
        ("vote", "Eve", "WHAT DO I DO NOW", "Vote on President Ana with Chancellor Bob: reply JA"),
        ("vote", "Bob", "what do i do now", "Vote on President Ana with you as Chancellor:"),
        ("vote", "Eve", "HOW DO I SEE MY ROLE AGAIN", "Text ROLE: your role"),
        ("vote", "Eve", "wait whats a candidate", "The candidate is the player whose turn"),
        ("vote", "Eve", "how do i vote", "Vote on President Ana with Chancellor Bob: reply JA"),
        ("nominate", "Cy", "what does F mean", "F is a fascist policy"),
        ("nominate", "Cy", "how do i see my role", "Text ROLE"),
        ("nominate", "Cy", "what do i do now", "Nothing to do for you now. Waiting for Ana"),
        ("nominate", "Ana", "what do i do", "Your move. Round 1: you are the candidate."),
        ("nominate", "Cy", "how do i win", "Liberals win with 5 L or by executing Hitler;"),
    ],
)
def test_why_questions_to_the_service_are_answered_and_relayed(
    table: Table, phase: str, sender: str, text: str, reply: str
):
    code = scene(table, phase)
    version = table.game(code).version
    out = table[sender].send(text)
    assert out.reply.startswith(reply), out.reply
    assert len(out.reply) <= 160, out.reply
    assert set(out.others().values()) == {f"{sender}: {text}"}
    assert table.game(code).version == version  # nothing moved


def test_why_the_chancellor_who_may_not_talk_is_answered_with_the_move(table: Table):
    code = scene(table, "enact")
    out = table["Bob"].send("whats the difference between l and f again")
    assert out == {
        "Bob": "L is a liberal policy, F a fascist one. 5 L win for the liberals; 6 F (or Hitler"
        " as Chancellor after 3 F) for the fascists. Reply ENACT L or ENACT F."
    }
    assert table.state(code).phase == "chancellor_enact"


@pytest.mark.parametrize("text", ["who is hitler?", "why did you vote no?", "what does TD mean"])
def test_questions_to_the_table_stay_talk(table: Table, text: str):
    code = scene(table, "nominate")
    assert outcome(table, code, "Cy", text) == (RELAYED, None)


def test_why_a_lone_yes_after_endgame_during_a_vote_is_asked_naming_both(table: Table):
    code = scene(table, "vote")
    table["Ana"].send("JA")
    assert table["Ana"].send("ENDGAME").reply.startswith("Reply ENDGAME YES to end the game")
    out = table["Ana"].send("YES")
    assert out == {"Ana": "End the game for everyone? Reply ENDGAME YES. To vote JA, reply JA."}
    assert "changed" not in out.reply
    assert table.game(code).status == "active" and table.state(code).votes[0] is True
    out = table["Ana"].send("no")
    assert out.reply == "End the game for everyone? Reply ENDGAME YES. To vote NEIN, reply NEIN."
    assert table.state(code).votes[0] is True
    assert "GAME ENDED" in table["Ana"].send("ENDGAME YES").reply


def test_a_lone_yes_after_endgame_outside_a_vote_asks_to_confirm(table: Table, clock):
    code = scene(table, "nominate")
    table["Ana"].send("ENDGAME")
    out = table["Cy"].send("yes")  # not the host: talk
    assert set(out.others().values()) == {"Cy: yes"}
    out = table["Ana"].send("yes")
    assert out == {
        "Ana": "End the game for everyone, revealing all roles? Reply ENDGAME YES."
        " Anything else is talk."
    }
    assert table["Ana"].send("no").reply == (
        "The game goes on. To end it for everyone, reply ENDGAME YES."
    )
    clock.advance(minutes=11)  # no longer an answer to ENDGAME: talk, as ever
    assert set(table["Ana"].send("yes").others().values()) == {"Ana: yes"}
    assert table.game(code).status == "active"


@pytest.mark.parametrize("text", ["join", "join pls \U0001f602", "JOIN!", "im in", "yeah im in"])
def test_why_the_rematch_invitations_own_word_works_as_it_says(table: Table, text: str):
    code = seated(table, "L L F H L")
    table["Ana"].send("ENDGAME")
    table["Ana"].send("ENDGAME YES")
    invite = table["Ana"].send("REMATCH")
    new_code = re.search(r"\b[A-Z]{4,6}\b", invite.reply).group()
    assert invite["Bob"].startswith("Ana opened a rematch") and "Reply JOIN" in invite["Bob"]
    out = table["Bob"].send(text)
    assert out.reply.startswith(f"You joined game {new_code}."), out.reply
    assert [p.name for p in table.players(new_code)] == ["Ana", "Bob"]
    assert code != new_code


EXECUTE_SCENE = dict(fascist=4, phase="power", power="execution", draw=deck(fascist=4))


@pytest.mark.parametrize(
    "text, reply",
    [
        ("shoot 4 still", "Execute Dee? Reply EXECUTE DEE."),
        ("Shoot 1 ofc", "To execute, reply EXECUTE and a name"),
        ("Shoot 1 only", "To execute, reply EXECUTE and a name"),
        ("shoot 3 i agree", "Execute Cy? Reply EXECUTE CY."),
        ("kill 1 obv", "To execute, reply EXECUTE and a name"),
        ("shot 5", "Execute Eve? Reply EXECUTE EVE."),
        ("shoot 5 for that line", "Execute Eve? Reply EXECUTE EVE."),
    ],
)
def test_why_the_president_with_the_gun_is_asked_about_every_clear_command(
    table: Table, text: str, reply: str
):
    code = seated(table, "L L F H L F L", **EXECUTE_SCENE)
    seen, got = outcome(table, code, "Ana", text)
    assert got.startswith(reply), got
    assert seen == (ANSWERED if text == "shot 5" else ASKED_RELAYED)  # the move alone: not talk
    assert all(table.state(code).alive)


def test_why_inv_on_a_seat_is_asked(table: Table):
    code = scene(table, "investigate")
    seen, got = outcome(table, code, "Ana", "inv on 7")
    assert (seen, got) == (
        ASKED_RELAYED,
        "Investigate Gus? Reply INVESTIGATE GUS. Your text went to the table.",
    )


def test_why_the_start_of_a_name_that_is_a_word_nominates(table: Table):
    code = seated(table, "L L F H L", president=1)  # Bob is the candidate; Ana starts with "an"
    seen, _ = outcome(table, code, "Bob", "NOM an")
    assert seen == ACTED and table.state(code).chancellor == 0
    assert outcome(table, code, "Cy", "NOM me")[0] == RELAYED  # a word for people: talk


def test_why_a_dash_in_the_last_slot_of_powers_means_none(table: Table):
    table.lobby(NAMES[:5])
    out = table["Ana"].send("RULES POWERS NONE INV ELECT KILL -")
    assert not out.reply.startswith("RULES POWERS and five powers"), out.reply
    assert "Not changed" not in out.reply, out.reply


@pytest.mark.parametrize("text", ["SHOW Bob", "DROP", "KEEP"])
def test_why_show_and_drop_from_someone_who_cannot_use_them_are_answered(table: Table, text: str):
    code = scene(table, "nominate")
    seen, got = outcome(table, code, "Cy", text)
    assert seen == ANSWERED and got.startswith("Not"), got
    assert outcome(table, code, "Cy", "INVESTIGATE Bob")[1].startswith("Not")
