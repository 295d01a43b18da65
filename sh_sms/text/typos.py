"""Near misses: a first word that is a typo of a command word ("DISCRAD F", "jion ABCD Cy").

A near miss is only a candidate: the conversation answers "did you mean" when the sender could
use that command now and the rest of the text fits it (`commands.fits`). An everyday word is
never a typo (`everyday.NEVER_TYPOS`, drawn from real chat): "I'll" is not KILL, "hes" not YES.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import lru_cache

from .everyday import NEVER_TYPOS
from .languages import current
from .verbforms import verbs_of
from .words import ALIASES, ANAGRAM_MIN, ENGLISH_TARGETS, NEAR_MISS_TARGETS, TARGETS


def near_miss(first: str, names: Iterable[str] = ()) -> str | None:
    """Return the verb whose word `first` is a typo of, if it is one (a player's name never is)."""
    word = letters(first)
    if len(word) <= 2 or word in NEVER_TYPOS or not first[:1].isalpha():
        return None
    if word not in ALIASES and verbs_of(word):  # "mato", "descarto": a verb form, read as one
        return None
    if first.casefold() in {n.casefold() for n in names}:
        return None
    if word in ALIASES:  # "nom3", "(discard": a command word with stray characters
        return ALIASES[word]
    best = _typo_target(word, current())
    return ALIASES[best] if best is not None else None


def typo_word(first: str) -> str | None:
    """The command word (as typed there: "shoot", not its verb) that `first` is a typo of."""
    word = letters(first)
    return word if word in ALIASES else _typo_target(word, current())


LONGEST_TARGET = max(map(len, NEAR_MISS_TARGETS))


@lru_cache(maxsize=4096)  # table talk opens with the same few words; each costs ~40 distances
def _typo_target(word: str, language: str) -> str | None:
    """The command word `word` is a typo or an anagram of, if any, for a reader of `language`
    (English words, and the language's own)."""
    if len(word) > LONGEST_TARGET + 2:  # further than two edits from every target
        return None
    targets = TARGETS.get(language, ENGLISH_TARGETS)
    return closest(word, targets) or anagram(word, targets)


def anagram(word: str, targets: tuple[str, ...] = ENGLISH_TARGETS) -> str | None:
    """The command word of four or more letters that `word` scrambles ("vtoe"), if any."""
    if len(word) < ANAGRAM_MIN:
        return None
    letters = sorted(word)
    same = (t for t in targets if len(t) == len(word) and sorted(t) == letters)
    return next(same, None)


def closest(word: str, targets: Iterable[str]) -> str | None:
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


def letters(word: str) -> str:
    """The letters of `word`, case-folded ("Nom3!" -> "nom")."""
    return "".join(ch for ch in word.casefold() if ch.isalpha())
