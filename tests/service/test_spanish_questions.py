"""Spanish questions about how to play are answered, as English ones are (issue 33): played
through POST /sms by a table that reads Spanish. The answer is private, in Spanish, for where the
sender stands; a question never moves the game (`que significa ja?` is no vote)."""

from __future__ import annotations

import pytest
from harness import Table

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
ENGLISH = ("Reply", "the ", "Did you mean", "Text ")


def lobby(table: Table) -> str:
    """A Spanish lobby of five (Ana hosts): its code."""
    out = table.phone("Ana").send("NUEVO Ana")
    code = out.reply.split()[1].rstrip(".,")
    for name in NAMES[1:]:
        table.phone(name).send(f"UNIRSE {code} {name}")
    return code


def started(table: Table) -> tuple[str, str]:
    """A started Spanish game: (code, the presidential candidate)."""
    code = lobby(table)
    table.set_seed(code, 4)
    table.phone("Ana").send("EMPEZAR")
    state = table.state(code)
    return code, state.names[state.president]


def voting(table: Table) -> tuple[str, str, str]:
    """A Spanish game in its first vote: (code, the president, the nominee)."""
    code, president = started(table)
    nominee = next(n for n in NAMES if n != president)
    table.phone(president).send(f"NOM {nominee}")
    assert table.state(code).phase == "vote"
    return code, president, nominee


def answered(reply: str | None, *expected: str) -> None:
    """A Spanish answer naming what it should."""
    assert reply, "no answer"
    assert not any(w in reply for w in ENGLISH), reply
    for word in expected:
        assert word in reply, (word, reply)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("como nomino a alguien?", ["NOM"]),
        ("a quien puedo nominar?", ["NOM"]),
        ("que es nominar?", ["NOM"]),
        ("como mato a alguien?", ["EJECUTAR"]),
        ("que hace investigar?", ["INV"]),
        ("que significa descartar?", ["Descartar"]),
        ("q hago ahora", ["NOM"]),
    ],
)
def test_the_candidate_asking_how_is_answered_and_nothing_is_nominated(new_table, text, expected):
    table = new_table()
    code, president = started(table)
    out = table.phone(president).send(text)
    assert table.state(code).phase == "nominate"
    answered(out.reply, *expected)


@pytest.mark.parametrize(
    ("text", "expected"), [("que significa ja?", ["JA es si"]), ("que es nein?", ["NEIN es no"])]
)
def test_a_voter_asking_what_ja_means_is_answered_not_counted(new_table, text, expected):
    table = new_table()
    code, president, nominee = voting(table)
    voter = next(n for n in NAMES if n not in (president, nominee))
    out = table.phone(voter).send(text)
    assert table.state(code).votes[NAMES.index(voter)] is None, out.reply
    answered(out.reply, *expected)


def test_who_is_still_to_vote_names_the_voters_waited_on(new_table):
    table = new_table()
    code, president, nominee = voting(table)
    table.phone(president).send("JA")
    out = table.phone(president).send("quien falta por votar?")
    answered(out.reply, "JA", nominee)
    assert table.state(code).votes.count(None) == 4


def test_when_does_it_end_is_answered_to_a_voter_with_the_vote(new_table):
    table = new_table()
    _code, president, nominee = voting(table)
    voter = next(n for n in NAMES if n not in (president, nominee))
    answered(table.phone(voter).send("cuando termina?").reply, "JA", "NEIN")


@pytest.mark.parametrize("text", ["cuando me toca?", "quien es el presidente?"])
def test_a_bystander_asking_is_told_whom_the_game_waits_on(new_table, text):
    table = new_table()
    code, president = started(table)
    bystander = next(n for n in NAMES if n != president)
    out = table.phone(bystander).send(text)
    answered(out.reply, president)
    assert table.state(code).phase == "nominate"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("como me uno?", ["UNIRSE"]), ("quien esta?", ["5"]), ("cuantos faltan?", ["EMPEZAR"])],
)
def test_lobby_questions_are_answered_in_spanish(new_table, text, expected):
    table = new_table()
    lobby(table)
    answered(table.phone("Bob").send(text).reply, *expected)
