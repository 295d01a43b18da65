"""Which player names deceive: digits only (`KICK 2` is a seat), a command word (`KICK BOT`), or
a look-alike of a name already at the table (`AIice` beside `Alice`, `B0B` beside `BOB`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .words import ALIASES, POLICY_WORDS

# Why a name is refused (`name_problem`).
DIGITS = "digits"  # digits only: it would read as a seat number
COMMAND = "command"  # a command word or alias (BOT, YES, STATUS, KILL...) or a policy (L, F)
LOOKALIKE = "lookalike"  # confusable with a name already taken

# Names are 1-12 ASCII letters or digits, so the look-alikes that matter are ASCII ones (the
# confusables of Unicode's TR39 within [A-Za-z0-9]): a skeleton maps each to one shape.
_PAIRS = (("rn", "m"), ("vv", "w"))
_SHAPES = str.maketrans({"1": "l", "i": "l", "0": "o"})
RESERVED = frozenset(ALIASES) | frozenset(POLICY_WORDS)
# A watcher's name (Watcher1, Watcher2...: `table.watching`), which the host's KICK takes.
WATCHER_NAME = re.compile(r"watcher[0-9]{1,2}", re.IGNORECASE)


def is_watcher_name(word: str) -> bool:
    """Whether a word is a watcher's name, so no player may take it."""
    return WATCHER_NAME.fullmatch(word.strip(".,!?")) is not None


def skeleton(name: str) -> str:
    """The shape of a name, alike for names a reader could take for one another."""
    shape = name.casefold()
    for pair, one in _PAIRS:
        shape = shape.replace(pair, one)
    return shape.translate(_SHAPES)


def name_problem(name: str, taken: Iterable[str] = ()) -> tuple[str, str | None] | None:
    """Why `name` may not be used at a table where `taken` are the names already seated (and
    the one it looks like, for LOOKALIKE), or None when it may."""
    if name.isdigit():
        return DIGITS, None
    if name.casefold() in RESERVED or is_watcher_name(name):
        return COMMAND, None
    shape = skeleton(name)
    for other in taken:
        if other.casefold() != name.casefold() and skeleton(other) == shape:
            return LOOKALIKE, other
    return None
