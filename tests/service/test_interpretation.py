"""How a text is read (README, "How a text is read"; issue 17): one test per principle, each row
a text through `POST /sms` from a sender in a given situation, and what a player would notice:
it was acted on (the game moved), relayed as table talk, answered (only the sender heard back),
asked about (answered with the exact command to send), or asked about and relayed too.

The rows marked "why" are the examples of issue 17's "Why", each wrong before.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from harness import NAMES, Table, deck, seated

from sh_sms.games.standard.engine.state import CHANCELLOR_ENACT

ACTED, RELAYED, ANSWERED = "acted", "relayed", "answered"
ASKED_RELAYED = "relayed and asked"


def outcome(table: Table, code: str, name: str, text: str) -> tuple[str, str | None]:
    """Send `text` from `name`; return what a player would see happen, and the sender's reply."""
    version = table.game(code).version
    out = table[name].send(text)
    others = {who: body for who, body in out.items() if who != name}
    if table.game(code).version != version:
        return ACTED, out.get(name)
    if others:
        assert all(body == f"{name}: {text_of(body, name)}" for body in others.values()), out
        return (ASKED_RELAYED if name in out else RELAYED), out.get(name)
    assert list(out) == [name], f"{text!r} from {name} was lost without a word"
    return ANSWERED, out.reply


def text_of(body: str, name: str) -> str:
    return body.removeprefix(f"{name}: ")


def scene(table: Table, phase: str) -> str:
    """A game in `phase` where Ana presides: five players (Ana, Bob, Cy L L F; Dee Hitler; Eve L)
    or, for the powers of a 7-player board, seven (Fay F, Gus L). Return its code."""
    if phase in ("investigate", "elect"):
        power = {"investigate": "investigate", "elect": "special_election"}[phase]
        fascist = {"investigate": 2, "elect": 3}[phase]
        return seated(
            table, "L L F H L F L", fascist=fascist, phase="power", power=power,
            draw=deck(fascist=fascist),
        )  # fmt: skip
    if phase == "execute":
        code = seated(table, "L L F H L", fascist=3, draw=deck("F F F L", fascist=3))
        table.elect("Ana", "Eve", NAMES[:5])
        table["Ana"].send("DISCARD F")
        table["Eve"].send("ENACT F")
        return code
    code = seated(table, "L L F H L", draw=deck("F L F"))
    if phase == "nominate":
        return code
    table["Ana"].send("NOM Bob")
    if phase == "vote":
        return code
    for name in NAMES[:5]:
        table[name].send("JA")
    if phase == "discard":
        return code
    assert phase == "enact", phase
    table["Ana"].send("DISCARD F")  # Bob holds L F
    assert table.state(code).phase == CHANCELLOR_ENACT
    return code


@dataclass(frozen=True)
class Row:
    principle: str
    phase: str
    sender: str  # Ana presides; in "vote" Bob is the nominee; in "enact" Bob holds L F
    text: str
    expect: str
    reply: str | None = None  # the sender's reply starts with this

    @property
    def id(self) -> str:
        return f"{self.principle}: {self.phase}/{self.sender}/{self.text!r}"


