"""Text -> Command or ParseError: what one inbound SMS asks for, as data (pure, no wording)."""

from __future__ import annotations

import difflib
import string
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from sh_sms.reminders.values import SET_KEYS, SET_VALUES
from sh_sms.text.phonetext import plain
from sh_sms.text.players import valid_name

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


# Each verb and the words that mean it (matched case-insensitively); players are taught the first.
# No game word is a carrier keyword unless it means there what the carrier means (SMS.md): the
# opt-out words all opt out, UNSTOP opts back in, HELP and INFO are help, and START is the game's
# only where the number has not opted out (the router decides). YES is a carrier opt-in word but
# stays a vote, because people type it; prompts teach JA and NEIN.
# Twilio's default keywords (and the US carriers'): what each means to the carrier.
CARRIER_OPT_OUT = frozenset(
    {"STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"}
)
CARRIER_OPT_IN = frozenset({"START", "UNSTOP", "YES"})
CARRIER_HELP = frozenset({"HELP", "INFO"})
SPELLINGS: dict[str, tuple[str, ...]] = {
    "new": ("NEW", "CREATE"),
    "join": ("JOIN",),
    "start": ("START",),
    "unstop": ("UNSTOP",),
    "leave": ("LEAVE",),
    "kick": ("KICK",),
    "bot": ("BOT", "BOTS"),  # the host adds computer players (sh_sms.botplay)
    "endgame": ("ENDGAME",),
    "rematch": ("REMATCH",),
    "nominate": ("NOM", "NOMINATE"),
    "ja": ("JA",),
    "yes": ("YES", "Y"),
    "nein": ("NEIN",),
    "no": ("NO",),
    "discard": ("DISCARD",),
    "enact": ("ENACT",),
    "veto": ("VETO",),
    "investigate": ("INVESTIGATE", "INV"),
    "elect": ("ELECT", "SPECIAL"),
    "execute": ("EXECUTE", "KILL", "SHOOT"),
    "status": ("STATUS",),  # "?" alone is handled in parse: it is all punctuation
    "role": ("ROLE",),
    "hand": ("HAND",),
    "who": ("WHO", "PLAYERS"),
    "log": ("LOG", "HISTORY"),
    "help": ("HELP", "COMMANDS", "INFO"),
    "say": ("SAY",),
    "stop": ("STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"),
    "set": ("SET",),  # the host's tools (sh_sms.host)
    "settings": ("SETTINGS",),
    "remind": ("REMIND",),
    "pause": ("PAUSE",),
    "resume": ("RESUME", "UNPAUSE"),
}
# Every word players may type first (case-folded) -> its verb.
ALIASES: dict[str, str] = {
    word.casefold(): verb for verb, words in SPELLINGS.items() for word in words
}
# The word players are taught for each verb (help texts, suggestions).
COMMAND_WORDS: dict[str, str] = {verb: words[0] for verb, words in SPELLINGS.items()} | {
    "endgame_yes": "ENDGAME YES",
    "veto_yes": "VETO YES",
    "veto_no": "VETO NO",
    "set_nudge": "SET NUDGE",
    "set_quiet": "SET QUIET",
    "set_tz": "SET TZ",
    "set_deadline": "SET DEADLINE",
    "set_botspeed": "SET BOTSPEED",
}

# YES and NO work as votes, but replies teach the game's words (YES is a carrier opt-in word).
TAUGHT = {"yes": "JA", "no": "NEIN"}


def taught(verb: str) -> str:
    """The word a reply suggests for `verb`."""
    return TAUGHT.get(verb, COMMAND_WORDS[verb])


HOST_VERBS = ("set", "settings", "remind", "pause", "resume")
NO_ARG_VERBS = frozenset(
    {"start", "unstop", "leave", "rematch", "ja", "nein", "yes", "no", "stop"}
    | {"status", "role", "hand", "who", "log"}
    | set(HOST_VERBS[1:])
)
# Commands that often open ordinary talk ("who is Hitler?"): with more words, they are talk.
# The carrier reads its keywords only as the whole text, so "stop it" is talk too.
CHATTY_VERBS = frozenset({"who", "log", "remind", "stop", "unstop"})
CHATTY_WORDS = frozenset({"info"})  # "info is power": an alias that is talk with more words
POLICY_VERBS = frozenset({"discard", "enact"})
POLICY_WORDS = {
    "l": "L",
    "lib": "L",
    "liberal": "L",
    "f": "F",
    "fas": "F",
    "fasc": "F",
    "fascist": "F",
}
# The second word of ENDGAME YES, VETO YES, VETO NO.
CONFIRM_WORDS = {
    "endgame": {"yes": "endgame_yes", "y": "endgame_yes"},
    "veto": {"yes": "veto_yes", "y": "veto_yes", "no": "veto_no"},
}

