"""The command-level failures of issue 33, one by one, through POST /sms: the Spanish words that
open talk (poner, echar, mirar, decir) still do in a sentence, yet act as the commands the texts
teach; MIRAR <codigo> from a new number watches; the districts game reads the personal `a`, `al`
and articles before a target, answers AYUDA LEYES, and refuses in the reader's words. The walk
of every taught command is `test_taught_commands`; here its checker is shown to fail."""

from __future__ import annotations

import re

import pytest
import taught_scenes as scenes
import test_taught_commands as walk
from harness import Table

from sh_sms.text.commands import Command, parse

NAMES = scenes.NAMES


@pytest.mark.parametrize(
    ("text", "verb", "arg"),
    [
        ("PONER ROOM ON", "set_room", "on"),
        ("poner nudge 30", "set_nudge", "30"),
        ("ECHAR Bob", "kick", "Bob"),
        ("echar bot", "kick", "bot"),
        ("MIRAR BCDF", "watch", "BCDF"),
        ("DECIR hola a todos", "say", "hola a todos"),
    ],
)
def test_a_chatty_word_is_the_command_it_teaches(text, verb, arg):
    assert parse(text, NAMES) == Command(verb, arg)


@pytest.mark.parametrize(
    "text",
    [
        "poner la mesa",
        "echar la culpa a bob",
        "echar humo",
        "mirar esto",
        "mira lo que hizo eve",
        "decir que no",
        "Decir la verdad",
        "dejar que decida Ana",
    ],
)
def test_a_chatty_word_in_a_sentence_is_talk(text):
    assert parse(text, NAMES) == Command("say", text)


def test_the_host_sets_and_kicks_in_spanish_and_a_sentence_stays_talk(table: Table):
    built = scenes.SCENES["lobby_host"](table, "es")
    host = built.sender
    out = host.send("PONER ROOM ON")
    assert out.reply.startswith("Activaste el modo pantalla"), out.reply
    out = host.send("poner la mesa es cosa tuya")
    assert out["Bob"] == "Ana: poner la mesa es cosa tuya"
    out = host.send("ECHAR Eve")
    assert "Eve" not in [p.name for p in table.players(built.code)]
    assert "Ana: ECHAR Eve" not in out.get("Bob", "")


def test_mirar_from_a_new_number_watches_and_salir_ends_it(table: Table, rendered):
    built = scenes.SCENES["stranger_watch"](table, "es")
    out = built.sender.send(f"MIRAR {built.code}")
    assert built.code in out.reply and "intro" not in out.reply, out.reply
    assert ("es", "watch/started") in rendered or ("en", "watch/started") in rendered
    out = built.sender.send("SALIR")
    assert built.code in out.reply, out.reply


def test_districts_reads_the_personal_a_and_al_before_a_target(table: Table):
    settle = walk.SCENES["d_settle"](table, "es")
    district = settle.values["district"]
    settle.sender.send(f"MOVER al {district}")
    seat = [p.name for p in table.players(settle.code)].index(settle.sender.label)
    assert table.state(settle.code).where[seat] == int(district), settle.sender.last

    other = Table(table.app, table.clock)
    voter = walk.SCENES["d_vote"](other, "es")
    seat = [p.name for p in other.players(voter.code)].index(voter.sender.label)
    out = voter.sender.send(f"VOTAR a {voter.values['target']}")
    votes = other.state(voter.code).votes
    assert votes[seat] is not None, out.reply
    assert f"{voter.sender.label}: VOTAR" not in " ".join(out.others().values())
    other.close()


def test_districts_refuses_and_helps_in_the_readers_words(table: Table):
    built = walk.SCENES["d_settle"](table, "es")
    out = built.sender.send("VOTAR Bob")
    assert out.reply.startswith("No puedes usar VOTAR ahora."), out.reply
    out = built.sender.send("AYUDA LEYES")
    assert set(out) == {built.sender.label}, out
    assert out.reply.startswith("Cada ley suma 1 a su bando"), out.reply


def test_the_walk_fails_a_text_that_is_relayed_refused_or_in_another_language(
    table: Table, rendered
):
    built = scenes.SCENES["lobby_player"](table, "es")
    wrong = walk.problems(built, "hola a todos", ("hola",), "es", rendered)
    assert any(w.startswith("relayed to") for w in wrong), wrong
    wrong = walk.problems(built, "EMPEZAR", ("EMPEZAR",), "es", rendered)
    assert any(w.startswith("refused (lobby/host_only)") for w in wrong), wrong
    wrong = walk.problems(built, "LANG EN", ("ESTADO",), "es", rendered)
    assert any(" reads " in w for w in wrong), wrong


def test_the_host_removes_a_watcher_with_echar(table: Table):
    built = scenes.SCENES["watcher"](table, "es")
    name = re.search(r"\b(Watcher\d+)\b", built.sender.last).group(1)
    out = table["Ana"].send(f"ECHAR {name}")
    assert built.sender.label in out, out
    assert f"Ana: ECHAR {name}" not in " ".join(out.values())