EXECUTE_DEE = "Execute Dee? Reply EXECUTE DEE."
ROWS = [
    # The exact command acts; from someone who cannot use it, the reply says why not.
    Row("exact", "nominate", "Ana", "NOM Bob.", ACTED),
    Row("exact", "execute", "Ana", "EXECUTE 4", ACTED),
    Row("exact", "nominate", "Cy", "NOM Bob", ANSWERED, "Not your turn:"),
    Row("exact", "nominate", "Cy", "JA", ANSWERED, "Not now:"),
    Row("exact", "vote", "Cy", "DISCARD F", ANSWERED, "Not now:"),
    # A move that ends in "?" is a question: asked, never made.
    Row("question", "nominate", "Ana", "nom bob?", ASKED_RELAYED, "Nominate Bob? Reply NOM BOB."),
    Row("question", "investigate", "Ana", "inv 2?", ASKED_RELAYED, "Investigate Bob?"),
    Row("why", "investigate", "Ana", "inv 1?", ASKED_RELAYED, "To investigate, reply INV"),
    Row("why", "vote", "Cy", "ya?", ASKED_RELAYED, "Vote JA? Reply JA."),
    # A plain instruction: the move's word or an everyday form, one target, only courtesy.
    Row("plain", "nominate", "Ana", "nom cy please", ACTED),
    Row("why", "nominate", "Ana", "ok nominating cy", ACTED),
    Row("plain", "nominate", "Ana", "ok nominate Dee then", ACTED),
    Row("plain", "nominate", "Ana", "i nominate eve", ACTED),
    Row("plain", "discard", "Ana", "discard the F one", ACTED),
    Row("plain", "enact", "Bob", "enact L pls", ACTED),
    Row("plain", "execute", "Ana", "kill Cy now", ACTED),
    Row("plain", "execute", "Ana", "shoot 3 please", ACTED),
    Row("plain", "investigate", "Ana", "look at Cy", ACTED),
    Row("plain", "elect", "Ana", "special election Gus", ACTED),
    # A hedge, a condition, an opinion, an alternative or a second name: never acted on; the
    # President may talk now, so the text goes to the table and the sender is asked.
    Row("why", "investigate", "Ana", "inv 2 gives no good info", ASKED_RELAYED, "Investigate Bob?"),
    Row("why", "investigate", "Ana", "inv in 3 is bad", ASKED_RELAYED, "Investigate Cy?"),
    Row("why", "execute", "Ana", "shoot 4 when this conf", ASKED_RELAYED, EXECUTE_DEE),
    Row("why", "execute", "Ana", "shoot 1 or u out fas", ASKED_RELAYED, "To execute, reply"),
    Row("why", "execute", "Ana", "shoot 4 imo", ASKED_RELAYED, EXECUTE_DEE),
    Row("hedge", "nominate", "Ana", "NOM Cy, trust me", ASKED_RELAYED, "Nominate Cy?"),
    # the names it mentioned, never read as the whole list (issue 34)
    Row("hedge", "nominate", "Ana", "nom cy or dee", ASKED_RELAYED, "Nominate Cy or Dee? Reply"),
    Row("hedge", "nominate", "Ana", "nom whoever you like", ASKED_RELAYED, "To nominate, reply"),
    Row("hedge", "execute", "Ana", "kill me now", ASKED_RELAYED, "To execute, reply EXECUTE"),
    Row("hedge", "execute", "Ana", "dont shoot 4", ASKED_RELAYED, EXECUTE_DEE),
    # A bare legal target from the player the game waits on: asked, with the exact command.
    Row(
        "why", "elect", "Ana", "bob", ANSWERED, "Choose Bob as the next candidate? Reply ELECT BOB."
    ),
    Row("bare", "nominate", "Ana", "cy", ANSWERED, "Nominate Cy? Reply NOM CY. Anything else"),
    Row("bare", "execute", "Ana", "4", ANSWERED, EXECUTE_DEE + " Anything else is talk."),
    Row("bare", "execute", "Ana", "dee?", ASKED_RELAYED, EXECUTE_DEE + " Your text went"),
    Row("bare", "nominate", "Ana", "ana", RELAYED),  # not a legal target: talk
    # The President and Chancellor may not talk in the session (R20): asked, never relayed.
    Row(
        "why",
        "enact",
        "Bob",
        "ugh enact F i guess",
        ANSWERED,
        "Enact F? Reply ENACT F. You may not talk until the policy is enacted.",
    ),
    Row("session", "discard", "Ana", "discard one of them", ANSWERED, "To discard, reply DISCARD"),
    Row("session", "discard", "Ana", "discard whatever", ANSWERED, "To discard, reply DISCARD"),
    Row("session", "discard", "Ana", "fas", ANSWERED, "Discard F? Reply DISCARD F."),
    Row("session", "discard", "Ana", "I got three", ANSWERED, "Not sent: the President"),
    # A vote from anything but the exact words is counted and confirmed; talk is relayed.
    Row("vote", "vote", "Cy", "JA", ACTED, None),
    Row(
        "vote", "vote", "Cy", "yeah", ACTED, 'Counted as JA from "yeah". To change it, reply NEIN.'
    ),
    Row("why", "vote", "Cy", "NOOOOOOOOOO", ASKED_RELAYED, "Vote NEIN? Reply NEIN."),  # a cry
    Row("why", "vote", "Cy", "nein nein nein", ACTED, 'Counted as NEIN from "nein nein nein".'),
    Row("why", "vote", "Cy", "ja ofc", ACTED, 'Counted as JA from "ja ofc".'),
    Row("vote", "vote", "Bob", "ja!! \U0001f44d", ACTED, None),  # the nominee votes too (R6)
    Row("vote", "vote", "Cy", "\U0001f44d", ACTED, "Counted as JA"),
    # A voter the game still waits on is asked about any text with a vote word (issue 25).
    Row("vote", "vote", "Cy", "no way bob is liberal", ASKED_RELAYED, "To vote, reply JA or"),
    Row("vote", "vote", "Cy", "yes finally", ASKED_RELAYED, "To vote, reply JA or NEIN."),
    Row("vote", "vote", "Cy", "ja i guess", ASKED_RELAYED, "Vote JA? Reply JA."),
    Row("vote", "vote", "Cy", "yeah no", ASKED_RELAYED, "To vote, reply JA or NEIN."),
    # Vote and move words from someone who cannot use them now are talk.
    Row("not theirs", "nominate", "Cy", "yeah", RELAYED),
    Row("not theirs", "nominate", "Cy", "yes finally", RELAYED),
    Row("not theirs", "nominate", "Cy", "kill me now", RELAYED),
    Row("not theirs", "nominate", "Cy", "kill", RELAYED),
    Row("not theirs", "nominate", "Cy", "hand it to eve", RELAYED),
    Row("not theirs", "nominate", "Cy", "elect eve pls", RELAYED),
    Row("not theirs", "vote", "Cy", "nom cy please", RELAYED),
    Row("not theirs", "execute", "Bob", "kill Cy", RELAYED),
    Row("not theirs", "execute", "Bob", "shoot 4 imo", RELAYED),
    Row("not theirs", "nominate", "Cy", "who is hitler?", RELAYED),
    Row("not theirs", "nominate", "Cy", "status please", RELAYED),
    # Talk that was answered as a command.
    Row("why", "nominate", "Cy", "new game?", RELAYED),
    Row("why", "nominate", "Cy", "inv me?", RELAYED),
    Row("why", "nominate", "Cy", "join vc", RELAYED),
    Row("why", "nominate", "Cy", "elect me", RELAYED),
    Row("why", "nominate", "Cy", "help me", ASKED_RELAYED, "Nothing to do for you now."),  # 25
    Row("why", "nominate", "Cy", "no/", RELAYED),
    # Typed faces and punctuation are talk; a lone "?" answers the sender only.
    Row("why", "nominate", "Cy", ":(", RELAYED),
    Row("why", "nominate", "Cy", ":)", RELAYED),
    Row("why", "nominate", "Cy", "...", RELAYED),
    Row("faces", "nominate", "Cy", "??", RELAYED),
    Row("faces", "nominate", "Cy", "?", ANSWERED),  # STATUS
    # Carrier keywords count alone, as carriers read them.
    Row("why", "vote", "Cy", "stop?", RELAYED),
    Row("carrier", "vote", "Cy", "stop it bob", RELAYED),
    Row("carrier", "vote", "Cy", "end of story", RELAYED),
    Row("carrier", "vote", "Cy", "info is power", RELAYED),
    # "Did you mean" only for a typo of a command the sender could use now whose rest fits;
    # never for an everyday word.
    Row("why", "vote", "Cy", "I'll", RELAYED),
    Row("why", "vote", "Cy", "hes lying", RELAYED),
    Row("why", "vote", "Cy", "tho", RELAYED),
    Row("why", "vote", "Cy", "welp", RELAYED),
    Row("why", "vote", "Cy", "Nick lol", RELAYED),
    Row("why", "vote", "Cy", "pog", RELAYED),
    Row("why", "vote", "Cy", "played", RELAYED),
    Row("typo", "vote", "Cy", "nvm", RELAYED),
    Row("typo", "vote", "Cy", "lol", RELAYED),
    Row("typo", "vote", "Cy", "yse", ANSWERED, "Did you mean JA?"),
    Row("typo", "vote", "Cy", "NIEN", ANSWERED, "Did you mean NEIN?"),
    Row("typo", "discard", "Ana", "DISCRAD F", ANSWERED, "Did you mean DISCARD F?"),
    Row("typo", "nominate", "Ana", "NOMINAET bob", ANSWERED, "Did you mean NOM bob?"),
    Row("typo", "execute", "Ana", "EXCUTE 4", ANSWERED, "Did you mean EXECUTE 4?"),
    Row("typo", "nominate", "Ana", "nomm", RELAYED),  # nothing after it fits NOM: talk
    # A typo of a command the sender cannot use: answered as the command, never relayed (a
    # slip of a secret choice never reaches the table).
    Row("typo", "vote", "Cy", "DISCRAD F", ANSWERED, "Not now:"),
    Row("typo", "nominate", "Cy", "NOMINAET bob", ANSWERED, "Not your turn:"),
    # Phone punctuation.
    Row("punctuation", "nominate", "Ana", "nom \u201cCy\u201d", ACTED),
    Row("punctuation", "nominate", "Ana", "NOM\u00a0Cy", ACTED),
    Row("punctuation", "nominate", "Ana", "\uff2e\uff2f\uff2d \uff23\uff59", ACTED),
    Row("punctuation", "nominate", "Cy", "I can\u2019t\u2026 wait \u2014 ok", RELAYED),
]


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_a_text_means_what_the_senders_situation_makes_it(table: Table, row: Row):
    code = scene(table, row.phase)
    before = table.state(code)
    seen, reply = outcome(table, code, row.sender, row.text)
    assert seen == row.expect, (row, reply)
    if row.reply is not None:
        assert reply is not None and reply.startswith(row.reply), reply
    if row.expect == ACTED and row.phase == "vote":
        seat = NAMES.index(row.sender)
        assert table.state(code).votes[seat] is not None
        assert before.votes[seat] is None
    if row.reply is None and row.expect == ACTED and row.phase == "vote":
        assert reply is None  # the exact words: counted without a word
    if reply is not None and seen != ACTED:
        assert len(reply) <= 160, reply  # a question or confirmation fits one segment


