"""The commands a text teaches, read from the source of every SMS template of every language
(issue 33): the command words in capitals and the shapes of what follows them (`NOM <name>`,
`PONER ROOM ON`, `DISCARD L/F`, `JOIN {{ code }} <name>`), one `Taught` per command, with the
alternatives a template writes spelled out (`JA/NEIN`, `SET ROOM ON or OFF`, `DESCARTAR/PROMULGAR
L/F`). Every branch of a template counts: `{% ... %}` only separates. A template's words that are
no command where they stand (the power names of `RULES POWER`) are listed in `NOT_TAUGHT`, and a
shorthand that stands for a longer command (`VETO <1-5>` in a list of RULES knobs) in `READS_AS`.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path

from sh_sms.text.languages import languages
from sh_sms.text.setwords import SET_KEYS
from sh_sms.text.words import ALIASES, CONFIRM_WORDS

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
ENGLISH = "en"
# A word in capitals opens a command (whether the game knows it or not: a text that teaches a
# word no command has fails the walk), unless it is one of these, which texts write in capitals
# for another reason. The values and knobs commands take (after their command word they are
# its arguments; alone, in a list of them, they open nothing):
VALUES = {"ON", "OFF", "EN", "ES", "NONE", "PEEK", "BCDF", "POLICY", "LEYES"}
VALUES |= {"NUDGE", "QUIET", "TZ", "DEADLINE", "BOTSPEED", "ROOM"}
VALUES |= {"STANDARD", "REBALANCED", "DISTRICTS", "POWER", "POWERS", "ZONE", "DECK", "TRACK"}
VALUES |= {"FASCISTS", "KNOWS", "DISTRITOS"}  # DISTRITOS: the districts game's Spanish name
# The news, shouted: roles, cards and outcomes ("You are LIBERAL", "GAME ENDED", "por SMS").
NEWS = {"LIBERAL", "FASCIST", "FASCISTA", "HITLER", "OLIGARCH", "OLIGARCA", "ELECTED"}
NEWS |= {"ELEGIDOS", "REJECTED", "RECHAZADO", "GAME", "ENDED", "OVER", "PARTIDA", "TERMINADA"}
NEWS |= {"SMS"}
NOT_COMMANDS = frozenset(VALUES | NEWS)
# The words of a knob after RULES and SET: a list that goes on with one ("RULES STANDARD,
# REBALANCED or DISTRICTS") repeats the command's word.
RULE_WORDS = frozenset(
    {"STANDARD", "REBALANCED", "DISTRICTS", "POWER", "POWERS", "ZONE", "VETO", "DECK", "TRACK"}
    | {"FASCISTS", "KNOWS", "TIMER", "DISTRITOS"}
)
KNOBS = {"RULES": RULE_WORDS, "REGLAS": RULE_WORDS, "SET": frozenset(k.upper() for k in SET_KEYS)}
KNOBS["PONER"] = KNOBS["SET"]
# The command words a verb takes after it: ENDGAME YES, VETO NO, KICK BOT (HELP takes any).
ARGUMENT_WORDS = {
    verb: frozenset(w.upper() for w in seconds) for verb, seconds in CONFIRM_WORDS.items()
} | {"kick": frozenset({"BOT"})}
EXAMPLE_CODE = "BCDF"  # the code the texts give as an example ("e.g. WATCH BCDF")
OR_WORDS = frozenset({"or", "o", "u"})
# Words in capitals where a template uses them as no command: (template, word) -> why.
POWER_NAMES = "power names, the values of RULES POWER"
KNOB_NAMES = "the knobs RULES takes, named"
NOT_TAUGHT: dict[str, dict[str, str]] = {
    "usage/rules_power.txt": dict.fromkeys(["KILL", "INV", "ELECT", "SHOW", "DROP"], POWER_NAMES),
    "usage/rules_powers.txt": dict.fromkeys(["KILL", "INV", "ELECT", "SHOW", "DROP"], POWER_NAMES),
    "rules/problem.txt": dict.fromkeys(["KILL", "INV", "ELECT", "SHOW", "DROP"], POWER_NAMES)
    | {"TIMER": "a knob of RULES: 'TIMER is a setting of the districts game'"},
    "usage/rules.txt": dict.fromkeys(["VETO", "TIMER"], KNOB_NAMES),
}
# A shorthand inside a list, and the command it stands for: (template, as read) -> command.
READS_AS: dict[tuple[str, str], tuple[str, ...]] = {
    **dict.fromkeys(
        [("help/join.txt", "JOIN <code>"), ("usage/join.txt", "JOIN <code>")],
        ("JOIN", "<code>", "<name>"),  # "e.g. JOIN BCDF Ana"
    ),
    **dict.fromkeys(
        [("help/join.txt", "UNIRSE <code>"), ("usage/join.txt", "UNIRSE <code>")],
        ("UNIRSE", "<code>", "<nombre>"),
    ),
    ("help/rules.txt", "TIMER <minutes>"): ("RULES", "TIMER", "<minutes>"),
    # "More: HELP DISTRICTS WIN, CAPITOL or POLICY"
    ("districts/help_districts.txt", "CAPITOL"): ("HELP", "DISTRICTS", "CAPITOL"),
    ("districts/help_districts.txt", "POLICY"): ("HELP", "DISTRICTS", "POLICY"),
    ("districts/help_districts.txt", "CAPITOLIO"): ("AYUDA", "DISTRITOS", "CAPITOLIO"),
    ("districts/help_districts.txt", "LEYES"): ("AYUDA", "DISTRITOS", "LEYES"),
    ("help/rules.txt", "TIMER <minutos>"): ("REGLAS", "TIMER", "<minutos>"),
    # "Join game BCDF? Reply JOIN BCDF and your name."
    ("clarify/ask.txt", "JOIN {{ choices[0] }}"): ("JOIN", "<code>", "<name>"),
    ("usage/join.txt", "JOIN {{ code }}"): ("JOIN", "<code>", "<name>"),
    ("usage/join.txt", "UNIRSE {{ code }}"): ("UNIRSE", "<code>", "<nombre>"),
    ("clarify/ask.txt", "UNIRSE {{ choices[0] }}"): ("UNIRSE", "<code>", "<nombre>"),
}

_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_TAG = re.compile(r"\{%.*?%\}", re.S)
_TOKEN = re.compile(r"\{\{.*?\}\}\S*|<[^<>]*>\S*|[^\s<]+(?:<[^<>]*>\S*)?")
_VALUE = re.compile(r"^[A-Z0-9][A-Z0-9/|\-]*$")
_LEAD = "(\"'¿¡"
_TRAIL = ".,;:)!?\"'"
_BREAK = "\x00"


@dataclass(frozen=True)
class Taught:
    """One command a template teaches: its words as written (placeholders and `{{ }}` kept)."""

    template: str  # its path below the language's sms/ folder: "help/set.txt"
    language: str  # "en", "es"
    words: tuple[str, ...]

    @property
    def text(self) -> str:
        return " ".join(self.words)


def folders() -> dict[str, Path]:
    """The SMS templates of every language, by language code."""
    found = {ENGLISH: TEMPLATES / "sms"}
    for code in languages():
        found[code] = TEMPLATES / "i18n" / code / "sms"
    return found


def walk() -> list[Taught]:
    """Every command every template of every language teaches."""
    every = []
    for language, folder in folders().items():
        for path in sorted(folder.rglob("*.txt")):
            template = str(path.relative_to(folder))
            every.extend(
                Taught(template, language, w) for w in commands(template, path.read_text())
            )
    return every


def commands(template: str, source: str) -> list[tuple[str, ...]]:
    """The commands in one template's source, alternatives spelled out, in order, each once."""
    text = _TAG.sub(f" {_BREAK} ", _COMMENT.sub(" ", source))
    tokens = _TOKEN.findall(text)
    skip = NOT_TAUGHT.get(template, {})
    found: list[tuple[str, ...]] = []
    i = 0
    while i < len(tokens):
        word, _ = _core(tokens[i])
        if not _is_command(word) or word in skip:
            i += 1
            continue
        words, i = _arguments(tokens, i, [_choices(word)])
        found.extend(_spelled(words))
        i = _list_goes_on(tokens, i, words, found)
    read = [READS_AS.get((template, " ".join(w)), w) for w in found]
    return list(dict.fromkeys(read))


