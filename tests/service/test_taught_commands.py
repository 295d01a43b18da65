"""Every command a text teaches works (issue 33), in every language and both games.

The walk reads every SMS template of every language (`taught.walk`: `NOM <name>`, `PONER ROOM
ON`, `MOVER 2`, `AYUDA LEYES`...), finds the situation each command is taught for (`scene_for`:
the verb's situation, or the template's where it teaches for another one), builds it through
POST /sms with people who read the template's language (`taught_scenes`), fills the
placeholders with real names and values, and sends the command as a player would. The command
must not be relayed to the table as talk, nor refused (a refusal, "cannot now", a question
back, a typo guess, its usage when it was typed whole), nor ignored, and every text it causes
reads in the table's language only.
"""

from __future__ import annotations

import re
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
import taught
import taught_district_scenes as district_scenes
import taught_scenes as scenes
from harness import FakeClock, Table
from taught_where import DISTRICTS, NO_SUCH_COMMAND, filled, scene_for, verb_of

from sh_sms.gamekind import registry
from sh_sms.games.districts.text.commands import SPELLINGS as DISTRICT_SPELLINGS
from sh_sms.text.languages import languages
from sh_sms.text.words import (
    ALIASES,
    CARRIER_HELP,
    CARRIER_OPT_IN,
    CARRIER_OPT_OUT,
    LANGUAGE_OF,
    SPELLINGS,
)

SCENES = {**scenes.SCENES, **district_scenes.SCENES}

# Texts the walk does not send, and why (the list stays short).
NOT_WALKED = {
    "tests/games/": "the game that exists only in the tests, registered by its own fixture; "
    "its own tests play every one of its commands by text",
    "{{ word }} in clarify/ask.txt": "the command word is filled in (the taught word of the "
    "verb asked about); the walk sends each of those words where its own texts teach it",
}
# Templates whose answer means the text was not taken as the command it is.
REFUSED = re.compile(
    r"^(refuse/|districts/refuse_|clarify/|districts/clarify|usage/|help/unknown|lobby/host_only"
    r"|reply/intro|reply/talk_|watch/none"
    r"|rules/host_only|rules/refused|rules/problem|lobby/no_bot|host/not_paused"
    r"|host/already_paused|lobby/no_such_game|watch/no_game|watch/closed|lobby/full)"
)
# A command word alone: how to type it is the answer.
ALONE_ANSWERS = re.compile(r"^(usage/|districts/help|clarify/ask|districts/clarify)")
SILENT = frozenset({"stop"})  # the carrier's word: the carrier answers it
PRESETS = frozenset({"STANDARD", "REBALANCED", "DISTRICTS"})
# Words only one language writes (names, codes, JA/NEIN, L/F and HITLER are every language's).
MARKS = {
    "en": re.compile(r"\b(You|you|your|the|Reply|game|round|President|Chancellor|votes?)\b"),
    "es": re.compile(r"\b(Eres|tú|los|las|del|Responde|partida|ronda|Presidente|votos?)\b"),
}
CARRIER = CARRIER_OPT_IN | CARRIER_OPT_OUT | CARRIER_HELP - {"HELP"}
KNOB_WORDS = taught.RULE_WORDS | taught.KNOBS["SET"] | {"KILL", "INV", "ELECT", "SHOW", "DROP"}


def _own_words(code: str) -> dict[str, set[str]]:
    """Each verb's command words in a language (English: the house's and the districts')."""
    if code == taught.ENGLISH:
        return {
            **{v: set(w) for v, w in SPELLINGS.items()},
            **{f"d_{v}": set(w) for v, w in DISTRICT_SPELLINGS.items()},
        }
    language = languages()[code]
    own = {v: set(w) for v, w in language.commands.items()}
    return own | {f"d_{v}": set(w) for v, w in language.games.get("districts", {}).items()}


def foreign_words(reader: str) -> frozenset[str]:
    """Command words of another language that a reader of `reader` must never be taught (a
    Spanish text that says VOTE where VOTAR is the word), beside the carrier's and the knobs."""
    mine = _own_words(reader)
    found = set()
    for other in taught.folders():
        if other == reader:
            continue
        for verb, words in _own_words(other).items():
            if verb in mine or reader == taught.ENGLISH:
                found |= {w.upper() for w in words} - {w.upper() for w in mine.get(verb, ())}
    if reader == taught.ENGLISH:
        found = {w for w in found if w.casefold() in LANGUAGE_OF} - {"IDIOMA"}
    return frozenset(w for w in found if len(w) > 1) - CARRIER - KNOB_WORDS


FOREIGN = {code: foreign_words(code) for code in taught.folders()}


def other_languages(code: str):
    return [MARKS[o] for o in MARKS if o != code]


# -- the walk -------------------------------------------------------------------------------------

