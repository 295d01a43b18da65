"""Where and how a taught command is sent (the walk of `test_taught_commands`): the situation
each verb is taught for, in each game, and the templates that teach one for another situation;
what fills each placeholder and each `{{ }}` of a taught command."""

from __future__ import annotations

import re
import unicodedata

import taught

from sh_sms.games.districts.text.commands import ALIASES as DISTRICT_ALIASES
from sh_sms.text.words import ALIASES, CONFIRM_WORDS

DISTRICTS = "districts/"
NO_SUCH_COMMAND = "no_such_command"  # a word in capitals that no command of the game has
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
    if expression is not None and ALIASES.get(item.words[0].casefold()) == "watch":
        key = "code"  # "Watch game QSSX? Reply WATCH QSSX": the choice is a game's code
    if key == "target" and item.words[0].casefold() in _new_and_join():
        key = "newname"
    return key[1:] if key.startswith("=") else values[key]


def _new_and_join() -> set[str]:
    return {w for w, verb in ALIASES.items() if verb in ("new", "join")}
