"""The languages players read (templates/i18n/languages.txt): each one's code, the word that
picks it, its command words (templates/i18n/<code>/words.toml), and the language a text is
being written in now (`speaking`). English is the default and needs no file.

Adding a language takes no code: its texts (templates/i18n/<code>/sms/, the same files as
templates/sms/), its words, and one line in the list (docs/translating.md).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache

from ..resources import TEMPLATES

ENGLISH = "en"
I18N = TEMPLATES / "i18n"


@dataclass(frozen=True)
class Language:
    """One language besides English: its code, the words that pick it, its words."""

    code: str
    picks: tuple[str, ...]
    you: str = "you"
    commands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    confirm: dict[str, tuple[str, ...]] = field(default_factory=dict)
    games: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    everyday: frozenset[str] = frozenset()  # never a mistyped command
    chatty: frozenset[str] = frozenset()  # command words that open talk before other words
    votes: dict[str, tuple[str, ...]] = field(default_factory=dict)  # how a vote reads
    questions: dict = field(default_factory=dict)  # questions to the service, as patterns
    stemmer: str = ""  # the Snowball stemmer that joins a verb's forms (text.verbforms)
    moves: dict = field(default_factory=dict)  # how a move reads in a sentence ([moves])
    detect: frozenset[str] = frozenset()  # words that tell a first text is in it (text.detect)


@cache
def languages() -> dict[str, Language]:
    """Every language besides English, by code, as the list and their words files say."""
    found = {}
    listed = (I18N / "languages.txt").read_text().splitlines() if I18N.is_dir() else []
    for line in listed:
        if not line.strip() or line.startswith("#"):
            continue
        code, *picks = line.split()
        words = tomllib.loads((I18N / code / "words.toml").read_text())
        spelled = {k: v for k, v in words.items() if isinstance(v, dict)}
        found[code] = Language(
            code,
            tuple(p.casefold() for p in picks),
            words.get("you", "you"),
            _spellings(spelled.pop("commands", {})),
            _spellings(spelled.pop("confirm", {})),
            everyday=frozenset(w.casefold() for w in words.get("everyday", ())),
            chatty=frozenset(w.casefold() for w in words.get("chatty", ())),
            votes=_spellings(spelled.pop("votes", {})),
            questions=spelled.pop("questions", {}),
            stemmer=words.get("stemmer", ""),
            moves=spelled.pop("moves", {}),
            detect=frozenset(_plain(w) for w in spelled.pop("detect", {}).get("words", ())),
            games={game: _spellings(table) for game, table in spelled.items()},
        )
    return found


def _plain(word: str) -> str:
    """A word as `text.detect` compares it: lower case, the acute vowels written plain."""
    return word.casefold().translate(str.maketrans("áéíóú", "aeiou"))


def _spellings(table: dict) -> dict[str, tuple[str, ...]]:
    return {verb: tuple(words) for verb, words in table.items()}


def codes() -> list[str]:
    """Every language's code, English first."""
    return [ENGLISH, *languages()]


def known(code: str | None) -> str | None:
    """The language a code names (any case), or None."""
    code = (code or "").casefold()
    return code if code in codes() else None


_now: ContextVar[str] = ContextVar("language", default=ENGLISH)


def current() -> str:
    """The language the text being written now is in."""
    return _now.get()


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Write every text inside in the language `code` (None or unknown: English)."""
    token = _now.set(known(code) or ENGLISH)
    try:
        yield
    finally:
        _now.reset(token)


def everyday_words() -> frozenset[str]:
    """Every language's everyday words (never a mistyped command, and talk before others)."""
    return frozenset().union(*(language.everyday for language in languages().values()))


def chatty_words() -> frozenset[str]:
    """Every language's command words that open talk when other words follow them."""
    return frozenset().union(*(language.chatty for language in languages().values()))


def question_forms(topic: str) -> tuple[str, ...]:
    """Every language's patterns of a question to the service about `topic` (now, role, win)."""
    return tuple(f for lang in languages().values() for f in lang.questions.get(topic, ()))


@cache
def game_names() -> dict[str, str]:
    """Every language's names of a game -> the game's own name ("distritos": its registry name),
    from the `name` of the game's own table in words.toml ([<game>] name)."""
    return {
        word.casefold(): game
        for language in languages().values()
        for game, table in language.games.items()
        for word in table.get("name", ())
    }


@cache
def code_verbs() -> dict[str, str]:
    """Every language's words that ask, beside a game's code, to join or watch it ("uno": join,
    as in "me uno a MHBJ"; "mirar": watch)."""
    return {
        w: v
        for lang in languages().values()
        for w, v in lang.questions.get("code_verbs", {}).items()
    }


def how_to_words() -> dict[str, str]:
    """Every language's "how do I <verb>" words -> the command's verb ("voto": vote)."""
    return {
        w: v for lang in languages().values() for w, v in lang.questions.get("how_to", {}).items()
    }


def their_terms() -> dict[str, str]:
    """Every language's game words -> the term each explains ("nominar": nominate)."""
    return {
        w: t for lang in languages().values() for w, t in lang.questions.get("terms", {}).items()
    }


def vote_words(kind: str) -> frozenset[str]:
    """Every language's words of one kind for reading a vote (ja, filler, hedges...)."""
    found = (language.votes.get(kind, ()) for language in languages().values())
    return frozenset(w.casefold() for words in found for w in words)


def move_words(kind: str) -> frozenset[str]:
    """Every language's words of one kind around a move in a sentence (courtesy, filler)."""
    found = (language.moves.get(kind, ()) for language in languages().values())
    return frozenset(w.casefold() for words in found for w in words)


def policy_words() -> dict[str, str]:
    """Every language's words for a policy in a sentence ("fascista": F)."""
    return {
        word.casefold(): letter
        for language in languages().values()
        for letter, words in language.moves.get("policies", {}).items()
        for word in words
    }


def you_word() -> str:
    """How a text names its reader among others, in the current language."""
    lang = languages().get(current())
    return lang.you if lang else "you"
