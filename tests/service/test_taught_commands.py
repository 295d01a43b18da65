"""Every command a text teaches works (issue 33), in every language and both games.

The walk reads every SMS template of every language (`taught.walk`: `NOM <name>`, `PONER ROOM
ON`, `MOVER 2`, `AYUDA LEYES`...), finds the situation each command is taught for (`scene_for`:
the verb's situation, or the template's where it teaches for another one), builds it through
POST /sms with people who read the template's language (`scenes`), fills the placeholders with
real names and values, and sends the command as a player would. The command must not be relayed
to the table as talk, nor refused (a refusal, "cannot now", a question back, a typo guess, its
usage when it was typed whole), nor ignored, and every text it causes reads in the table's
language only.
"""

from __future__ import annotations

import re
import shutil
import unicodedata
from collections import defaultdict
from pathlib import Path

import pytest
import scenes
import taught
from harness import FakeClock, Table

from sh_sms.gamekind import registry
from sh_sms.games.districts.text.commands import ALIASES as DISTRICT_ALIASES
from sh_sms.games.districts.text.commands import SPELLINGS as DISTRICT_SPELLINGS
from sh_sms.text.languages import languages
from sh_sms.text.words import (
    ALIASES,
    CARRIER_HELP,
    CARRIER_OPT_IN,
    CARRIER_OPT_OUT,
    CONFIRM_WORDS,
    LANGUAGE_OF,
    SPELLINGS,
)

