"""What a text means depends on who sent it and what the game waits for (issue 9).

Every row is one text through `POST /sms` from a sender in a given situation (the phase, the
sender's office, awaited or not, alive or dead), and what a player would notice: it was acted on
(the game moved), relayed as table talk, answered (only the sender heard back), or, for a
first vote only, counted without a word.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from harness import NAMES, Table, deck, seated

ACTED, RELAYED, ANSWERED = "acted", "relayed", "answered"


def outcome(table: Table, code: str, name: str, text: str) -> tuple[str, str | None]:
    """Send `text` from `name`; return what a player would see happen, and the sender's reply."""
    version = table.game(code).version
    out = table[name].send(text)
    others = {who: body for who, body in out.items() if who != name}
    if table.game(code).version != version:
        return ACTED, out.get(name)
    if others:
        assert all(body == f"{name}: {text_of(body, name)}" for body in others.values()), out
        assert name not in out, f"talk was relayed and answered: {out}"
        return RELAYED, next(iter(others.values()))
    assert list(out) == [name], f"{text!r} from {name} was lost without a word"
    return ANSWERED, out.reply


def text_of(body: str, name: str) -> str:
    return body.removeprefix(f"{name}: ")


def scene(table: Table, phase: str) -> str:
    """A five-player game (Ana, Bob, Cy L L F; Dee Hitler; Eve L) in `phase`; Ana presides."""
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
    assert phase == "discard", phase
    return code


@dataclass(frozen=True)
class Row:
    principle: str
    phase: str
    sender: str  # Ana presides; in "vote" Bob is the nominee; in "discard" Ana holds 3
    text: str
    expect: str
    reply: str | None = None  # the sender's reply starts with this (ANSWERED, or ACTED)

    @property
    def id(self) -> str:
        return f"{self.principle}: {self.phase}/{self.sender}/{self.text!r}"