WALKED = taught.walk()


def checks() -> dict[tuple[str, str, tuple[str, ...]], list[str]]:
    """Each distinct command to send: (language, situation, words) -> the templates teaching it."""
    found = defaultdict(list)
    for item in WALKED:
        found[(item.language, scene_for(item), item.words)].append(item.template)
    return found


CHECKS = checks()


def groups() -> dict[tuple[str, str], list[tuple[tuple[str, ...], list[str]]]]:
    """The checks by language and situation (one test each)."""
    found = defaultdict(list)
    for (language, where, words), templates in sorted(CHECKS.items()):
        found[(language, where)].append((words, templates))
    return found


GROUPS = groups()


@pytest.fixture
def database_url(tmp_path: Path, _sqlite_template: Path) -> str:
    """One backend is enough here: what is checked is the reading and the words."""
    path = tmp_path / "walk.db"
    shutil.copyfile(_sqlite_template, path)
    return f"sqlite:///{path}"


def expected_language(words: tuple[str, ...], lang: str) -> str:
    """The language the answer reads in: the table's, or the one LANG <code> picks."""
    if len(words) == 2 and ALIASES.get(words[0].casefold()) == "lang":
        return words[1].casefold()
    return lang


def typed_alone(words: tuple[str, ...]) -> bool:
    """A command word without what it takes (NOM, SET NUDGE, RULES POWERS): its usage is the
    answer."""
    if len(words) == 1:
        return True
    verb = ALIASES.get(words[0].casefold())
    return verb in ("set", "rules") and len(words) == 2 and words[1] not in PRESETS


def problems(built: scenes.Scene, text: str, words: tuple, lang: str, seen: list) -> list[str]:
    """What is wrong with how the service took `text`, sent in the situation `built`."""
    table = built.table
    version = table.game(built.code).version
    seen.clear()
    out = built.sender.send(text)
    wrong = []
    talk = f"{built.sender.label}: {text}".casefold()
    wrong += [
        f"relayed to {who}: {body!r}"
        for who, body in out.others().items()
        if talk in body.casefold()
    ]
    refused = [name for _, name in seen if REFUSED.match(name)]
    if typed_alone(words):
        refused = [name for name in refused if not ALONE_ANSWERS.match(name)]
    if refused:
        wrong.append(f"refused ({', '.join(refused)}): {out.reply!r}")
    moved = table.game(built.code).version != version
    if not out and not moved and verb_of(tuple(text.split()), False) not in SILENT:
        wrong.append("ignored: no answer and no change")
    reader = expected_language(words, lang)
    for label, body in out.items():
        for marks in other_languages(reader):
            if marks.search(body):
                wrong.append(f"{label} reads {marks.search(body).group(0)!r}: {body!r}")
        leaked = sorted({w for w in re.findall(r"\b[A-Z]{2,}\b", body) if w in FOREIGN[reader]})
        if leaked:
            wrong.append(f"{label} is taught {leaked} of another language: {body!r}")
    return wrong


@pytest.mark.parametrize(
    ("language", "where"), sorted(GROUPS), ids=[f"{a}-{b}" for a, b in sorted(GROUPS)]
)
def test_every_taught_command_works_where_it_is_taught(
    app, clock: FakeClock, rendered, language: str, where: str
):
    taught_words = GROUPS[(language, where)]
    assert where != NO_SUCH_COMMAND, "taught, but no command has the word: " + "; ".join(
        f"{' '.join(words)} ({', '.join(templates)})" for words, templates in taught_words
    )
    failures = []
    for words, templates in taught_words:
        table = Table(app, clock)
        try:
            built = SCENES[where](table, language)
            text = filled(taught.Taught(templates[0], language, words), built.values)
            wrong = problems(built, text, words, language, rendered)
        finally:
            table.close()
        if wrong:
            failures.append(f"{text!r} ({', '.join(templates)}): " + "; ".join(wrong))
    assert not failures, "\n".join(failures)


def test_the_walk_covers_every_language_and_both_games():
    templates = {(item.language, item.template) for item in WALKED}
    assert {language for language, _ in templates} == set(taught.folders())
    assert any(t.startswith(DISTRICTS) for _, t in templates)
    texts = {(item.language, item.text) for item in WALKED}
    for must in [("es", "PONER ROOM ON"), ("es", "ECHAR <nombre>"), ("es", "MIRAR <código>")]:
        assert must in texts, must
    for must in [("es", "AYUDA LEYES"), ("es", "VOTAR <nombre>"), ("en", "SET WATCH ON")]:
        assert must in texts, must


def test_no_installed_game_brings_texts_the_walk_does_not_read():
    for name in registry.INSTALLED:
        assert registry.get(name).own_templates is None, f"walk {name}'s own templates too"
