"""Text -> Command or ParseError: what one inbound SMS asks for, as data (pure, no wording)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from sh_sms.text.phonetext import plain
from sh_sms.text.players import valid_name

from .everyday import NEVER_TYPOS, NOT_A_NAME
from .languages import known
from .rulewords import read_rules
from .setwords import SET_KEYS, SET_VALUES
from .trimming import (
    is_filler,
    is_invisible,
    rstrip_filler,
    rstrip_trailing,
    rstrip_trailing_emoji,
    strip_word,
)
from .typos import closest, letters, near_miss
from .words import (
    ALIASES,
    BOT_COUNT_WORDS,
    CHATTY_VERBS,
    CHATTY_WORDS,
    CODE_LEN,
    CODE_LEN_MAX,
    CODE_LETTERS,
    CONFIRM_WORDS,
    LANGUAGE_OF,
    MAX_BOTS_AT_ONCE,
    NO_ARG_VERBS,
    POLICY_VERBS,
    POLICY_WORDS,
    taught,
)

PLAYER_VERBS = frozenset({"kick", "nominate", "investigate", "elect", "execute"})
_GLUED = re.compile(r"^([^\W\d_]+)(?:[-_.:#]([A-Za-z0-9]+)|([0-9]+))$")

EMPTY = "empty"
NEAR_MISS = "near_miss"
MISSING_ARG = "missing_arg"
BAD_ARG = "bad_arg"
EXTRA_WORDS = "extra_words"
QUESTION = "question"  # a command that changes something, typed as a question ("inv 1?")

# Commands that only answer: a question mark after them changes nothing ("status?", "who?").
ANSWERING = frozenset({"status", "role", "hand", "who", "log", "help", "settings", "say"})
# The carrier's keywords count only alone, as carriers match them: "stop?" is talk.
CARRIER_VERBS = frozenset({"stop", "unstop"})


@dataclass(frozen=True)
class Command:
    """A parsed command: canonical verb, its argument, and (JOIN only) the player's name.

    `read`: the text a move was read from when it was not the command itself ("yeah" read as
    JA): the sender is told how it was read.
    """

    verb: str
    arg: str | None = None
    name: str | None = None
    read: str | None = field(default=None, compare=False)
    language: str | None = field(default=None, compare=False)  # typed in it (NUEVO: es)


@dataclass(frozen=True)
class ParseError:
    """Why a text is not a command: a code, the command word to suggest, the verb if known,
    and the words typed after the command word (for the conversation to read in context)."""

    code: str
    suggestion: str | None = None
    verb: str | None = None
    words: tuple[str, ...] = field(default=(), compare=False)


def parse(text: str, names: Iterable[str] = ()) -> Command | ParseError:
    """Return the Command `text` asks for, or a ParseError; any text that is no command is talk.

    `names` (optional): the game's player names; a first word equal to one is never a near miss.
    Typed faces and punctuation are talk (`:(`, `...`); a lone `?` is STATUS.
    """
    stripped = plain(text).strip()
    if not any(not is_invisible(ch) for ch in stripped):
        return ParseError(EMPTY)
    if stripped == "?":
        return Command("status")
    words = [strip_word(w) for w in rstrip_trailing(stripped).split()]
    if not words:  # faces and punctuation (":(", "...", "??"): talk
        return Command("say", stripped)
    first = words[0].casefold()
    verb = ALIASES.get(first)
    if verb is None:
        head, glued = _unglue(words[0])
        guess = near_miss(head, names)
        if guess is not None:
            rest = tuple(([glued] if glued else []) + [w for w in words[1:] if w])
            return ParseError(NEAR_MISS, taught(guess), guess, words=rest)
        return Command("say", stripped)
    rest = [w for w in words[1:] if w]
    if rest and first in CHATTY_WORDS:
        return Command("say", stripped)
    if asks(stripped) and verb not in ANSWERING:
        if verb in CARRIER_VERBS:
            return Command("say", stripped)
        return ParseError(QUESTION, taught(verb), verb, words=tuple(rest))
    read = _read(verb, stripped, rest)
    if isinstance(read, ParseError):
        return replace(read, words=tuple(rest))
    return replace(read, language=LANGUAGE_OF[first]) if first in LANGUAGE_OF else read


def asks(text: str) -> bool:
    """Whether a text ends as a question: `?` (or `/`, shift missed) after its last word."""
    end = rstrip_trailing_emoji(text).rstrip(" !.")
    return end.endswith(("?", "/"))


def fits(verb: str, rest: Iterable[str], names: list[str]) -> bool:
    """Whether the words after a command word are what that command takes: nothing, one player
    (a whole name or a seat number), one policy letter, or a code and a name."""
    rest = list(rest)
    if verb.startswith("set_") or verb in ("veto_yes", "veto_no", "endgame_yes"):
        return True  # SET, VETO or ENDGAME typed exactly, the next word a typo ("VETO YSE")
    if verb in PLAYER_VERBS:
        return len(rest) == 1 and is_reference(rest[0], names)
    if verb in POLICY_VERBS:
        return len(rest) == 1 and rest[0].casefold() in POLICY_WORDS
    if verb == "join":
        return not rest or (len(rest) == 2 and _is_code(rest[0]) and valid_name(rest[1]))
    if verb == "new":
        return len(rest) == 1 and valid_name(rest[0])
    if verb == "help":
        return len(rest) <= 1 and (not rest or rest[0].casefold() in ALIASES)
    if verb == "bot":
        return not rest or (len(rest) == 1 and rest[0].isdigit())
    if verb in CONFIRM_WORDS:
        return not rest or (len(rest) == 1 and rest[0].casefold() in CONFIRM_WORDS[verb])
    return not rest


def is_reference(word: str, names: list[str]) -> bool:
    """Whether one word names a player: a whole name or a seat number, never an everyday word."""
    key = word.strip(".,!?;:'\"#@").casefold()
    if not key or key in NOT_A_NAME:
        return False
    if key.isdigit():
        return 1 <= int(key) <= len(names)
    return key in {n.casefold() for n in names}


def _unglue(word: str) -> tuple[str, str]:
    """A first word and what is glued to it: "nom3" -> ("nom", "3"), "discard-f" -> ("discard",
    "f"); a plain word -> (word, "")."""
    match = _GLUED.match(word)
    return (match.group(1), match.group(2) or match.group(3)) if match else (word, "")


def _read(verb: str, stripped: str, rest: list[str]) -> Command | ParseError:
    """The command `verb` with the words after it (`stripped`: the whole text)."""
    if verb == "say":
        return _say(stripped)
    if verb == "set":
        return _set(stripped, rest)
    if verb == "bot":
        return _bot(rest)
    if verb == "rules":
        return _rules(stripped)
    if verb in ("stats", "watch"):
        return _looking(verb, stripped, rest)
    if verb == "lang":
        return _lang(stripped, rest)
    if verb in NO_ARG_VERBS:
        if not rest:
            return Command(verb)
        return Command("say", stripped) if verb in CHATTY_VERBS else _error(EXTRA_WORDS, verb)
    if verb in CONFIRM_WORDS:
        return _confirm(verb, rest)
    if verb == "help":
        return _help(stripped, rest)
    if not rest:
        return ParseError(MISSING_ARG, verb=verb)
    if verb == "new":
        return Command(verb, rest[0]) if len(rest) == 1 and valid_name(rest[0]) else _bad(verb)
    if verb == "join":
        return _join(rest)
    if len(rest) > 1:
        return _error(EXTRA_WORDS, verb)
    if verb in POLICY_VERBS:
        policy = POLICY_WORDS.get(rest[0].casefold())
        return Command(verb, policy) if policy else _bad(verb)
    return Command(verb, rest[0])  # kick, nominate, investigate, elect, execute: a player reference


def _error(code: str, verb: str) -> ParseError:
    return ParseError(code, taught(verb), verb)


def _bad(verb: str) -> ParseError:
    return ParseError(BAD_ARG, verb=verb)


def _say(stripped: str) -> Command | ParseError:
    parts = stripped.split(None, 1)
    talk = parts[1].strip() if len(parts) == 2 else ""
    if not any(not is_filler(ch) for ch in talk):
        return ParseError(MISSING_ARG, verb="say")
    return Command("say", talk)


def _set(stripped: str, rest: list[str]) -> Command | ParseError:
    """SET <setting> <value>; SET before a word that names no setting is talk ("set up")."""
    if not rest:
        return ParseError(MISSING_ARG, verb="set")
    verb = SET_KEYS.get(rest[0].casefold())
    if verb is None:
        word = letters(rest[0])
        guess = None if word in NEVER_TYPOS else closest(word, SET_KEYS)
        return _error(NEAR_MISS, SET_KEYS[guess]) if guess else Command("say", stripped)
    if len(rest) == 1:
        return ParseError(MISSING_ARG, verb=verb)
    value = SET_VALUES[verb](rstrip_filler(stripped).split()[2:])  # "9pm - 8am" keeps its "-"
    return _bad(verb) if value is None else Command(verb, value)


def _bot(rest: list[str]) -> Command | ParseError:
    """BOT, BOT 2, BOTS three: how many computer players to add; other words after BOT are a
    sentence (the conversation decides whether it is talk)."""
    if not rest:
        return Command("bot")
    word = rest[0].casefold()
    count = int(word) if word.isascii() and word.isdigit() else BOT_COUNT_WORDS.get(word)
    if count is None or len(rest) > 1:
        return _error(EXTRA_WORDS, "bot")
    return Command("bot", str(count)) if 1 <= count <= MAX_BOTS_AT_ONCE else _bad("bot")


def _rules(stripped: str) -> Command | ParseError:
    """RULES, or RULES <knob> <values> (sh_sms.text.rulewords); RULES before other words is talk.
    A lone "-" is a word here (no power on that slot)."""
    words = [w.strip(".,!?;:'\"()[]") for w in rstrip_trailing(stripped).split()[1:]]
    if stripped.split()[-1].strip(".!") == "-" and len(stripped.split()) > 1:
        words.append("-")  # the last slot's "-" (no power), which trailing punctuation loses
    arg, usage, talk = read_rules([w for w in words if w])
    if talk:
        return Command("say", stripped)
    return Command("rules", arg) if usage is None else ParseError(BAD_ARG, verb=usage)


def _looking(verb: str, stripped: str, rest: list[str]) -> Command:
    """STATS, STATS <name>, WATCH <code>; other words after them are talk ("watch out", "stats
    are wild"): a code is consonants only, so "watch this" is no code."""
    if verb == "stats" and len(rest) <= 1:
        return Command(verb, rest[0] if rest else None)
    if verb == "watch" and not rest:
        return ParseError(MISSING_ARG, verb=verb)
    code = rest[0].upper() if len(rest) == 1 else ""
    if verb == "watch" and _is_code(code) and not set(code) - set(CODE_LETTERS):
        return Command(verb, code)
    return Command("say", stripped)


def _lang(stripped: str, rest: list[str]) -> Command | ParseError:
    """LANG (which language, and how to change it), LANG <code>; more words are talk."""
    if not rest:
        return Command("lang")
    if len(rest) > 1:
        return Command("say", stripped)
    code = known(rest[0])
    return Command("lang", code) if code else _bad("lang")


def _confirm(verb: str, rest: list[str]) -> Command | ParseError:
    """END / END YES, VETO / VETO YES / VETO NO."""
    if not rest:
        return Command(verb)
    second = CONFIRM_WORDS[verb]
    full = second.get(rest[0].casefold())
    if full is not None:
        return _error(EXTRA_WORDS, full) if len(rest) > 1 else Command(full)
    if len(rest) == 1:
        guess = closest(letters(rest[0]), second)
        if guess is not None:
            return _error(NEAR_MISS, second[guess])
    return _error(EXTRA_WORDS, verb)


def _is_code(word: str) -> bool:
    return CODE_LEN <= len(word) <= CODE_LEN_MAX and word.isascii() and word.isalpha()


def _join(rest: list[str]) -> Command | ParseError:
    code = rest[0]
    if not _is_code(code):
        return _bad("join")
    if len(rest) == 1:
        return ParseError(MISSING_ARG, verb="join")
    if len(rest) > 2 or not valid_name(rest[1]):
        return _bad("join")
    return Command("join", code.upper(), name=rest[1])


def _help(stripped: str, rest: list[str]) -> Command:
    """HELP, or HELP NOM -> "nominate"; HELP before other words is talk ("help me")."""
    if not rest:
        return Command("help")
    topic = ALIASES.get(rest[0].casefold())
    second = rest[1].casefold() if len(rest) == 2 else None  # HELP VETO YES, HELP SET QUIET
    if topic and (second is None or second in CONFIRM_WORDS.get(topic, SET_KEYS)):
        return Command("help", topic)
    return Command("say", stripped)