def _core(token: str) -> tuple[str, bool]:
    """A token without the punctuation around it, and whether punctuation ends the command."""
    if token.startswith("{{") or token.startswith("<"):
        end = token.rfind("}}") + 2 if token.startswith("{{") else token.rfind(">") + 1
        return token[:end], bool(token[end:].strip())
    core = token.lstrip(_LEAD).rstrip(_TRAIL)
    return core, core != token.lstrip(_LEAD)


def _choices(word: str) -> list[str]:
    """The alternatives one written word stands for: "L/F" -> L, F; a placeholder is one, and
    so is the code examples show (BCDF)."""
    if word.startswith(("<", "{{")):
        return [word]
    if word == EXAMPLE_CODE:
        return ["<code>"]
    return [w for w in re.split(r"[/|]", word) if w]


def _is_command(word: str) -> bool:
    """A word in capitals (of letters, two or more) that opens a command: "PONER", "JA/NEIN"."""
    return any(
        len(part) > 1 and part.isalpha() and part.isupper() and part not in NOT_COMMANDS
        for part in _choices(word)
    )


def _is_argument(token: str, word: str) -> bool:
    """Whether a token goes on the command before it: a placeholder, a value in capitals or
    digits, never a new phrase ("(IDIOMA ES)", a quote)."""
    if token[:1] in _LEAD or token == _BREAK:
        return False
    return word.startswith(("{{", "<")) or bool(_VALUE.match(word))