# A typo of SAY is talk anyway, so it is no near-miss target; nor is a host word (no secret in
# it, and close to many ordinary words: get, see, cause, behind, result), BOT among them (got,
# but, not, hot, boat, both), nor a carrier word (the carrier reads only the exact word; "end",
# "info" and "cancel" are everyday words).
NEAR_MISS_TARGETS = tuple(
    w
    for w in ALIASES
    if ALIASES[w] not in ("say", "stop", "unstop", "bot", *HOST_VERBS) and w != "info"
)
# BOT <how many>: a digit or a word; BOT alone adds one.
COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
BOT_COUNT_WORDS = {word: n for n, word in enumerate(COUNT_WORDS, 1)}
MAX_BOTS_AT_ONCE = 9  # ten seats, at least one of them a person
# Commands that take a player or a policy: a lone typo of one ("nvm") is not a command typed.
NEEDS_ARG = frozenset({"new", "join", "kick", "nominate", "investigate", "elect", "execute"})
# Ordinary words within typo distance of a command word: they start talk, not "did you mean".
TALK_WORDS = frozenset(
    """lol lot low long lag dog leg now not nor non mom why whom whoa whos and band land hard
    hang handy hands few knew news yet hell held helps will bill fill hill till skill rule roll
    hole rose roles exact short shout shook smart star stars stark stare select erect eject joint
    coin pick relate social discord excuse comments dominate states statue vote nine lore tarts
    hoots sooth parsley sparely replays""".split()  # noqa: SIM905 (a list is 75 lines)
)

CODE_LEN = 4
ANAGRAM_MIN = 4  # "vtoe" is VETO typed in a hurry; shorter scrambles are too often words
SHORT_WORD = 4  # a first word this short is a near miss only in a text of at most 2 words
SHORT_TEXT = 2


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
        guess = _near_miss(words[0], len(words), names)
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
        word = _letters(rest[0])
        guess = None if word in TALK_WORDS else _closest(word, SET_KEYS)
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


def _confirm(verb: str, rest: list[str]) -> Command | ParseError:
    """END / END YES, VETO / VETO YES / VETO NO."""
    if not rest:
        return Command(verb)
    second = CONFIRM_WORDS[verb]
    full = second.get(rest[0].casefold())
    if full is not None:
        return _error(EXTRA_WORDS, full) if len(rest) > 1 else Command(full)
    if len(rest) == 1:
        guess = _closest(_letters(rest[0]), second)
        if guess is not None:
            return _error(NEAR_MISS, second[guess])
    return _error(EXTRA_WORDS, verb)


def _join(rest: list[str]) -> Command | ParseError:
    code = rest[0]
    if not (len(code) == CODE_LEN and code.isascii() and code.isalpha()):
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


def _near_miss(first: str, word_count: int, names: Iterable[str]) -> str | None:
    """Return the verb whose word `first` is a typo of, if it is one."""
    word = _letters(first)
    if len(word) <= 2 or word in TALK_WORDS:
        return None
    if len(word) <= SHORT_WORD and word_count > SHORT_TEXT:
        return None
    if first.casefold() in {n.casefold() for n in names}:
        return None
    if word in ALIASES:  # "nom3", "(discard": a command word with stray characters
        verb = ALIASES[word]
    else:
        best = _closest(word, NEAR_MISS_TARGETS) or _anagram(word)
        verb = ALIASES[best] if best is not None else None
    if verb in NEEDS_ARG and word_count == 1 and first.isalpha():
        return None  # "nvm" alone: a command that needs a name was not typed ("nom3" was)
    return verb


def _anagram(word: str) -> str | None:
    """The command word of four or more letters that `word` scrambles ("vtoe"), if any."""
    if len(word) < ANAGRAM_MIN:
        return None
    letters = sorted(word)
    same = (t for t in NEAR_MISS_TARGETS if len(t) == len(word) and sorted(t) == letters)
    return next(same, None)


def _closest(word: str, targets: Iterable[str]) -> str | None:
    """Return the target within typo distance of `word` (the nearest, then the most alike)."""
    ranked = []
    for order, target in enumerate(targets):
        # Two edits only between long words: "killed" is not a typo of "kill".
        limit = 2 if len(word) >= 6 and len(target) >= 6 else 1
        if len(word) <= 2 or abs(len(word) - len(target)) > limit:
            continue
        dist = distance(word, target)
        if dist <= limit:
            ratio = difflib.SequenceMatcher(None, word, target).ratio()
            ranked.append((dist, -ratio, order, target))
    return min(ranked)[3] if ranked else None


def distance(a: str, b: str) -> int:
    """Return the Damerau-Levenshtein distance (optimal string alignment) between a and b."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def _letters(word: str) -> str:
    return "".join(ch for ch in word.casefold() if ch.isalpha())


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
