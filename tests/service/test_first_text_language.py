"""The first text picks the language (issue 33, point 3): a number in no game that writes in
Spanish (a command word only Spanish has, a greeting, a question) is answered in Spanish, naming
NUEVO and UNIRSE, and reads Spanish from then on; a text that tells nothing gets the English
introduction, which says how to read Spanish (IDIOMA ES)."""

from __future__ import annotations

import re

import pytest
from harness import Table

SPANISH = re.compile(r"\b(partida|tu nombre|para|Unirte|cuenta)\b")
ENGLISH = re.compile(r"\b(game|your name|Text|Join)\b")


@pytest.mark.parametrize(
    "first",
    [
        "hola",
        "buenas",
        "hola, como me uno?",
        "como se juega?",
        "Cómo se juega?",
        "AYUDA",
        "quiero jugar",
        "ESTADISTICAS",
        "NUEVO",
        "UNIRSE",
    ],
)
def test_a_first_text_in_spanish_is_answered_in_spanish(table: Table, first: str):
    reply = table.phone("Ana").send(first).reply
    assert SPANISH.search(reply) and not ENGLISH.search(reply), reply
    if first not in ("ESTADISTICAS", "UNIRSE"):
        assert "NUEVO" in reply, reply
    if first not in ("ESTADISTICAS", "NUEVO"):
        assert "UNIRSE" in reply, reply


def test_the_language_sticks_to_the_number(table: Table):
    table.phone("Ana").send("hola")
    assert "NUEVO" in table.phone("Ana").send("STATS").reply  # an English word, a Spanish reader
    out = table.phone("Ana").send("NEW Ana")
    assert out.reply.startswith("Partida "), out.reply


@pytest.mark.parametrize("first", ["hello", "hi, how do i join?", "STATS", "??"])
def test_a_text_that_tells_nothing_is_english_and_names_idioma_es(table: Table, first: str):
    reply = table.phone("Ana").send(first).reply
    assert not SPANISH.search(reply.replace("En español", "")), reply
    if first in ("hello", "??"):
        assert "IDIOMA ES" in reply, reply


def test_a_chosen_language_is_never_changed_by_a_first_text(table: Table):
    table.phone("Ana").send("LANG EN")
    reply = table.phone("Ana").send("hola").reply
    assert "NEW" in reply and "NUEVO" not in reply, reply


def test_each_watcher_reads_its_own_language(table: Table):
    """A watcher reads the language it texted in (MIRAR: Spanish), whatever the game's; one
    that chose none reads the game's."""
    code = table.lobby(["Ana", "Bob", "Cy", "Dee", "Eve"], seed=3)
    assert "Watcher1" in table.phone("Zed").send(f"MIRAR {code}").reply
    assert "Watcher2" in table.phone("Yan").send(f"WATCH {code}").reply
    start = table["Ana"].send("START")
    assert start["Zed"].startswith(f"{code}: Ronda 1"), start["Zed"]
    assert start["Yan"].startswith(f"{code}: Round 1"), start["Yan"]
    ended = table["Ana"].send("ENDGAME YES")
    assert "Dejas de mirar" in ended["Zed"], ended["Zed"]
    assert "TERMINADA" not in ended["Yan"] and "mirar" not in ended["Yan"], ended["Yan"]
