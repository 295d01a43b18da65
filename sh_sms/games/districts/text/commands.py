"""Text -> Command or ParseError in a districts game (pure): the variant's own words first, then
the words every game shares (STATUS, ROLE, HELP, SAY, ...), read by the standard parser.

The variant's words are no carrier keyword and never mean here what a standard word means
elsewhere: electing a representative is VOTE (ELECT is the standard special election), and the
standard votes (JA, NEIN, YES, NO) are plain talk here, where no election asks for them.
"""

from __future__ import annotations

from collections.abc import Iterable

from sh_sms.text.commands import (
    BAD_ARG,
    EXTRA_WORDS,
    MISSING_ARG,
    NEAR_MISS,
    Command,
    ParseError,
)
from sh_sms.text.commands import parse as parse_shared
from sh_sms.text.languages import current, languages
from sh_sms.text.phonetext import plain
from sh_sms.text.typos import closest, letters
from sh_sms.text.words import ALIASES as SHARED_ALIASES
from sh_sms.text.words import HELP_WORDS

from ..params import NAME as GAME

# Each verb of the variant and the words that mean it; players are taught the first.
SPELLINGS: dict[str, tuple[str, ...]] = {
    "move": ("MOVE",),  # MOVE 2: settle into, or move to, a district
    "vote": ("VOTE",),  # VOTE <player>: for your district's representative
    "timer": ("TIMER",),  # start the capitol's timer
    "investigate": ("INVESTIGATE", "INV"),  # INV <player>: a representative's card
    "discard": ("DISCARD",),  # DISCARD 2: one of the policies you hold
    "send": ("SEND",),  # SEND <player> <district>
    "play": ("PLAY",),  # PLAY: the action player plays the policy handed to them
}
# Each language's table for this game (templates/i18n/<code>/words.toml, [districts]): its word
# for each verb; `help_<topic>`, its words for HELP's own topics; `filler`, the words that may
# stand between its command word and the target ("VOTAR a Bob", "MOVER al 2").
OWN_WORDS = {code: language.games.get(GAME, {}) for code, language in languages().items()}
ALIASES = {word.casefold(): verb for verb, words in SPELLINGS.items() for word in words} | {
    word.casefold(): verb  # every language's words for this game's commands (MOVER, VOTAR...)
    for table in OWN_WORDS.values()
    for verb, words in table.items()
    if verb in SPELLINGS
    for word in words
}
# A command word only one language has -> that language (MOVER: es), for its filler words.
LANGUAGE_OF = {
    word.casefold(): code
    for code, table in OWN_WORDS.items()
    for verb, words in table.items()
    if verb in SPELLINGS
    for word in words
    if word.casefold() not in {w.casefold() for w in SPELLINGS[verb]}
}
TAUGHT = {verb: words[0] for verb, words in SPELLINGS.items()}  # in English (computer players')
MOVE_VERBS = frozenset(SPELLINGS)  # every variant word is a move of the game
# Standard moves with no meaning here, and the variant's word for the nearest thing (or None).
NOT_HERE = {
    "nominate": "vote",
    "elect": "vote",
    "enact": "discard",
    "veto": None,
    "veto_yes": None,
    "veto_no": None,
    "execute": None,
}
STANDARD_VOTES = frozenset({"ja", "nein", "yes", "no"})  # talk here: no ja/nein election
EVERYDAY = frozenset({"kill", "shoot", "special", "y"})  # standard aliases that are talk here
# Everyday words a typo check must not take for a variant word ("moved here", "note that").
_EVERYDAY = "moved moves mover movie more mode love votes voted voter note sent seed tend lend"
SHORT_WORD = 4  # a first word this short is a near miss only in a text of at most 2 words
SHORT_TEXT = 2
TALK_WORDS = frozenset(
    f"{_EVERYDAY} mend bend spend timed times timid tamer tiger tier plan plat pray clay slay"
    " plays ploy pay ply flay".split()
)
FILLER = frozenset({"for", "to", "district", "dist", "d"})
FILLERS = {
    code: FILLER | {w.casefold() for w in table.get("filler", ())}
    for code, table in OWN_WORDS.items()
}
DISTRICT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}
# HELP <word> for this game's own topics beyond its verbs (issue 34: the whole game in a few
# texts): the game itself, how each card wins, the capitol, the policy cards.
_WIN = "win winning goal goals alignment liberal fascist oligarch oligarchs"
HELP_TOPICS = {
    **{w: "districts" for w in ("districts", "district", "game", "how", "play")},
    **{w: "win" for w in _WIN.split()},
    **{w: "capitol" for w in ("capitol", "capital", "representative", "rep")},
    **{w: "policy" for w in ("policy", "policies", "card", "cards", "points", "pt", "redistrict")},
    **{  # every language's (AYUDA LEYES)
        word.casefold(): key.removeprefix("help_")
        for table in OWN_WORDS.values()
        for key, words in table.items()
        if key.startswith("help_")
        for word in words
    },
}


def taught(verb: str) -> str:
    """The word a reply teaches for one of this game's verbs, in the language being written
    (VOTAR to a Spanish reader, VOTE in English)."""
    own = OWN_WORDS.get(current(), {}).get(verb)
    return own[0] if own else TAUGHT[verb]


WRONG_GAME = "wrong_game"  # a standard move that this variant has not
QUESTION = "question"  # a move asked as a question ("vote bob?"): the sender is asked back


