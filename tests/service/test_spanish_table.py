"""Play in Spanish (issue 28): at one table, three players read Spanish and two English, and
each gets only their own language, in whole games played by text through POST /sms: the
ordinary mode, room mode and the districts game. Spanish players type Spanish commands (NUEVO,
UNIRSE, SI, DESCARTAR, PROMULGAR...), the English ones English; both always work."""

from __future__ import annotations

import re

import pytest
from districts_driver import districts_lobby
from districts_driver import drive as drive_districts
from harness import Table

from sh_sms.games.standard.engine import awaiting
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.textbot import action_text

SPANISH = ["Ana", "Bob", "Cy"]
ENGLISH = ["Dee", "Eve"]
# Words only one of the languages writes (names, codes, JA/NEIN, L/F and HITLER are both's).
ENGLISH_MARKS = re.compile(r"\b(You|you|your|the|Reply|game|round|President|Chancellor|votes?)\b")
SPANISH_MARKS = re.compile(r"\b(Eres|tú|los|las|del|Responde|partida|ronda|Presidente|votos?)\b")
# The Spanish a Spanish player types for each English command word the text bot sends.
SPANISH_COMMANDS = {
    "DISCARD": "DESCARTAR",
    "ENACT": "PROMULGAR",
    "INVESTIGATE": "INVESTIGAR",
    "ELECT": "ELEGIR",
    "EXECUTE": "EJECUTAR",
    "JA": "SI",
    "VETO YES": "VETO SI",
}


def in_spanish(text: str) -> str:
    """The text a Spanish player sends for an English command."""
    for english, spanish in SPANISH_COMMANDS.items():
        if text == english or text.startswith(english + " "):
            return spanish + text[len(english) :]
    return text


def check(delivery) -> None:
    """Every body reaches its reader in their language only."""
    for label, body in delivery.items():
        if label in SPANISH:
            assert not ENGLISH_MARKS.search(body), (label, body)
        elif label in ENGLISH:
            assert not SPANISH_MARKS.search(body), (label, body)


def mixed_lobby(table: Table, seed: int) -> str:
    """Ana opens in Spanish (NUEVO), Bob and Cy join in Spanish (UNIRSE), Dee and Eve in
    English; return the code."""
    out = table.phone("Ana").send("NUEVO Ana")
    assert out.reply.startswith("Partida "), out.reply
    code = re.search(r"\b([A-Z]{4})\b", out.reply).group(1)
    for name in ("Bob", "Cy"):
        check(table.phone(name).send(f"UNIRSE {code} {name}"))
    for name in ENGLISH:
        check(table.phone(name).send(f"JOIN {code} {name}"))
    table.set_seed(code, seed)
    return code


def play_standard(table: Table, code: str, seed: int) -> list[str]:
    """Random legal moves by text to the end; return the last text each player got."""
    bot = RandomBot(seed)
    names = SPANISH + ENGLISH
    last = {}
    for _ in range(400):
        state = table.state(code)
        if not awaiting(state):
            break
        seat, action = bot.choose(state)
        text = action_text(action, state.names)
        name = names[seat]
        delivery = table.phone(name).send(in_spanish(text) if name in SPANISH else text)
        check(delivery)
        last.update(delivery)
    return [last[name] for name in names]


@pytest.mark.parametrize("room", [False, True])
def test_a_mixed_table_plays_a_whole_game_each_in_their_language(new_table, room):
    table = new_table()
    code = mixed_lobby(table, seed=11)
    if room:
        check(table.phone("Ana").send("PONER ROOM ON"))
    out = table.phone("Ana").send("EMPEZAR")
    check(out)
    for name in SPANISH:
        assert re.search(r"Eres (LIBERAL|FASCISTA|HITLER)", out[name]), out[name]
    for name in ENGLISH:
        assert re.search(r"You are (LIBERAL|FASCIST|HITLER)", out[name]), out[name]
    ends = play_standard(table, code, seed=11)
    for name, body in zip(SPANISH + ENGLISH, ends, strict=True):
        marks = ("GANAN LOS LIBERALES", "GANAN LOS FASCISTAS")
        if name in ENGLISH:
            marks = ("LIBERALS WIN", "FASCISTS WIN")
        assert any(mark in body for mark in marks), (name, body)
        assert all(other in body for other in SPANISH + ENGLISH), body