def test_why_a_correction_changes_the_vote(table: Table):
    code = scene(table, "vote")
    assert table["Cy"].send("JA") == {}
    out = table["Cy"].send("wait no. nein")
    assert out == {
        "Cy": 'Vote changed to NEIN.\n(Read from "wait no. nein".) To change it, reply JA.'
    }
    assert table.state(code).votes[2] is False


def test_a_vote_that_closes_the_election_is_confirmed_without_an_offer_to_change(table: Table):
    code = scene(table, "vote")
    for name in NAMES[:4]:
        table[name].send("JA")
    out = table["Eve"].send("yep")
    assert out["Eve"].endswith('Counted as JA from "yep".')
    assert table.state(code).phase != "vote"


def test_the_dead_are_told_what_they_may_still_do(table: Table):
    code = scene(table, "execute")
    table["Ana"].send("EXECUTE Cy")
    table["Bob"].send("NOM Dee")
    seen, reply = outcome(table, code, "Cy", "yeah")  # not a vote: talk, which the dead lack
    assert (seen, reply) == (
        ANSWERED,
        "The dead cannot talk at the table, but you still read it.",
    )
    seen, reply = outcome(table, code, "Cy", "JA")
    assert seen == ANSWERED and reply.startswith("You are dead")


def test_emoji_in_talk_become_faces_and_the_sender_is_told_once_what_was_left_out(
    table: Table,
):
    seated(table, "L L F H L")
    out = table["Cy"].send("bob is lying \U0001f602\U0001f602 \u2764\ufe0f")
    assert out.others()["Ana"] == "Cy: bob is lying :D :D <3"
    assert "Cy" not in out  # nothing was left out: no note
    out = table["Cy"].send("go team \U0001f1fa\U0001f1f8 \U0001f9a9")
    assert out.others()["Ana"] == "Cy: go team"
    assert out["Cy"].startswith("Note: some characters (like most emoji) cannot go by SMS")
    out = table["Cy"].send("again \U0001f9a9")
    assert "Cy" not in out  # said once