DISTRICTS = "districts/"
NO_SUCH_COMMAND = "no_such_command"  # a word in capitals that no command of the game has
# Texts the walk does not send, and why (the list stays short).
NOT_WALKED = {
    "tests/games/vault/": "a game that exists only in the tests, registered by their fixture; "
    "tests/games/vault plays every one of its commands by text",
    "{{ word }} in clarify/ask.txt": "the command word is filled in (the taught word of the "
    "verb asked about); the walk sends each of those words where its own texts teach it",
}
# The situation each verb is taught for, in each game.
STANDARD_SCENES = {
    **dict.fromkeys(["new", "join"], "stranger"),
    "join:alone": "after_invited",
    "watch": "stranger_watch",
    **dict.fromkeys(["stats", "lang", "help", "status", "role", "hand", "who", "log"], "game_idle"),
    **dict.fromkeys(["say", "stop"], "game_idle"),
    **dict.fromkeys(["start", "kick", "bot", "rules", "set"], "lobby_host"),
    "rules_timer": "d_lobby_host",
    "leave": "lobby_player",
    **dict.fromkeys(["settings", "remind", "pause", "endgame", "endgame_yes"], "game_host"),
    "resume": "game_paused",
    "unstop": "opted_out",
    "nominate": "candidate",
    **dict.fromkeys(["ja", "nein", "yes", "no"], "voter"),
    "discard": "president",
    "enact": "chancellor",
    "veto": "chancellor_veto",
    **dict.fromkeys(["veto_yes", "veto_no"], "veto_answer"),
    "investigate": "investigate",
    "elect": "special_election",
    "execute": "execution",
    "show": "reverse_investigation",
    **dict.fromkeys(["drop", "keep"], "peek_and_drop"),
    "rematch": "after",
}
DISTRICT_SCENES = {
    **dict.fromkeys(["status", "role", "hand", "who", "log", "say", "help", "rules"], "d_idle"),
    "move": "d_settle",
    **{verb: f"d_{verb}" for verb in ("vote", "timer", "investigate", "discard", "send", "play")},
    **dict.fromkeys(["start", "bot", "kick", "set"], "d_lobby_host"),
    "leave": "d_lobby_player",
    "endgame": "d_host",
    "rematch": "d_after",
}
# Templates that teach a verb for another situation than the verb's own (a folder ends in "/").
AFTER_GAME = dict.fromkeys(["rematch", "status", "role", "log", "new"], "after")
TEMPLATE_SCENES: dict[str, dict[str, str]] = {
    "after/": {**AFTER_GAME, "start": "rematch_host"},
    "event/ended.txt": AFTER_GAME,
    "event/game_over.txt": AFTER_GAME,
    "help/after.txt": AFTER_GAME,
    "explain/now.txt": {"status": "after"},
    "help/stop.txt": {"start": "opted_out"},
    "delivery/host_options.txt": {"start": "opted_out"},
    "help/watch.txt": {"leave": "watcher"},
    "watch/": {"leave": "watcher"},
    "reply/intro.txt": {"help": "stranger"},
    "help/none.txt": {"help": "stranger"},
    "districts/help_lobby.txt": {
        **dict.fromkeys(["status", "who", "rules", "help"], "d_lobby_player"),
        "endgame": "d_lobby_host",
    },
    "districts/prompt_move.txt": {"move": "d_relocate"},
}
# What fills a placeholder, by its words (accents and case aside): a value of the scene, or the
# text itself. A placeholder that is not here fails the walk until it is added.
PLACEHOLDERS = {
    **dict.fromkeys(["name", "nombre", "name or seat", "nombre o asiento"], "target"),
    **dict.fromkeys(["your name", "tu nombre", "another name", "otro nombre"], "newname"),
    **dict.fromkeys(["seat number", "numero de asiento"], "seat"),
    **dict.fromkeys(["code", "codigo"], "code"),
    **dict.fromkeys(["district", "distrito"], "district"),
    **dict.fromkeys(["number", "numero"], "card"),
    **dict.fromkeys(["command", "comando"], "command"),
    **dict.fromkeys(["text", "texto"], "=hello there"),
    **dict.fromkeys(["minutes", "minutos", "min"], "=15"),
    **dict.fromkeys(["seconds", "segundos"], "=5"),
    **dict.fromkeys(["hours", "horas"], "=24"),
    **dict.fromkeys(["zone", "zona"], "=America/Chicago"),
    **dict.fromkeys(["from", "de"], "=21"),
    **dict.fromkeys(["to", "a"], "=8"),
    **dict.fromkeys(["1-5", "n"], "=2"),
    **dict.fromkeys(["slot 1-5", "casilla 1-5", "slot", "casilla"], "=1"),
    **dict.fromkeys(["power", "poder"], "=KILL"),
    **dict.fromkeys(["liberal", "liberales", "l"], "=6"),
    **dict.fromkeys(["fascist", "fascistas", "f"], "=11"),
}
# The same for what a template fills in itself (`{{ ... }}`).
EXPRESSIONS = {
    "code": "code",
    "name": "target",
    "name(example[0])": "target",
    "names[0]": "player",
    "d": "district",
    "example[1]": "district",
    "n": "card",
    **dict.fromkeys(["choices[0]", "least - names|length", "least - count", "d.most"], "=2"),
    "d.range[1]": "=5",
    **{f'choices|join(" {o} {w} ")': "policy" for o in ("or", "o") for w in ("ENACT", "DISCARD")},
    **{f'choices|join(" o {w} ")': "policy" for w in ("PROMULGAR", "DESCARTAR")},
}
# HELP <command>: a command word of the game, in the language.
HELP_TOPIC = {("en", False): "DISCARD", ("es", False): "DESCARTAR"}
HELP_TOPIC |= {("en", True): "VOTE", ("es", True): "VOTAR"}
# Templates whose answer means the text was not taken as the command it is.
REFUSED = re.compile(
    r"^(refuse/|districts/refuse_|clarify/|districts/clarify|usage/|help/unknown|lobby/host_only"
    r"|reply/intro|reply/talk_|watch/none"
    r"|rules/host_only|rules/refused|rules/problem|lobby/no_bot|host/not_paused"
    r"|host/already_paused|lobby/no_such_game|watch/no_game|watch/closed|lobby/full)"
)
ALONE_ANSWERS = re.compile(
    r"^(usage/|districts/help|clarify/ask|districts/clarify)"
)  # a command word alone: how to type it
SILENT = frozenset({"stop"})  # the carrier's word: the carrier answers it
PRESETS = frozenset({"STANDARD", "REBALANCED", "DISTRICTS"})
# Situations whose language is not the command's to choose: a number in no game reads English
# until it picks a language; the first text picking it is issue 33's point 3 (helper i33-text),
# so only the reading is checked here (not relayed, not refused).
LANGUAGE_ELSEWHERE = {
    ("es", "stranger"),
    ("es", "stranger_watch"),
    ("es", "watcher"),
}  # the carrier's word: the carrier answers it
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


