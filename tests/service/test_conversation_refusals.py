"""Every way a text can be refused: each engine reason reachable by text, bad names, typos,
extra words, and table talk the rules forbid. A refusal goes to the sender only, says why
(and what would work), and changes nothing."""

from __future__ import annotations

import pytest
from harness import NAMES, Table, deck, seated

EVERYONE5 = {"Ana", "Bob", "Cy", "Dee", "Eve"}


def refused(table: Table, code: str, name: str, text: str) -> str:
    """Send `text`; assert only the sender heard back and the game did not move; return it."""
    version = table.game(code).version
    out = table[name].send(text)
    assert list(out) == [name], out
    assert table.game(code).version == version, f"{text!r} changed the game"
    return out.reply


def test_not_your_turn(table: Table):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    reply = refused(table, code, "Bob", "NOM Cy")
    assert reply == "Not your turn: Waiting for Ana to nominate a Chancellor."
    table.elect("Ana", "Bob", NAMES[:5])
    reply = refused(table, code, "Bob", "DISCARD F")  # only the President holds 3
    assert reply == "Not your turn: Waiting for President Ana to discard a policy."
    table["Ana"].send("DISCARD F")
    reply = refused(table, code, "Cy", "ENACT L")
    assert reply == "Not your turn: Waiting for Chancellor Bob to enact a policy."
    reply = refused(table, code, "Ana", "ENACT L")
    assert reply == "Not your turn: Waiting for Chancellor Bob to enact a policy."


def test_wrong_phase(table: Table):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    assert refused(table, code, "Cy", "JA") == (
        "Not now: Waiting for Ana to nominate a Chancellor."
    )
    assert refused(table, code, "Ana", "DISCARD F").startswith(
        "Not now: Waiting for you to nominate a Chancellor."
    )
    assert refused(table, code, "Ana", "INV Bob").startswith("Not now:")
    table["Ana"].send("NOM Bob")
    reply = refused(table, code, "Ana", "NOM Cy")
    assert reply == (
        "Not now: Waiting for votes on you+Bob from you, Bob, Cy, Dee, Eve.\n"
        "Reply JA or NEIN. Result when all have voted; till then you may change it."
    )
    assert refused(table, code, "Bob", "VETO").startswith("Not now: Waiting for votes")
    assert refused(table, code, "Ana", "VETO YES").startswith("Not now: Waiting for votes")


def test_term_limited(table: Table):
    # Seven players: the last elected President and Chancellor are both term-limited (R5).
    code = seated(table, "L L F H L F L", draw=deck("F L F"))
    table.elect("Ana", "Bob", NAMES[:7])
    table["Ana"].send("DISCARD F")
    table["Bob"].send("ENACT L")
    reply = refused(table, code, "Bob", "NOM Ana")
    assert reply == (
        "Ana is term-limited.\n"
        "Round 2: you are the candidate. Reply NOM <name>. Eligible: Cy, Dee, Eve, Fay, Gus."
    )
    assert "term-limited" in table["Cy"].send("WHO").reply


def test_self_target_and_target_dead(table: Table):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    reply = refused(table, code, "Ana", "NOM Ana")
    assert reply.startswith("You cannot choose yourself.\nRound 1: you are the candidate.")
    table.rig(code, alive=[True, True, False, True, True])
    reply = refused(table, code, "Ana", "NOM cy")
    assert reply == (
        "Cy is dead.\nRound 1: you are the candidate. Reply NOM <name>. Eligible: Bob, Dee, Eve."
    )


def test_already_investigated(table: Table):
    code = seated(
        table, "L L F H L F L", fascist=2, phase="power", power="investigate",
        investigations=[[1, 2]], draw=deck(fascist=2),
    )  # fmt: skip
    reply = refused(table, code, "Ana", "INV Cy")
    assert reply.startswith("Cy was already investigated.")
    assert "Choices: Bob, Dee, Eve, Fay, Gus." in reply


