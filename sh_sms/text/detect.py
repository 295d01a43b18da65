"""The language a first text is written in, for a number that has chosen none: a command word
only one language has (AYUDA, NUEVO, ESTADISTICAS), else a word of a language's `[detect]`
list in its words.toml (hola, buenas, como...). English, the default, is never detected: a text
that tells nothing is read in English, and its introduction says how to pick another."""

from __future__ import annotations

import re

from .gsm import sanitize
from .languages import languages
from .words import LANGUAGE_OF

WORD = re.compile(r"[^\W\d_]+")


def _plain(word: str) -> str:
    """A word as compared: lower case, its accents written plain (cómo: como)."""
    return sanitize(word).casefold()


def written_in(text: str) -> str | None:
    """The language other than English that `text` is plainly written in, or None."""
    words = [_plain(w) for w in WORD.findall(text)]
    if not words:
        return None
    first = {_plain(w): code for w, code in LANGUAGE_OF.items()}.get(words[0])
    if first is not None:
        return first
    for code, language in languages().items():
        if language.detect.intersection(words):
            return code
    return None
