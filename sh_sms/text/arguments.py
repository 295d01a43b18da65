"""The words after a command word: each command's argument read from them (pure; used by
`text.commands`), and whether a word that often opens talk opens talk here."""

from __future__ import annotations

from .everyday import NEVER_TYPOS
from .languages import known
from .names import is_watcher_name
from .parsed import (
    BAD_ARG,
    EXTRA_WORDS,
    MISSING_ARG,
    NEAR_MISS,
    Command,
    ParseError,
)
from .players import valid_name
from .rulewords import read_rules
from .setwords import SET_KEYS, SET_VALUES
from .trimming import is_filler, rstrip_filler, rstrip_trailing
from .typos import closest, letters
from .words import (
    ALIASES,
    BOT_COUNT_WORDS,
    CHATTY_WORDS,
    CODE_LEN,
    CODE_LEN_MAX,
    CODE_LETTERS,
    CONFIRM_WORDS,
    MAX_BOTS_AT_ONCE,
    taught,
)


def opens_talk(typed: str, verb: str, rest: list[str], names: list[str]) -> bool:
    """Whether a command word that often opens talk ("dejar que decida Ana", "mira esto",
    "poner la mesa") does so here, with words after it. It is the command when typed in capitals
    as the texts teach it ("DECIR hola"), or when what follows is what the command takes: a
    setting (PONER ROOM ON), one player (ECHAR Bob, ECHAR BOT), a game's code (MIRAR BCDF)."""
    first = typed.casefold()
    if first not in CHATTY_WORDS or not rest:
        return False
    if len(typed) > 1 and typed.isupper():
        return False
    if verb == "set":
        return rest[0].casefold() not in SET_KEYS
    if verb == "kick":
        return len(rest) != 1 or not _names_someone(rest[0], names)
    if verb == "watch":
        return len(rest) != 1 or not _is_watch_code(rest[0])
    return True


def _names_someone(word: str, names: list[str]) -> bool:
    """A player at the table (a whole name or a seat), a computer player, or a watcher."""
    key = word.strip(".,!?;:'\"#@").casefold()
    if key.isdigit():
        return 1 <= int(key) <= len(names)
    named = {n.casefold() for n in names}
    return key in named or key == "bot" or is_watcher_name(word)


def _is_watch_code(word: str) -> bool:
    code = word.upper()
    return is_code(code) and not set(code) - set(CODE_LETTERS)


def error(code: str, verb: str) -> ParseError:
    """A ParseError that suggests the word taught for `verb`."""
    return ParseError(code, taught(verb), verb)


def bad(verb: str) -> ParseError:
    """An argument `verb` cannot take."""
    return ParseError(BAD_ARG, verb=verb)


def read_say(stripped: str) -> Command | ParseError:
    """SAY <text>: the text, without the word SAY."""
    parts = stripped.split(None, 1)
    talk = parts[1].strip() if len(parts) == 2 else ""
    if not any(not is_filler(ch) for ch in talk):
        return ParseError(MISSING_ARG, verb="say")
    return Command("say", talk)


def read_set(stripped: str, rest: list[str]) -> Command | ParseError:
    """SET <setting> <value>; SET before a word that names no setting is talk ("set up")."""
    if not rest:
        return ParseError(MISSING_ARG, verb="set")
    verb = SET_KEYS.get(rest[0].casefold())
    if verb is None:
        word = letters(rest[0])
        guess = None if word in NEVER_TYPOS else closest(word, SET_KEYS)
        return error(NEAR_MISS, SET_KEYS[guess]) if guess else Command("say", stripped)
    if len(rest) == 1:
        return ParseError(MISSING_ARG, verb=verb)
    value = SET_VALUES[verb](rstrip_filler(stripped).split()[2:])  # "9pm - 8am" keeps its "-"
    return bad(verb) if value is None else Command(verb, value)