def test_not_in_hand(table: Table):
    code = seated(table, "L L F H L", draw=deck("F F F"))
    table.elect("Ana", "Bob", NAMES[:5])
    reply = refused(table, code, "Ana", "DISCARD L")
    assert reply == ("You do not hold that policy.\nReply DISCARD F; the other two go to Bob.")
    table["Ana"].send("DISCARD F")
    assert refused(table, code, "Bob", "ENACT L").startswith("You do not hold that policy.")
    assert refused(table, code, "Bob", "DISCARD L").startswith("You do not hold that policy.")
    asked = "? Reply {0} F. You may not talk until the policy is enacted."
    assert refused(table, code, "Bob", "DISCARD X") == "Discard F" + asked.format("DISCARD")
    assert refused(table, code, "Bob", "ENACT") == "Enact F" + asked.format("ENACT")


def test_veto_locked(table: Table):
    code = seated(table, "L L F H L", fascist=4, draw=deck("F F L", fascist=4))
    table.elect("Ana", "Bob", NAMES[:5])
    table["Ana"].send("DISCARD L")
    reply = refused(table, code, "Bob", "VETO")
    assert reply == "Veto unlocks once 5 fascist policies are enacted.\nReply ENACT F."


def test_veto_already_proposed(table: Table):
    code = seated(table, "L L F H L", fascist=5, draw=deck("F F L", fascist=5))
    table.elect("Ana", "Bob", NAMES[:5])
    table["Ana"].send("DISCARD L")
    table["Bob"].send("VETO")
    table["Ana"].send("VETO NO")
    assert refused(table, code, "Bob", "VETO").startswith("You already proposed a veto")


def test_wrong_power(table: Table):
    code = seated(
        table, "L L F H L F L", fascist=1, phase="power", power="investigate", draw=deck(fascist=1)
    )
    assert refused(table, code, "Ana", "EXECUTE Bob").startswith(
        "That is not your power: you must investigate."
    )
    assert refused(table, code, "Ana", "ELECT Bob").startswith("That is not your power")
    assert refused(table, code, "Ana", "NOM Bob").startswith("Not now:")


def test_r18_the_dead_are_refused_votes_and_talk(table: Table):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    table.rig(code, alive=[True, True, False, True, True])
    table["Ana"].send("NOM Bob")
    dead = "You are dead: the dead cannot vote, hold office or talk, but you still read the table."
    assert refused(table, code, "Cy", "JA").startswith(dead)
    assert refused(table, code, "Cy", "NEIN").startswith(dead)
    assert refused(table, code, "Cy", "I was a liberal!") == (
        "The dead cannot talk at the table, but you still read it."
    )
    assert refused(table, code, "Cy", "SAY avenge me").startswith("The dead cannot talk")
    # The dead still receive table talk and every update.
    out = table["Dee"].send("rest in peace")
    assert out["Cy"] == "Dee: rest in peace"
    out = table["Cy"].send("STATUS")
    assert out.reply.endswith("Waiting for votes on Ana+Bob from Ana, Bob, Dee, Eve.")


def test_unknown_and_ambiguous_names(table: Table):
    names = ["Ana", "Bob", "Cy", "Dan", "Dee"]
    for name in names:
        table.phone(name)
    code = seated(table, "L L F H L", names=names)
    assert refused(table, code, "Ana", "NOM Zed") == (
        "Nobody is called Zed. Players: Ana, Bob, Cy, Dan, Dee. A seat number works too."
    )
    assert refused(table, code, "Ana", "NOM d") == (
        "d could be Dan or Dee: type more of the name, or the seat number."
    )
    assert refused(table, code, "Ana", "NOM 9").startswith("Nobody is called 9.")
    assert refused(table, code, "Ana", "NOM") == (
        "To nominate, reply NOM and a name: Bob, Cy, Dan, Dee. Anything else is talk."
    )
    out = table["Ana"].send("NOM de")
    assert out["Cy"].startswith("Ana nominated Dee for Chancellor.")


@pytest.mark.parametrize(
    "text, suggestion",
    [
        ("DISCRAD F", "DISCARD F"),
        ("dsicard l", "DISCARD l"),
        ("NOMINAET bob", None),
        ("ENACT", None),
        ("enatc L", None),
        ("vetp", None),
        ("INVESTIGTE Cy", None),
        ("exectue Cy", None),
    ],
)
def test_near_misses_are_never_relayed(table: Table, text: str, suggestion: str | None):
    # "Did you mean" only for a command the sender could use now whose rest fits it; another
    # command's typo is answered as that command would be (why not), and never relayed.
    code = seated(table, "L L F H L", draw=deck("F L F"))
    table.elect("Ana", "Bob", NAMES[:5])
    reply = refused(table, code, "Ana", text)
    if suggestion:
        assert reply == (
            f"Did you mean {suggestion}? Nothing was done or sent to the table: "
            f"reply {suggestion} to do it."
        )
    else:  # answered as the command would be, or as talk the session forbids
        assert reply.startswith(("Not now:", "Not sent:")), reply
    # The typo never reached anyone else (a secret choice cannot leak by a slip).
    for name in EVERYONE5 - {"Ana"}:
        assert text not in (table[name].last or "")


