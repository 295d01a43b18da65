"""The reading's principles hold in Spanish (issue 28): Spanish table talk never moves the game
and is never a near miss; a plain instruction acts (`voto ja`, `SI`); a hedge or a reaction is
asked, never counted. Played through POST /sms by a table that reads Spanish, during a vote."""

from __future__ import annotations

import pytest
from harness import Table

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
# Real-sounding Spanish table talk during a vote (none of it is a vote).
TALK = [
    "creo que bob es fascista",
    "no confío en cy",
    "para mí dee es hitler",
    "mira lo que hizo eve",
    "no tiene sentido",
    "estamos perdidos",
    "esta ronda es clave",
    "vete a saber",
    "sin pruebas no acuso a nadie",
    "uno de ellos miente",
    "el canciller miente",
    "dejar que decida ana",
    "salir de esta va a ser difícil",
    "mando yo esta ronda",
    "la presidenta es liberal",
    "quien fue el que votó nein?",
    "espera un momento",
    "a ver que pasa",
    "madre mía",
    "de una",
]
# A voter's texts that are asked about, never counted.
ASKED = ["jaja no", "creo que ja", "si cy es liberal", "no sé", "siii", "voto ja o nein"]
COUNTED = {"voto ja": "ja", "SI": "ja", "sí": "ja", "voto nein por favor": "nein", "NEIN": "nein"}


def spanish_vote(table: Table) -> tuple[str, str, list[str]]:
    """Five players who read Spanish, a nomination made: (code, the president, the voters)."""
    out = table.phone("Ana").send("NUEVO Ana")
    code = out.reply.split()[1].rstrip(".,")
    for name in NAMES[1:]:
        table.phone(name).send(f"UNIRSE {code} {name}")
    table.set_seed(code, 4)
    table.phone("Ana").send("EMPEZAR")
    state = table.state(code)
    president = state.names[state.president]
    nominee = next(n for n in NAMES if n != president)
    out = table.phone(president).send(f"NOM {nominee}")
    assert table.state(code).phase == "vote", out
    return code, president, list(NAMES)


def votes(table: Table, code: str) -> dict:
    state = table.state(code)
    return {state.names[s]: v for s, v in enumerate(state.votes) if v is not None}


@pytest.mark.parametrize("line", TALK)
def test_spanish_table_talk_never_moves_the_game(new_table, line):
    table = new_table()
    code, _president, voters = spanish_vote(table)
    before = (table.state(code).phase, votes(table, code))
    out = table.phone(voters[1]).send(line)
    assert (table.state(code).phase, votes(table, code)) == before
    heard = set(out) - {voters[1]}
    asked = out.reply is not None and "JA" in out.reply
    assert heard or asked, (line, out)  # relayed, or (a voter's move word) asked
    assert not (out.reply or "").startswith(("Quisiste decir", "Did you mean")), out.reply


@pytest.mark.parametrize("line", ASKED)
def test_a_spanish_hedge_or_reaction_is_asked_not_counted(new_table, line):
    table = new_table()
    code, _president, voters = spanish_vote(table)
    out = table.phone(voters[1]).send(line)
    assert voters[1] not in votes(table, code), (line, out.reply)
    assert "JA" in (out.reply or "") or "NEIN" in (out.reply or ""), (line, out.reply)


@pytest.mark.parametrize(("line", "vote"), list(COUNTED.items()))
def test_a_plain_spanish_vote_is_counted(new_table, line, vote):
    table = new_table()
    code, _president, voters = spanish_vote(table)
    table.phone(voters[1]).send(line)
    assert votes(table, code).get(voters[1]) == (vote == "ja"), line


@pytest.mark.parametrize(
    ("line", "says"),
    [("¿Qué hago ahora?", "JA o NEIN"), ("como veo mi rol", "ROL"), ("como voto", "JA")],
)
def test_a_question_to_the_service_in_spanish_is_answered(new_table, line, says):
    table = new_table()
    code, _president, voters = spanish_vote(table)
    out = table.phone(voters[1]).send(line)
    assert says in (out.reply or ""), (line, out.reply)
    assert voters[1] not in votes(table, code)