def test_a_mixed_table_plays_the_districts_game_each_in_their_language(new_table):
    table = new_table()
    code = districts_lobby(table, SPANISH + ENGLISH, 0, seed=5)
    for name in SPANISH:
        out = table.phone(name).send("IDIOMA ES")
        assert out.reply.startswith("Ahora lees en español"), out.reply
    table.phone("Ana").send("START")
    final, played = drive_districts(table, code, seed=5, on_step=lambda d, _b, _a: check(d))
    assert final.phase == "over"
    for delivery in played.deliveries:
        check(delivery)


def test_lang_and_set_lang_choose_what_each_reads(new_table):
    table = new_table()
    code = table.lobby(["Ana", "Bob", "Cy", "Dee", "Eve"], seed=3)
    out = table.phone("Ana").send("SET LANG ES")
    assert out["Bob"].startswith("Ana puso el idioma de la partida en español"), out["Bob"]
    assert table.phone("Bob").send("STATUS").reply.startswith("Sala "), "Bob reads the default"
    out = table.phone("Bob").send("LANG EN")
    assert out.reply.startswith("You read English now.")
    assert not SPANISH_MARKS.search(table.phone("Bob").send("STATUS").reply)
    assert table.phone("Cy").send("idioma").reply.startswith("Lees en español.")
    out = table.phone("Ana").send("EMPEZAR")
    assert "You are" in out["Bob"], out["Bob"]
    assert "Eres" in out["Cy"] and "Eres" in out["Ana"]
    assert table.game(code).lang == "es"


def test_spanish_words_are_never_carrier_keywords():
    from sh_sms.text.languages import languages
    from sh_sms.text.words import CARRIER_OPT_IN, CARRIER_OPT_OUT

    # Twilio's Spanish opt-out and opt-in words (Advanced Opt-Out), and the English ones.
    carrier = CARRIER_OPT_OUT | CARRIER_OPT_IN | {"BAJA", "PARAR", "ALTO", "CANCELAR", "DETENER"}
    carrier |= {"FIN", "QUITAR", "COMENZAR", "INICIAR"}
    for language in languages().values():
        for words in language.commands.values():
            for word in words:
                assert word.upper() not in carrier, word


def test_spanish_commands_read_as_their_english_twins():
    from sh_sms.text.commands import parse

    twins = {**SPANISH_COMMANDS, "STATUS": "ESTADO", "HAND": "MANO", "ROLE": "ROL", "WHO": "QUIEN"}
    for english, spanish in twins.items():
        arg = {"DISCARD": " F", "ENACT": " L"}.get(english, " Bob" if english[0] in "IEN" else "")
        mine, theirs = parse(spanish + arg, ["Bob"]), parse(english + arg, ["Bob"])
        assert (mine.verb, mine.arg) == ({"ja": "yes"}.get(theirs.verb, theirs.verb), theirs.arg)
    assert parse("SÍ").verb == "yes" and parse("¿estado?").verb == "status"


def test_a_rematch_keeps_the_games_language(new_table):
    table = new_table()
    code = table.lobby(["Ana", "Bob", "Cy", "Dee", "Eve"], seed=3)
    table.phone("Ana").send("SET LANG ES")
    table.phone("Ana").send("EMPEZAR")
    table.phone("Ana").send("TERMINAR")
    out = table.phone("Ana").send("TERMINAR SI")
    assert "PARTIDA TERMINADA" in out["Bob"], out["Bob"]
    out = table.phone("Ana").send("REVANCHA")
    assert not ENGLISH_MARKS.search(out["Bob"]), out["Bob"]
    rematch = re.search(r"\b([A-Z]{4})\b", out.reply).group(1)
    assert rematch != code and table.game(rematch).lang == "es"