# -- which situation, which words -----------------------------------------------------------------


def verb_of(words: tuple[str, ...], districts: bool) -> str | None:
    """The verb a taught command is for (ENDGAME YES: endgame_yes, RULES TIMER: rules_timer),
    or None: no command of the game has that word."""
    first = words[0].casefold()
    verb = DISTRICT_ALIASES.get(first) if districts else None
    verb = verb or ALIASES.get(first)
    if verb is None:
        return None
    second = words[1].casefold() if len(words) > 1 else ""
    if verb in CONFIRM_WORDS and second in CONFIRM_WORDS[verb]:
        return CONFIRM_WORDS[verb][second]
    if verb == "rules" and second == "timer":
        return "rules_timer"
    return verb


def scene_for(item: taught.Taught) -> str:
    """The situation a template teaches a command for."""
    districts = item.template.startswith(DISTRICTS)
    verb = verb_of(item.words, districts)
    if verb is None:
        return NO_SUCH_COMMAND
    alone = f"{verb}:alone" if len(item.words) == 1 else verb
    own = TEMPLATE_SCENES.get(item.template) or TEMPLATE_SCENES.get(
        item.template.split("/")[0] + "/", {}
    )
    defaults = DISTRICT_SCENES if districts else STANDARD_SCENES
    for table in (own, defaults):
        for key in (alone, verb):
            if key in table:
                return table[key]
    raise AssertionError(f"{item.template}: no situation for {verb} ({item.text})")


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def filled(item: taught.Taught, values: dict[str, str]) -> str:
    """The taught command as a player types it, its placeholders filled from the scene."""
    districts = item.template.startswith(DISTRICTS)
    values = {**values, "command": HELP_TOPIC[(item.language, districts)]}
    out: list[str] = []
    for word in item.words:
        out.append(re.sub(r"\{\{(.*?)\}\}|<([^<>]*)>", lambda m: _fill(m, item, out, values), word))
    return " ".join(out)


# DECK <L> <F> and TRACK <L> <F>: the letters stand for counts that differ by knob.
KNOB_COUNTS = {
    "deck": dict.fromkeys(["l", "liberal", "liberales"], "=6")
    | dict.fromkeys(["f", "fascist", "fascistas"], "=11"),
    "track": dict.fromkeys(["l", "liberal", "liberales"], "=0")
    | dict.fromkeys(["f", "fascist", "fascistas"], "=1"),
}


def _fill(match: re.Match, item: taught.Taught, before: list[str], values: dict) -> str:
    expression, shape = match.group(1), match.group(2)
    if expression is not None:
        key = EXPRESSIONS.get(expression.strip())
    elif "/" in shape:
        return shape.split("/")[0]  # <INV/PEEK/...>: the first of the choices
    else:
        knob = before[1].casefold() if len(before) > 1 else ""
        key = KNOB_COUNTS.get(knob, {}).get(_plain(shape)) or PLACEHOLDERS.get(_plain(shape))
    assert key is not None, f"{item.template}: what fills {match.group(0)}? (add it to the tables)"
    if key == "target" and item.words[0].casefold() in _new_and_join():
        key = "newname"
    return key[1:] if key.startswith("=") else values[key]


def _new_and_join() -> set[str]:
    return {w for w, verb in ALIASES.items() if verb in ("new", "join")}


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
            built = scenes.SCENES[where](table, language)
            text = filled(taught.Taught(templates[0], language, words), built.values)
            wrong = problems(built, text, words, language, rendered)
            if (language, where) in LANGUAGE_ELSEWHERE:
                wrong = [w for w in wrong if " reads " not in w and " is taught " not in w]
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