def parse(text: str, names: Iterable[str] = ()) -> Command | ParseError:
    """The Command `text` asks for in a districts game, or a ParseError; other text is talk.

    Arguments stay as typed (a player reference, a district number as digits): `resolve`
    checks them against the sender's view.
    """
    stripped = plain(text).strip()
    words = [w.strip(".,!;:") for w in stripped.rstrip("?").split()]
    words = [w for w in words if w]
    first = words[0].casefold() if words else ""
    verb = ALIASES.get(first)
    if verb is None:
        guess = _near_miss(first, len(words), names)
        if guess is not None:
            return ParseError(NEAR_MISS, taught(guess), guess, tuple(words[1:]))
        return _shared(text, stripped, names)
    filler = FILLERS.get(LANGUAGE_OF.get(first), FILLER)
    rest = [w for w in words[1:] if w.casefold() not in filler]
    if _is_sentence(verb, rest):
        return Command("say", stripped)
    command = _read(verb, rest)
    if isinstance(command, Command) and stripped.endswith("?"):
        return ParseError(QUESTION, _exact(command), verb, tuple(words[1:]))
    if isinstance(command, ParseError):
        return ParseError(command.code, command.suggestion, command.verb, tuple(words[1:]))
    return command


def _read(verb: str, rest: list[str]) -> Command | ParseError:
    if verb in ("timer", "play"):
        return Command(verb) if not rest else ParseError(EXTRA_WORDS, taught(verb), verb)
    if not rest:
        return ParseError(MISSING_ARG, verb=verb)
    if verb == "move":
        district = district_number(rest[0])
        if district is None:
            return ParseError(BAD_ARG, verb=verb)
        return Command(verb, str(district)) if len(rest) == 1 else _extra(verb)
    if verb == "send":
        if len(rest) < 2:
            return ParseError(MISSING_ARG, verb=verb)
        if len(rest) > 2:
            return _extra(verb)
        district = district_number(rest[1])
        if district is None:
            return ParseError(BAD_ARG, verb=verb)
        return Command(verb, f"{rest[0]} {district}")
    if len(rest) > 1:
        return _extra(verb)
    return Command(verb, rest[0])  # vote, investigate: a player; discard: a number or letter


def _is_sentence(verb: str, rest: list[str]) -> bool:
    """A sentence that opens with MOVE or SEND but names no district where the command has one
    ("move house soon", "send me the link"): talk, not a command typed wrong."""
    if verb == "move":
        return len(rest) >= 2 and district_number(rest[0]) is None
    if verb == "send":
        return len(rest) >= 3 and district_number(rest[1]) is None
    return False


def district_number(word: str) -> int | None:
    """A district as typed: 2, D2, #2 or two (1-9; the game checks its own range)."""
    key = word.casefold().lstrip("#")
    key = key[1:] if key[:1] == "d" and key[1:].isdigit() else key
    if key.isascii() and key.isdigit() and len(key) == 1 and key != "0":
        return int(key)
    return DISTRICT_WORDS.get(key)


def _extra(verb: str) -> ParseError:
    return ParseError(EXTRA_WORDS, taught(verb), verb)


def _exact(command: Command) -> str:
    """The command as a player should send it."""
    return " ".join([taught(command.verb), *(command.arg.split() if command.arg else [])])


def _near_miss(first: str, word_count: int, names: Iterable[str]) -> str | None:
    """The variant verb `first` is a typo of ("VOET bob"), if it is one."""
    word = letters(first)
    if len(word) <= 2 or word in TALK_WORDS or first in {n.casefold() for n in names}:
        return None
    if len(word) <= SHORT_WORD and word_count > SHORT_TEXT:
        return None
    guess = closest(word, ALIASES)
    return ALIASES[guess] if guess is not None else None


def _shared(text: str, stripped: str, names: Iterable[str]) -> Command | ParseError:
    """The words every game shares; standard moves are talk or "not in this game"."""
    words = [w.strip(".,!?;:").casefold() for w in stripped.split()]
    helping = bool(words) and SHARED_ALIASES.get(words[0]) == "help"  # HELP, AYUDA
    if len(words) == 2 and helping and words[1] in ALIASES:
        return Command("help", ALIASES[words[1]])  # HELP VOTE: one of this game's words
    if len(words) == 2 and helping and words[1] in HELP_TOPICS:
        return Command("help", HELP_TOPICS[words[1]])  # HELP DISTRICTS, AYUDA LEYES
    reading = parse_shared(text, names)
    verb = reading.verb
    if verb == "say" and helping and len(words) <= HELP_WORDS:
        return Command("help", words[1] if len(words) == 2 else None)  # never relayed as talk
    first = stripped.split()[0].strip(".,!?;:").casefold() if stripped else ""
    if verb in STANDARD_VOTES or first in EVERYDAY:
        return Command("say", stripped)
    if verb in NOT_HERE:
        other = NOT_HERE[verb]
        return ParseError(WRONG_GAME, taught(other) if other else None, verb)
    return reading


def command_for(kind: str, arg: object, names: list[str], hand: list[str]) -> str:
    """The text that makes the engine action (kind, arg): what a prompt asks for, and what a
    computer player playing by text sends ("VOTE Bob", "DISCARD 2", "SEND Cy 3")."""
    word = "INV" if kind == "investigate" else TAUGHT[kind]  # engine kinds are the verbs
    if kind in ("timer", "play"):
        return word
    if kind == "discard":
        return f"{word} {hand.index(arg) + 1}"
    if kind == "send":
        seat, district = arg
        return f"{word} {names[seat]} {district}"
    if kind == "move":
        return f"{word} {arg}"
    return f"{word} {names[arg]}"