def test_talk_that_nobody_can_read_is_answered_not_dropped(table: Table):
    code = table.lobby(["Ana"])
    out = table["Ana"].send("anyone here?")
    assert out == {
        "Ana": f"Nobody else is in game {code} yet to read that."
        f" Friends join with JOIN {code} <name>."
    }
    table.phone("Bob").send(f"JOIN {code} Bob")
    assert table["Ana"].send("hello?").others() == {"Bob": "Ana: hello?"}


def test_why_help_during_a_vote_says_how_to_vote(table: Table):
    scene(table, "vote")
    assert table["Cy"].send("HELP").reply == (
        "Vote on President Ana with Chancellor Bob: reply JA or NEIN. You may change your vote"
        " until the last one is in. STATUS shows the board."
    )
    assert table["Cy"].send("HELP NOM").reply.startswith("NOM <name or seat>")


def test_why_a_typo_of_join_from_a_stranger_gets_did_you_mean(table: Table):
    code = table.lobby(["Ana"])
    out = table.phone("Cy").send(f"jion {code} Cy")
    assert out == {
        "Cy": f"Did you mean JOIN {code} Cy? Nothing was done: reply JOIN {code} Cy to do it."
    }
    assert table.phone("Dee").send("jion the fun").reply.startswith("Secret Hitler by text.")
    assert table.phone("Eve").send("help me").reply.startswith("Text NEW <your name>")


