"""What the parser makes of one text: a Command, or a ParseError saying why not (pure data)."""

from __future__ import annotations

from dataclasses import dataclass, field

EMPTY = "empty"
NEAR_MISS = "near_miss"
MISSING_ARG = "missing_arg"
BAD_ARG = "bad_arg"
EXTRA_WORDS = "extra_words"
QUESTION = "question"  # a command that changes something, typed as a question ("inv 1?")


@dataclass(frozen=True)
class Command:
    """A parsed command: canonical verb, its argument, and (JOIN only) the player's name.

    `read`: the text a move was read from when it was not the command itself ("yeah" read as
    JA): the sender is told how it was read.
    """

    verb: str
    arg: str | None = None
    name: str | None = None
    read: str | None = field(default=None, compare=False)
    language: str | None = field(default=None, compare=False)  # typed in it (NUEVO: es)


@dataclass(frozen=True)
class ParseError:
    """Why a text is not a command: a code, the command word to suggest, the verb if known,
    and the words typed after the command word (for the conversation to read in context)."""

    code: str
    suggestion: str | None = None
    verb: str | None = None
    words: tuple[str, ...] = field(default=(), compare=False)