def read_bot(rest: list[str]) -> Command | ParseError:
    """BOT, BOT 2, BOTS three: how many computer players to add; other words after BOT are a
    sentence (the conversation decides whether it is talk)."""
    if not rest:
        return Command("bot")
    word = rest[0].casefold()
    count = int(word) if word.isascii() and word.isdigit() else BOT_COUNT_WORDS.get(word)
    if count is None or len(rest) > 1:
        return error(EXTRA_WORDS, "bot")
    return Command("bot", str(count)) if 1 <= count <= MAX_BOTS_AT_ONCE else bad("bot")


def read_rules_command(stripped: str) -> Command | ParseError:
    """RULES, or RULES <knob> <values> (sh_sms.text.rulewords); RULES before other words is talk.
    A lone "-" is a word here (no power on that slot)."""
    words = [w.strip(".,!?;:'\"()[]") for w in rstrip_trailing(stripped).split()[1:]]
    if stripped.split()[-1].strip(".!") == "-" and len(stripped.split()) > 1:
        words.append("-")  # the last slot's "-" (no power), which trailing punctuation loses
    arg, usage, talk = read_rules([w for w in words if w])
    if talk:
        return Command("say", stripped)
    return Command("rules", arg) if usage is None else ParseError(BAD_ARG, verb=usage)


def read_looking(verb: str, stripped: str, rest: list[str]) -> Command:
    """STATS, STATS <name>, WATCH <code>; other words after them are talk ("watch out", "stats
    are wild"): a code is consonants only, so "watch this" is no code."""
    if verb == "stats" and len(rest) <= 1:
        return Command(verb, rest[0] if rest else None)
    if verb == "watch" and not rest:
        return ParseError(MISSING_ARG, verb=verb)
    code = rest[0].upper() if len(rest) == 1 else ""
    if verb == "watch" and _is_watch_code(code):
        return Command(verb, code)
    return Command("say", stripped)


def read_lang(stripped: str, rest: list[str]) -> Command | ParseError:
    """LANG (which language, and how to change it), LANG <code>; more words are talk."""
    if not rest:
        return Command("lang")
    if len(rest) > 1:
        return Command("say", stripped)
    code = known(rest[0])
    return Command("lang", code) if code else bad("lang")


def read_confirm(verb: str, rest: list[str]) -> Command | ParseError:
    """END / END YES, VETO / VETO YES / VETO NO."""
    if not rest:
        return Command(verb)
    second = CONFIRM_WORDS[verb]
    full = second.get(rest[0].casefold())
    if full is not None:
        return error(EXTRA_WORDS, full) if len(rest) > 1 else Command(full)
    if len(rest) == 1:
        guess = closest(letters(rest[0]), second)
        if guess is not None:
            return error(NEAR_MISS, second[guess])
    return error(EXTRA_WORDS, verb)


def is_code(word: str) -> bool:
    """Whether a word has the shape of a game's code."""
    return CODE_LEN <= len(word) <= CODE_LEN_MAX and word.isascii() and word.isalpha()


def read_join(rest: list[str]) -> Command | ParseError:
    """JOIN <code> <name>."""
    code = rest[0]
    if not is_code(code):
        return bad("join")
    if len(rest) == 1:
        return ParseError(MISSING_ARG, verb="join")
    if len(rest) > 2 or not valid_name(rest[1]):
        return bad("join")
    return Command("join", code.upper(), name=rest[1])


def read_help(stripped: str, rest: list[str]) -> Command:
    """HELP, or HELP NOM -> "nominate"; HELP before other words is talk ("help me")."""
    if not rest:
        return Command("help")
    topic = ALIASES.get(rest[0].casefold())
    second = rest[1].casefold() if len(rest) == 2 else None  # HELP VETO YES, HELP SET QUIET
    if topic and (second is None or second in CONFIRM_WORDS.get(topic, SET_KEYS)):
        return Command("help", topic)
    return Command("say", stripped)
