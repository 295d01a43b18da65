"""The **contract** points of SMS.md, checked through the webhook.

- the first private message of a game names the role and exactly the R2 teammates;
- the last message of a game names the winner (or GAME ENDED) and every player's role;
- policies are the letters L and F in draw order, separated by single spaces;
- commands work in any case, with surrounding spaces and trailing punctuation;
- one inbound text queues at most one SMS per recipient (checked by the harness on every text).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from harness import (
    NAMES,
    Table,
    deck,
    final_roles_ok,
    names_in,
    role_line,
    seated,
    teammates,
)

ROLE_WORDS = {"liberal": "LIBERAL", "fascist": "FASCIST", "hitler": "HITLER"}


@pytest.mark.parametrize("players", range(5, 11))
def test_first_message_names_exactly_the_r2_teammates(new_table: Callable[..., Table], players):
    seen_roles = set()
    for seed in range(6):
        table = new_table()
        names = NAMES[:players]
        code = table.start(names, seed=seed)
        state = table.state(code)
        start = table.deliveries[-1]
        assert set(start) == set(names)
        for seat, name in enumerate(names):
            first = start[name]
            assert table[name].inbox[-1] == first
            assert len(re.findall(r"You are (?:LIBERAL|FASCIST|HITLER)", first)) == 1
            line = role_line(first)
            assert line.startswith(f"You are {ROLE_WORDS[state.roles[seat]]}")
            assert names_in(line, names) == teammates(state, seat), (state.roles, line)
            # Nothing else in the first message names anyone next to a role word.
            rest = first.replace(line, "")
            assert not re.search(r"(?i)\b(liberal|fascist|hitler)\b", rest), rest
            seen_roles.add((state.roles[seat], bool(teammates(state, seat))))
        table["Ana"].send("ENDGAME")
        out = table["Ana"].send("ENDGAME YES")
        for name in names:
            assert "GAME ENDED" in out[name]
            assert final_roles_ok(out[name], state)
    # Every kind of knowledge was dealt at least once.
    expected = {("liberal", False), ("fascist", True)}
    expected.add(("hitler", players <= 6))
    assert expected <= seen_roles


LETTERS = r"[LF](?: [LF])*"


def test_policies_are_letters_in_draw_order(table: Table):
    code = seated(table, "L L F H L", fascist=2, draw=deck("F L F F F L", fascist=2))
    ana, bob = table["Ana"], table["Bob"]
    ana.send("NOM Bob")
    for name in NAMES[:5]:
        out = table[name].send("JA")
    assert re.search(r"You drew (F L F)\.", out["Ana"])
    assert ana.send("HAND").reply.startswith("You hold F L F.")
    ana.send("DISCARD L")
    assert bob.last.startswith("You hold F F.")
    assert bob.send("HAND").reply.startswith("You hold F F.")
    out = bob.send("ENACT F")  # the third fascist policy: a peek at F F L
    assert "Policy peek, top 3 in order: F F L." in out["Ana"]
    for body in (b for delivery in table.deliveries for b in delivery.values()):
        for match in re.finditer(r"(?:drew|hold|order:) ([^.]*)\.", body):
            assert re.fullmatch(LETTERS, match.group(1)), match.group(0)
    assert table.state(code).draw[:3] == ["F", "F", "L"]


@pytest.mark.parametrize(
    "nominate, votes, discard, enact, info",
    [
        ("  NoMiNaTe   bob!!  ", ["ja!", " Yes. ", "y!", "NEIN!!", "no..."],
         "Discard f!", "enact L.",
         ["status!", "Who?", "role.", "hand!", "log.", "history?", "help.", "players!", "?"]),
        ("nom BOB.", ["JA", "YES", "Y", "nein", "No"], "DISCARD F", "ENACT L",
         ["STATUS", "WHO", "ROLE", "HAND", "LOG", "HISTORY", "HELP", "PLAYERS", "?"]),
        ("Nom 2", ["Ja", "yes!", "Y", "Nein.", "NO!"], "discard F...", "Enact l",
         ["Status.", "who", "Role!", "Hand?", "Log", "History", "Commands!", "Players.", " ? "]),
    ],
)  # fmt: skip
def test_commands_ignore_case_spaces_and_trailing_punctuation(
    table: Table, nominate, votes, discard, enact, info
):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    version = table.game(code).version
    out = table["Ana"].send(nominate)
    assert out["Cy"].startswith("Ana nominated Bob for Chancellor.")
    for name, vote in zip(NAMES[:5], votes, strict=True):
        out = table[name].send(vote)
    assert out["Cy"].startswith("Ana+Bob ELECTED 3-2. Nein: Dee, Eve.")
    assert table["Ana"].send(discard) == {
        "Ana": "You discarded F.",
        "Bob": "You hold L F.\nReply ENACT L or ENACT F.",
    }
    out = table["Bob"].send(enact)
    assert out["Cy"].startswith("Enacted: LIBERAL.")
    for text in info:
        out = table["Cy"].send(text)
        assert list(out) == ["Cy"], (text, out)
        assert not out.reply.startswith(("Not done", "Did you mean", "That is not"))
    assert table.game(code).version == version + 8  # NOM, 5 votes, DISCARD, ENACT


@pytest.mark.parametrize("question", ["NOM Bob?", "nom bob ?", "y?", "Nein?", "JA ?"])
def test_a_move_that_ends_in_a_question_mark_is_asked_never_made(table: Table, question):
    # SMS.md, Commands: a move that ends in `?` is a question: the sender is asked.
    code = seated(table, "L L F H L", draw=deck("F L F"))
    sender = "Ana"
    if not question.casefold().startswith("nom"):
        table["Ana"].send("NOM Bob")
        sender = "Cy"
    state = table.state(code)
    out = table[sender].send(question)
    assert table.state(code) == state, question
    assert "Reply " in out.reply, out
