"""Two questions anyone may ask outside a game's own reading (issue 34), read from the words of
one text (pure but for looking up the game codes a text names):

- About a game by its name, a word of its presets ("HELP <name>", "what is <name>?", "how do you
  play <name>"): from a number in no game and in any lobby, the help of the game that name picks
  (`GameKind.about`), never talk to a lobby nor the stranger's introduction.
- To watch or join a game ("hi can i watch QSSX?", "me uno a MHBJ"), from a number in no game:
  the sender is taught the exact `WATCH <code>` or `JOIN <code> <name>`; nothing is done until
  they send it.

The English forms are here; another language's are its words.toml `[questions] about`, where
`{game}` stands for a game's name.
"""

from __future__ import annotations

import re
from functools import cache

from sqlmodel import Session

from ..gamekind import registry
from ..store.games import names_open
from ..text.helpwords import LEADING, TRAILING
from ..text.languages import code_verbs, game_names, question_forms
from ..text.sentences import Words
from ..text.words import ALIASES, CHATTY_WORDS, CODE_LEN, CODE_LEN_MAX, CODE_LETTERS, HELP_WORDS
from .reading import Unclear

_THE = r"(?:(?:a|an|the) )?"
_KIND = r"(?: game| mode| variant| version| thing| one)?"
ABOUT = (
    rf"(?:what|wat|wut) (?:is|s|are|does) {_THE}{{game}}{_KIND}(?: mean| about)?",
    rf"whats {_THE}{{game}}{_KIND}(?: about)?",
    rf"how (?:do|does|can|should) (?:i|we|you|u|one) play {_THE}{{game}}{_KIND}",
    rf"how (?:does|do) {_THE}{{game}}{_KIND} work",
    rf"how to play {_THE}{{game}}{_KIND}",
    rf"(?:tell me about|explain|what about|rules of|rules for) {_THE}{{game}}{_KIND}",
    rf"(?:is|whats|what is|what s) {_THE}{{game}}{_KIND} (?:a|another|some) (?:game|mode)",
)
_CODE = re.compile(f"[{CODE_LETTERS}]+", re.I)  # a word that may be a game's code
WATCH_WORDS = frozenset({"watch", "watching", "spectate", "follow", "observe"})
JOIN_WORDS = frozenset({"join", "joining", "joinin", "jion"})


@cache
def _about() -> re.Pattern:
    """Every form of a question about a game by name, its name a group."""
    game = "|".join(map(re.escape, sorted(_names(), key=len, reverse=True)))
    forms = [*ABOUT, *question_forms("about")]
    return re.compile(
        "|".join(f"(?:{f.replace('{game}', f'(?P<game{i}>{game})')})" for i, f in enumerate(forms))
    )


@cache
def _names() -> frozenset[str]:
    """The words that name a game: its presets, and its name in every language (DISTRITOS)."""
    return frozenset({w for kind in registry.kinds() for w in kind.presets} | set(game_names()))


def game_named(words: Words) -> str | None:
    """The help a text asks for about a game by its name, the game's own name first ("help
    <name> win": "<name> win"; "what is <name>?", "que es distritos?": "<name>"), or None."""
    found = words.words
    if 1 < len(found) <= HELP_WORDS and is_help(found[0]) and found[1] in _names():
        return " ".join([_own(found[1]), *found[2:]])
    start, end = 0, len(found)
    while start < end and found[start] in LEADING:
        start += 1
    while end > start and found[end - 1] in TRAILING:
        end -= 1
    core = found[start:end]
    if len(core) == 1 and core[0] in _names() and words.question:
        return _own(core[0])  # "<name>?"
    groups = _about().fullmatch(" ".join(core))
    if groups is None:
        return None
    return _own(next(g for key, g in groups.groupdict().items() if g and key.startswith("game")))


def _own(name: str) -> str:
    """A game's name as its presets spell it, for its name in a language (DISTRITOS)."""
    return game_names().get(name, name)


def is_help(word: str) -> bool:
    """Whether a word is HELP in some language (HELP, AYUDA; INFO opens talk)."""
    return ALIASES.get(word) == "help" and word not in CHATTY_WORDS


def code_asked(session: Session, text: str, words: Words) -> Unclear | None:
    """ "hi can i watch QSSX?", "can i join MHBJ", "me uno a MHBJ" from a number in no game:
    asked with the exact WATCH <code> or JOIN <code> <name>, when the text names one open game's
    code (to join, a lobby's) and asks one of the two; else None."""
    verbs = {_code_verb(w) for w in words.words} - {None}
    if len(verbs) != 1:
        return None
    verb = verbs.pop()
    codes = {
        w.upper() for w in words.words if CODE_LEN <= len(w) <= CODE_LEN_MAX and _CODE.fullmatch(w)
    }
    found = [c for c in sorted(codes) if names_open(session, c, lobby=verb == "join")]
    return Unclear(verb, text, (found[0],)) if len(found) == 1 else None


def _code_verb(word: str) -> str | None:
    """Whether a word asks to watch or to join (English here, other languages' from words.toml)."""
    if word in WATCH_WORDS:
        return "watch"
    if word in JOIN_WORDS:
        return "join"
    return code_verbs().get(word)
