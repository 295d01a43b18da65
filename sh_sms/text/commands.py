"""Text -> Command or ParseError: what one inbound SMS asks for, as data (pure, no wording)."""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from sh_sms.reminders.values import SET_KEYS, SET_VALUES
from sh_sms.text.phonetext import plain
from sh_sms.text.players import valid_name

from .rulewords import read_rules
from .typos import closest, letters, near_miss
from .words import (
    ALIASES,
    BOT_COUNT_WORDS,
    CHATTY_VERBS,
    CHATTY_WORDS,
    CODE_LEN,
    CODE_LEN_MAX,
    CONFIRM_WORDS,
    MAX_BOTS_AT_ONCE,
    NO_ARG_VERBS,
    POLICY_VERBS,
    POLICY_WORDS,
    TALK_WORDS,
    taught,
)

EMPTY = "empty"
NEAR_MISS = "near_miss"
MISSING_ARG = "missing_arg"
BAD_ARG = "bad_arg"
EXTRA_WORDS = "extra_words"


@dataclass(frozen=True)
class Command:
    """A parsed command: canonical verb, its argument, and (JOIN only) the player's name."""

    verb: str
    arg: str | None = None
    name: str | None = None


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
    """
    stripped = plain(text).strip()
    words = [_strip_word(w) for w in _rstrip_trailing(stripped).split()]
    if not words:
        if stripped and set("".join(stripped.split())) == {"?"}:
            return Command("status")
        return Command("say", stripped) if _rstrip_filler(stripped) else ParseError(EMPTY)
    verb = ALIASES.get(words[0].casefold())
    if verb is None:
        guess = near_miss(words[0], len(words), names)
        if guess is not None:
            return ParseError(NEAR_MISS, taught(guess), guess)
        return Command("say", stripped)
    rest = [w for w in words[1:] if w]
    if rest and words[0].casefold() in CHATTY_WORDS:
        return Command("say", stripped)
    error = _read(verb, stripped, rest)
    return replace(error, words=tuple(rest)) if isinstance(error, ParseError) else error


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
    if verb in NO_ARG_VERBS:
        if not rest:
            return Command(verb)
        return Command("say", stripped) if verb in CHATTY_VERBS else _error(EXTRA_WORDS, verb)
    if verb in CONFIRM_WORDS:
        return _confirm(verb, rest)
    if verb == "help":
        return Command("help", _help_topic(rest))
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
    if not any(not _is_filler(ch) for ch in talk):
        return ParseError(MISSING_ARG, verb="say")
    return Command("say", talk)


def _set(stripped: str, rest: list[str]) -> Command | ParseError:
    """SET <setting> <value>; SET before a word that names no setting is talk ("set up")."""
    if not rest:
        return ParseError(MISSING_ARG, verb="set")
    verb = SET_KEYS.get(rest[0].casefold())
    if verb is None:
        word = letters(rest[0])
        guess = None if word in TALK_WORDS else closest(word, SET_KEYS)
        return _error(NEAR_MISS, SET_KEYS[guess]) if guess else Command("say", stripped)
    if len(rest) == 1:
        return ParseError(MISSING_ARG, verb=verb)
    value = SET_VALUES[verb](_rstrip_filler(stripped).split()[2:])  # "9pm - 8am" keeps its "-"
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
    words = [w.strip(".,!?;:'\"()[]") for w in _rstrip_trailing(stripped).split()[1:]]
    arg, usage, talk = read_rules([w for w in words if w])
    if talk:
        return Command("say", stripped)
    return Command("rules", arg) if usage is None else ParseError(BAD_ARG, verb=usage)


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


def _join(rest: list[str]) -> Command | ParseError:
    code = rest[0]
    if not (CODE_LEN <= len(code) <= CODE_LEN_MAX and code.isascii() and code.isalpha()):
        return _bad("join")
    if len(rest) == 1:
        return ParseError(MISSING_ARG, verb="join")
    if len(rest) > 2 or not valid_name(rest[1]):
        return _bad("join")
    return Command("join", code.upper(), name=rest[1])


def _help_topic(rest: list[str]) -> str | None:
    """HELP NOM -> "nominate"; an unknown single word is passed on as typed."""
    if not rest:
        return None
    topic = ALIASES.get(rest[0].casefold())
    if topic is not None:
        return topic
    return rest[0] if len(rest) == 1 else None


def _is_filler(ch: str) -> bool:
    """Punctuation, spaces and invisible characters: ignored at the end of a command."""
    return ch in string.punctuation or unicodedata.category(ch)[0] in "PZC"


def _is_trailing(ch: str) -> bool:
    """Filler, or an emoji (a symbol, its skin tone or variation selector): "ja!! 👍"."""
    return _is_filler(ch) or unicodedata.category(ch) in ("So", "Sk", "Mn")


def _rstrip_filler(text: str) -> str:
    end = len(text)
    while end and _is_filler(text[end - 1]):
        end -= 1
    return text[:end]


def _rstrip_trailing(text: str) -> str:
    end = len(text)
    while end and _is_trailing(text[end - 1]):
        end -= 1
    return text[:end]


def _strip_word(word: str) -> str:
    """A word without the punctuation or emoji after it, nor quotes or brackets before it."""
    return _rstrip_trailing(word).lstrip("\"'([")
