"""Text -> Command or ParseError: what one inbound SMS asks for, as data (pure, no wording)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from sh_sms.text.phonetext import plain
from sh_sms.text.players import valid_name

from .arguments import (
    bad,
    error,
    is_code,
    opens_talk,
    read_bot,
    read_confirm,
    read_help,
    read_join,
    read_lang,
    read_looking,
    read_rules_command,
    read_say,
    read_set,
)
from .everyday import NOT_A_NAME
from .parsed import (
    BAD_ARG,
    EMPTY,
    EXTRA_WORDS,
    MISSING_ARG,
    NEAR_MISS,
    QUESTION,
    Command,
    ParseError,
)
from .trimming import is_invisible, rstrip_trailing, rstrip_trailing_emoji, strip_word
from .typos import near_miss
from .words import (
    ALIASES,
    CHATTY_VERBS,
    CONFIRM_WORDS,
    LANGUAGE_OF,
    NO_ARG_VERBS,
    POLICY_VERBS,
    POLICY_WORDS,
    taught,
)

__all__ = [
    "BAD_ARG",
    "EMPTY",
    "EXTRA_WORDS",
    "MISSING_ARG",
    "NEAR_MISS",
    "QUESTION",
    "Command",
    "ParseError",
    "asks",
    "fits",
    "is_reference",
    "parse",
]

PLAYER_VERBS = frozenset({"kick", "nominate", "investigate", "elect", "execute"})
_GLUED = re.compile(r"^([^\W\d_]+)(?:[-_.:#]([A-Za-z0-9]+)|([0-9]+))$")

# Commands that only answer: a question mark after them changes nothing ("status?", "who?").
ANSWERING = frozenset({"status", "role", "hand", "who", "log", "help", "settings", "say"})
# The carrier's keywords count only alone, as carriers match them: "stop?" is talk.
CARRIER_VERBS = frozenset({"stop", "unstop"})


def parse(text: str, names: Iterable[str] = ()) -> Command | ParseError:
    """Return the Command `text` asks for, or a ParseError; any text that is no command is talk.

    `names` (optional): the game's player names; a first word equal to one is never a near miss.
    Typed faces and punctuation are talk (`:(`, `...`); a lone `?` is STATUS.
    """
    names = list(names)
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
    if opens_talk(words[0], verb, rest, names):
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
        return not rest or (len(rest) == 2 and is_code(rest[0]) and valid_name(rest[1]))
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
        return read_say(stripped)
    if verb == "set":
        return read_set(stripped, rest)
    if verb == "bot":
        return read_bot(rest)
    if verb == "rules":
        return read_rules_command(stripped)
    if verb in ("stats", "watch"):
        return read_looking(verb, stripped, rest)
    if verb == "lang":
        return read_lang(stripped, rest)
    if verb in NO_ARG_VERBS:
        if not rest:
            return Command(verb)
        return Command("say", stripped) if verb in CHATTY_VERBS else error(EXTRA_WORDS, verb)
    if verb in CONFIRM_WORDS:
        return read_confirm(verb, rest)
    if verb == "help":
        return read_help(stripped, rest)
    if not rest:
        return ParseError(MISSING_ARG, verb=verb)
    if verb == "new":
        return Command(verb, rest[0]) if len(rest) == 1 and valid_name(rest[0]) else bad(verb)
    if verb == "join":
        return read_join(rest)
    if len(rest) > 1:
        return error(EXTRA_WORDS, verb)
    if verb in POLICY_VERBS:
        policy = POLICY_WORDS.get(rest[0].casefold())
        return Command(verb, policy) if policy else bad(verb)
    return Command(verb, rest[0])  # kick, nominate, investigate, elect, execute: a player reference
