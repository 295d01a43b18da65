"""The characters around a text's words: what counts as empty, and what is trimmed from the end
of a command or a word before it is read (pure)."""

from __future__ import annotations

import string
import unicodedata


def is_invisible(ch: str) -> bool:
    """Spaces and invisible characters: a text of only these is empty."""
    return unicodedata.category(ch)[0] in "ZC"


def is_filler(ch: str) -> bool:
    """Punctuation, spaces and invisible characters: ignored at the end of a command."""
    return ch in string.punctuation or unicodedata.category(ch)[0] in "PZC"


_EMOJI = ("So", "Sk", "Mn", "Cf")  # a symbol, its skin tone, variation selector or joiner


def is_trailing(ch: str) -> bool:
    """Filler, or an emoji (a symbol, its skin tone or variation selector): "ja!! 👍"."""
    return is_filler(ch) or unicodedata.category(ch) in _EMOJI


def rstrip_filler(text: str) -> str:
    """The text without the filler at its end."""
    end = len(text)
    while end and is_filler(text[end - 1]):
        end -= 1
    return text[:end]


def rstrip_trailing(text: str) -> str:
    """The text without the filler or emoji at its end ("ja!! 👍": "ja")."""
    end = len(text)
    while end and is_trailing(text[end - 1]):
        end -= 1
    return text[:end]


def rstrip_trailing_emoji(text: str) -> str:
    """The text without the spaces and emoji at its end (its punctuation kept)."""
    end = len(text)
    while end and (text[end - 1].isspace() or unicodedata.category(text[end - 1]) in _EMOJI):
        end -= 1
    return text[:end]


def strip_word(word: str) -> str:
    """A word without the punctuation or emoji after it, nor quotes or brackets before it."""
    return rstrip_trailing(word).lstrip("\"'([¿¡")
