"""Spanish moves, votes and questions read as English ones are (issue 33, point 1), from the
forms people type: infinitive, imperative, first person present and past, the personal `a`,
articles and courtesy around a target, the policy words, everyday yes and no. Played through
POST /sms by a table that reads Spanish (NUEVO, UNIRSE), each case in its situation."""

from __future__ import annotations

import re

import pytest
from harness import Table

NAMES = ["Ana", "Hal", "Pedro", "Mateo", "Cy"]
ANA, HAL, PEDRO, MATEO, CY = range(5)
ENGLISH = re.compile(r"\b(You|you|your|the|Reply|game|round|President|Chancellor)\b")


def spanish_table(table: Table) -> str:
    """Five players who read Spanish, the game started, Ana the candidate: the code."""
    out = table.phone("Ana").send("NUEVO Ana")
    code = re.search(r"\b([A-Z]{4})\b", out.reply).group(1)
    for name in NAMES[1:]:
        table.phone(name).send(f"UNIRSE {code} {name}")
    table.set_seed(code, 4)
    table.phone("Ana").send("EMPEZAR")
    table.rig(code, president=ANA, phase="nominate", chancellor=None)
    return code


def answered_in_spanish(out, sender: str) -> str:
    """The private reply to `sender`, in Spanish, and nobody else told."""
    assert out.reply is not None, out
    assert not ENGLISH.search(out.reply), out.reply
    assert set(out) == {sender}, out
    return out.reply


# The candidate -------------------------------------------------------------------------------

NOMINATIONS = [
    "nomino a mateo",
    "nominar a Mateo",
    "nomina a mateo porfa",
    "nominé a Mateo",
    "nominare a mateo",
    "yo nomino al Mateo por favor",
    "NOMINAR a Mateo",
    "vale, nomino a Mateo como canciller",
    "propongo a Mateo",
]


@pytest.mark.parametrize("line", NOMINATIONS)
def test_a_plain_spanish_nomination_acts(new_table, line):
    table = new_table()
    code = spanish_table(table)
    table.phone("Ana").send(line)
    state = table.state(code)
    assert (state.phase, state.chancellor) == ("vote", MATEO), line


def test_como_nomino_a_alguien_is_answered(new_table):
    table = new_table()
    code = spanish_table(table)
    out = table.phone("Ana").send("como nomino a alguien?")  # answered, and heard by the table
    assert "NOM" in out.reply and not ENGLISH.search(out.reply), out.reply
    assert table.state(code).phase == "nominate"


def test_a_quien_nomino_hal_o_pedro_is_asked_with_their_names(new_table):
    table = new_table()
    code = spanish_table(table)
    out = table.phone("Ana").send("a quien nomino? hal o pedro?")
    assert table.state(code).phase == "nominate"
    assert "HAL" in out.reply.upper() and "PEDRO" in out.reply.upper(), out.reply
    assert "MATEO" not in out.reply.upper(), out.reply  # the names the sender named, not all
    assert not ENGLISH.search(out.reply), out.reply


# The policies ---------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["descarto la F", "descarta una fascista", "tiro la F porfa"])
def test_descarto_la_f_discards(new_table, line):
    table = new_table()
    code = spanish_table(table)
    table.rig(code, phase="president_discard", chancellor=MATEO, hand=["F", "L", "F"])
    table.phone("Ana").send(line)
    state = table.state(code)
    assert state.phase == "chancellor_enact" and sorted(state.hand) == ["F", "L"], line


@pytest.mark.parametrize("line", ["promulgo la L", "promulga la liberal", "apruebo la L"])
def test_promulgo_la_l_enacts(new_table, line):
    table = new_table()
    code = spanish_table(table)
    table.rig(code, phase="chancellor_enact", chancellor=MATEO, hand=["L", "F"])
    table.phone("Mateo").send(line)
    assert table.state(code).liberal == 1, line


# The President's powers --------------------------------------------------------------------

POWERS = [
    ("investigate", "investigo a Cy"),
    ("investigate", "investiga a Cy porfa"),
    ("execution", "mato a Cy"),
    ("execution", "ejecuto a Cy"),
    ("execution", "disparé a Cy"),
    ("special_election", "elijo a Cy"),
]


@pytest.mark.parametrize(("power", "line"), POWERS)
def test_a_plain_spanish_power_acts_when_awaited(new_table, power, line):
    table = new_table()
    code = spanish_table(table)
    table.rig(code, phase="power", power=power, chancellor=None)
    table.phone("Ana").send(line)
    state = table.state(code)
    assert state.phase != "power" or state.power != power, line
    if power == "execution":
        assert state.alive[CY] is False
    if power == "special_election":
        assert state.president == CY


@pytest.mark.parametrize(
    ("line", "english"),
    [
        ("investigo a Cy", "i investigate cy"),
        ("mato a Cy", "i kill cy"),
        ("elijo a Cy", "i pick cy"),
    ],
)
def test_a_spanish_power_not_awaited_is_talk_like_english(new_table, line, english):
    """From someone the game does not wait on, "mato a Cy" is table talk, as "i kill cy" is
    (the judged Spanish corpus: a bystander's "nomino a pedro" is talk)."""
    heard = []
    for text in (line, english):
        table = new_table()
        code = spanish_table(table)
        out = table.phone("Hal").send(text)
        assert table.state(code).alive[CY] and table.state(code).phase == "nominate"
        heard.append(set(out) - {"Hal"})
    assert heard[0] == heard[1] == set(NAMES) - {"Hal"}, heard


# Votes and yes --------------------------------------------------------------------------------


def voting(table: Table) -> str:
    code = spanish_table(table)
    table.phone("Ana").send("NOMINAR Mateo")
    assert table.state(code).phase == "vote"
    return code


def vote_of(table: Table, code: str, name: str):
    return table.state(code).votes[NAMES.index(name)]


# Each Spanish line, and the English one it must read exactly as.
AS_ENGLISH = [
    ("si", "yes"),
    ("sí", "yes"),
    ("si!", "yes!"),
    ("vale", "sure"),
    ("claro", "sure"),
    ("dale", "sure"),
    ("de acuerdo", "yeah"),
    ("a favor", "yep"),
    ("en contra", "nope"),
    ("voto en contra", "voting nope"),
    ("vale pues", "sure ok"),
    ("jaja si", "lol yes"),
]


@pytest.mark.parametrize(("spanish", "english"), AS_ENGLISH)
def test_a_spanish_vote_reads_as_its_english(new_table, spanish, english):
    seen = []
    for line in (spanish, english):
        table = new_table()
        code = voting(table)
        out = table.phone("Hal").send(line)
        seen.append((vote_of(table, code, "Hal"), out.reply is not None, set(out) - {"Hal"}))
    assert seen[0] == seen[1], (spanish, english, seen)


@pytest.mark.parametrize("line", ["jajaja", "jaja si", "ya", "ya?", "jajaja no"])
def test_laughter_and_ya_are_never_counted(new_table, line):
    table = new_table()
    code = voting(table)
    table.phone("Hal").send(line)
    assert vote_of(table, code, "Hal") is None, line


@pytest.mark.parametrize("line", ["si", "sí", "si!", "SI"])
def test_si_outside_a_vote_is_relayed_like_yes(new_table, line):
    table = new_table()
    spanish_table(table)
    out = table.phone("Hal").send(line)
    english = new_table()
    spanish_table(english)
    relayed = english.phone("Hal").send("yes")
    assert set(out) - {"Hal"} == set(relayed) - {"Hal"} == set(NAMES) - {"Hal"}, out