@pytest.mark.parametrize("text", ["yes I agree", "no way", "NEIN, never", "Y not"])
def test_a_voters_vote_word_inside_talk_is_relayed_and_asked_never_counted(table: Table, text):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    table["Ana"].send("NOM Bob")
    out = table["Cy"].send(text)
    assert out.others() == {n: f"Cy: {text}" for n in EVERYONE5 - {"Cy"}}
    assert out.reply.startswith(("Vote NEIN? Reply NEIN.", "To vote, reply JA or NEIN.")), out
    assert out.reply.endswith("Your text went to the table.")
    assert table.state(code).votes == [None] * 5
    table["Cy"].send("JA")  # once voted, such talk is only relayed (issue 25)
    out = table["Cy"].send(text)
    assert out == {n: f"Cy: {text}" for n in EVERYONE5 - {"Cy"}}


def test_say_and_free_talk(table: Table):
    seated(table, "L L F H L", draw=deck("F L F"))
    out = table["Cy"].send("SAY Ana is fascist, trust me")
    assert out.others() == {n: "Cy: Ana is fascist, trust me" for n in EVERYONE5 - {"Cy"}}
    out = table["Bob"].send("who is hitler?")  # WHO with more words is talk
    assert out.others() == {n: "Bob: who is hitler?" for n in EVERYONE5 - {"Bob"}}
    out = table["Bob"].send("  lol  ")
    assert out.others() == {n: "Bob: lol" for n in EVERYONE5 - {"Bob"}}
    out = table["Dee"].send("SAY")
    assert out == {"Dee": "To talk to the table, text SAY and your words."}
    out = table["Dee"].send("x" * 301)
    assert out == {"Dee": "Not sent: table talk is limited to 300 characters (yours had 301)."}


def test_r20_the_government_is_silent_during_the_session(table: Table):
    # R20: from the draw until the policy is enacted (or a veto agreed), and during a veto.
    code = seated(table, "L L F H L", fascist=5, draw=deck("F F L F L F", fascist=5))
    table["Ana"].send("NOM Bob")
    assert table["Bob"].send("pick me").others()  # a nominee may still talk during the vote
    for name in NAMES[:5]:
        table[name].send("JA")
    silent = "Not sent: the President and Chancellor may not talk until the policy is enacted."
    for text in ("I drew three fascists", "SAY honest", "F F L"):  # the awaited one: the move
        assert (
            refused(table, code, "Ana", text)
            == silent + " Your move: reply DISCARD F or DISCARD L."
        )
        assert refused(table, code, "Bob", text) == silent
    table["Ana"].send("DISCARD L")
    assert refused(table, code, "Ana", "I passed F F") == silent
    assert refused(table, code, "Bob", "I got F F") == silent + " Your move: reply ENACT F."
    table["Bob"].send("VETO")
    assert refused(table, code, "Ana", "no way") == (
        silent + " Your move: reply VETO YES or VETO NO."
    )
    assert refused(table, code, "Ana", "nope") == (
        "Refuse the veto? Reply VETO NO. You may not talk until the policy is enacted."
    )
    assert refused(table, code, "Bob", "please agree") == silent
    assert table["Cy"].send("agree!").others()  # anyone else may talk
    table["Ana"].send("VETO YES")
    out = table["Ana"].send("done")
    assert out.others() == {n: "Ana: done" for n in EVERYONE5 - {"Ana"}}


def test_lobby_commands_during_a_game(table: Table):
    code = seated(table, "L L F H L")
    assert refused(table, code, "Bob", "LEAVE") == (
        "Not during a game. To stop playing, the host can text ENDGAME."
    )
    assert refused(table, code, "Ana", "KICK Bob").startswith("Not during a game")
    assert refused(table, code, "Ana", "START") == (
        f"Game {code} is already running. Text STATUS to see where it stands."
    )