ROWS = [
    # A voter's casual vote words are votes, counted without a word (the result confirms it).
    Row("casual vote", "vote", "Cy", "yeah", ACTED),
    Row("casual vote", "vote", "Cy", "nope", ACTED),
    Row("casual vote", "vote", "Cy", "nah", ACTED),
    Row("casual vote", "vote", "Cy", "jaaa!!", ACTED),
    Row("casual vote", "vote", "Cy", "Yup.", ACTED),
    Row("casual vote", "vote", "Cy", "sure", ACTED),
    Row("casual vote", "vote", "Cy", "\U0001f44d", ACTED),
    Row("casual vote", "vote", "Cy", "\U0001f44e\U0001f3fe", ACTED),
    Row("casual vote", "vote", "Cy", "yeah \U0001f600", ACTED),
    Row("casual vote", "vote", "Bob", "ja!! \U0001f44d", ACTED),  # the nominee votes too (R6)
    # ... but from someone who cannot vote now they are talk.
    Row("talk when not usable", "nominate", "Cy", "yeah", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "nope", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "yes finally", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "no way bob is liberal", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "kill me now", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "kill", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "hand it to eve", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "elect eve pls", RELAYED),
    Row("talk when not usable", "vote", "Cy", "nom cy please", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "yes", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "who is hitler?", RELAYED),
    Row("talk when not usable", "nominate", "Cy", "status please", RELAYED),
    Row("talk when not usable", "execute", "Bob", "kill Cy", RELAYED),
    Row("talk when not usable", "vote", "Cy", "stop it bob", RELAYED),
    Row("talk when not usable", "vote", "Cy", "end of story", RELAYED),
    Row("talk when not usable", "vote", "Cy", "info is power", RELAYED),
    # Ordinary words are not typos.
    Row("ordinary words", "nominate", "Cy", "nvm", RELAYED),
    Row("ordinary words", "nominate", "Cy", "now what", RELAYED),
    Row("ordinary words", "vote", "Dee", "lol", RELAYED),
    Row("ordinary words", "nominate", "Cy", "yesss", RELAYED),
    Row("ordinary words", "nominate", "Cy", "noooo", RELAYED),
    Row("near miss", "vote", "Cy", "yse", ANSWERED, "Did you mean JA?"),
    # The command itself, exactly, from someone who cannot use it: a reply says why not.
    Row("exact command", "nominate", "Cy", "NOM Bob", ANSWERED, "Not your turn:"),
    Row("exact command", "nominate", "Cy", "JA", ANSWERED, "Not now:"),
    Row("exact command", "vote", "Cy", "DISCARD F", ANSWERED, "Not now:"),
    Row("exact command", "nominate", "Ana", "NOM Bob.", ACTED),
    # The awaited player's casual form of the move.
    Row("casual move", "nominate", "Ana", "nom cy please", ACTED),
    Row("casual move", "nominate", "Ana", "ok nominate Dee then", RELAYED),  # NOM not first
    Row("casual move", "nominate", "Ana", "NOM Cy, trust me", ACTED),
    Row("casual move", "discard", "Ana", "discard the F one", ACTED),
    Row("casual move", "execute", "Ana", "kill Cy now", ACTED),
    Row("casual move", "execute", "Ana", "shoot 3 please", ACTED),
    # A move or talk? One short question that says what to send for each.
    Row(
        "ask",
        "nominate",
        "Ana",
        "nom whoever you like",
        ANSWERED,
        "To nominate, reply NOM <name>: Bob, Cy, Dee, Eve. To tell the table, start with SAY",
    ),
    Row("ask", "nominate", "Ana", "nom cy or dee", ANSWERED, "To nominate, reply NOM <name>:"),
    Row(
        "ask",
        "vote",
        "Cy",
        "yes finally",
        ANSWERED,
        "To vote JA, reply JA. To tell the table, start with SAY: SAY yes finally.",
    ),
    Row("ask", "vote", "Cy", "no way bob is liberal", ANSWERED, "To vote NEIN, reply NEIN."),
    Row("ask", "execute", "Ana", "kill me now", ANSWERED, "To execute, reply EXECUTE <name>:"),
    # The President may not talk in the session (R20): the question offers no SAY.
    Row(
        "ask",
        "discard",
        "Ana",
        "discard one of them",
        ANSWERED,
        "To discard, reply DISCARD F or DISCARD L.",
    ),
    Row("usage", "discard", "Ana", "discard whatever", ANSWERED, "Text DISCARD L or DISCARD F."),
    # Phone punctuation.
    Row("punctuation", "nominate", "Ana", "nom \u201cCy\u201d", ACTED),
    Row("punctuation", "nominate", "Ana", "NOM\u00a0Cy", ACTED),
    Row("punctuation", "nominate", "Ana", "\uff2e\uff2f\uff2d \uff23\uff59", ACTED),
    Row("punctuation", "nominate", "Cy", "I can\u2019t\u2026 wait \u2014 ok", RELAYED),
    # Near misses of command words are never relayed, from anyone.
    Row("near miss", "discard", "Cy", "DISCRAD F", ANSWERED, "Did you mean DISCARD?"),
    Row("near miss", "vote", "Cy", "VTOE", ANSWERED, "Did you mean VETO?"),
    Row("near miss", "nominate", "Cy", "NOMINAET bob", ANSWERED, "Did you mean NOM?"),
    Row("near miss", "execute", "Bob", "EXCUTE ana", ANSWERED, "Did you mean EXECUTE?"),
    Row("near miss", "vote", "Cy", "NIEN", ANSWERED, "Did you mean NEIN?"),
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


def test_a_first_vote_is_the_only_silence_and_it_is_counted(table: Table):
    code = scene(table, "vote")
    out = table["Cy"].send("yeah")
    assert out == {}  # silent ...
    assert table.state(code).votes[2] is True  # ... because it was counted
    out = table["Cy"].send("nah")  # a changed vote is confirmed
    assert out == {"Cy": "Vote changed to NEIN."}
    assert table.state(code).votes[2] is False


def test_the_dead_are_told_what_they_may_still_do(table: Table):
    code = scene(table, "execute")
    table["Ana"].send("EXECUTE Cy")
    table["Bob"].send("NOM Dee")
    seen, reply = outcome(table, code, "Cy", "yeah")  # not a vote: talk, which the dead lack
    assert (seen, reply) == (
        ANSWERED,
        "The dead cannot talk at the table. You still get every update.",
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