def _arguments(tokens: list[str], i: int, words: list[list[str]]) -> tuple[list[list[str]], int]:
    """The arguments after a command word (up to punctuation, a lower-case word or a new
    phrase), and an alternative for the last one ("ON or OFF")."""
    ends = _core(tokens[i])[1]
    i += 1
    while not ends and i < len(tokens):
        word, ends = _core(tokens[i])
        if _is_argument(tokens[i], word) and not _starts_another(words, word):
            words.append(_choices(word))
            i += 1
        elif word in OR_WORDS and len(words) > 1 and i + 1 < len(tokens):
            other, ends = _core(tokens[i + 1])
            if not _is_argument(tokens[i + 1], other) or _is_command(other):
                break
            words[-1] = [*words[-1], *_choices(other)]
            i += 2
        else:
            break
    return words, i


def _starts_another(words: list[list[str]], word: str) -> bool:
    """A command word that is no argument of the command before it ("JA NEIN" in a list; but
    HELP SET, KICK BOT, ENDGAME YES, SET WATCH)."""
    if not _is_command(word) or len(_choices(word)) > 1 or len(words) > 1:
        return False
    verb = ALIASES.get(words[0][0].casefold())
    takes = ARGUMENT_WORDS.get(verb, frozenset()) | KNOBS.get(words[0][0], frozenset())
    return verb != "help" and word not in takes


def _list_goes_on(tokens: list[str], i: int, words: list[list[str]], found: list) -> int:
    """After "RULES STANDARD," the list's next knob ("REBALANCED or DISTRICTS", "ZONE <1-5>")
    is the same command with that knob."""
    knobs = KNOBS.get(words[0][0])
    if not knobs or len(words) < 2:
        return i
    while i < len(tokens):
        word, _ = _core(tokens[i])
        if word in OR_WORDS:
            i += 1
            continue
        if word not in knobs or tokens[i][:1] in _LEAD:
            return i
        more, i = _arguments(tokens, i, [words[0], [word]])
        found.extend(_spelled(more))
    return i


def _spelled(words: list[list[str]]) -> list[tuple[str, ...]]:
    """Every command a written form stands for: "JA/NEIN" -> JA, NEIN; "ROOM ON/OFF" -> both."""
    return [tuple(c) for c in itertools.product(*words)]