def test_why_bots_in_a_sentence_from_the_host_asks_with_the_count(table: Table):
    code = table.lobby(["Ana", "Bob"])
    out = table["Ana"].send("bots 3 pls")
    assert out == {"Ana": "Add 3 computer players? Reply BOT 3. Anything else is talk."}
    assert len(table.players(code)) == 2
    assert len(table["Ana"].send("BOT 3").reply) > 0
    assert len(table.players(code)) == 5


def test_why_endgame_in_a_lobby_reveals_no_roles_and_a_lone_yes_is_answered(table: Table):
    code = table.lobby(["Ana"])
    out = table["Ana"].send("ENDGAME")
    assert out.reply == f"Reply ENDGAME YES to close game {code} for everyone before it starts."
    assert "roles" not in out.reply
    out = table["Ana"].send("yes")
    assert out == {
        "Ana": f"Close game {code} for everyone? Reply ENDGAME YES."
        " Nobody else is here yet to read talk."
    }
    assert table["Ana"].send("ENDGAME YES").reply.startswith("GAME ENDED")


def test_why_a_rematch_question_opens_nothing_and_a_yes_joins_an_open_rematch(table: Table):
    code = seated(table, "L L F H L")
    table["Ana"].send("ENDGAME")
    table["Ana"].send("ENDGAME YES")
    out = table["Bob"].send("rematch?")  # asks the table: no new lobby, nobody made host
    assert out.others() == {n: "Bob: rematch?" for n in ("Ana", "Cy", "Dee", "Eve")}
    assert out.reply == "Open a rematch? Reply REMATCH. Your text went to the table."
    out = table["Ana"].send("yeah im in")  # nothing to join yet: it answers Bob, and Ana learns
    assert out.others() == {n: "Ana: yeah im in" for n in ("Bob", "Cy", "Dee", "Eve")}
    assert out.reply.startswith("No rematch is open yet: text REMATCH")
    out = table["Bob"].send("REMATCH")
    new_code = out.reply.split()[1]
    assert new_code != code
    out = table["Ana"].send("yeah im in")  # the old host's yes joins the rematch
    assert out.reply.startswith(f"You joined game {new_code}.")
    assert [p.name for p in table.players(new_code)] == ["Bob", "Ana"]


@pytest.mark.parametrize("text, chancellor", [("nom d", "Dee"), ("ok nominating calbot", "CalBot")])
def test_why_one_letter_names_the_person_before_a_bot(table: Table, text: str, chancellor: str):
    code = table.lobby(["Ana"])
    table["Ana"].send("BOT 3")  # DotBot's letter is free when it joins
    bots = [p.name for p in table.players(code)[1:]]
    assert bots == ["BenBot", "CalBot", "DotBot"], bots
    for name in ("Bob", "Dee"):  # late joiners: Dee shares DotBot's first letter
        table.phone(name).send(f"JOIN {code} {name}")
    table.set_seed(code, 1)
    table["Ana"].send("START")
    table.rig(code, president=0, rotation=0)
    table["Ana"].send(text)
    assert table.state(code).chancellor == [p.name for p in table.players(code)].index(chancellor)
