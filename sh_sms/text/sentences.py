"""A sentence read for one move: its words, whether it is plainly that move, or only mentions it.

Pure, with no context but the move, the game's names and the seats a move could take:

- `words_of(text)`: the words as a reader weighs them (lower case, apostrophes dropped, `4/7` as
  two words, faces as `(y)`/`(n)`) and whether the text asks (a `?`, or the `/` a phone types at
  the end when shift is missed).
- `plain_target(words, verb, ...)`: the one target of a plain instruction ("nom cy please",
  "ok nominating finbot", "discard the F one"): the move's word or an everyday form of it, exactly
  one target after it, and nothing else but courtesy. Anything more (a hedge, a condition, a
  second name) and it is not plain.
- `mentions(words, verb)`: whether the text speaks of the move at all ("shoot 2 imo").

How a voter's sentence reads as a vote is `text.votes`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from unicodedata import combining

from .everyday import BARE_COURTESY, COURTESY, NOT_A_NAME
from .phonetext import FACES, plain, with_faces
from .verbforms import speaks, titles, verbs_of
from .words import ALIASES, FORMS, MENTIONS, SENTENCE_POLICY_WORDS, TARGET_FILLER

_WORD = re.compile(r"\(y\)|\(n\)|[a-z0-9']+")
_QUESTION_END = re.compile(r"[?/][\s?!./]*$")
_SENTENCE_END = re.compile(r"[.!;\n]+\s")  # where one sentence of a text ends and the next begins
# Thumbs typed as words read as the thumbs emoji: "thumbs up" is (y).
_THUMBS = re.compile(r"\bthumbs? ?(up|down)\b")


@dataclass(frozen=True)
class Words:
    """A text as a reader weighs it: its words (lower case, no punctuation) and whether it asks."""

    words: tuple[str, ...]
    question: bool
    tail: tuple[str, ...] = ()  # the words of the last sentence, when the text has several


def words_of(text: str) -> Words:
    """The words of `text` and whether it asks: a question mark anywhere ("me? ya"), or a `/` at
    the end (a question mark typed without shift: "no/"); and the words of its last sentence
    ("oh i thought i did. NEIN": "nein")."""
    lowered = unicodedata.normalize("NFKD", with_faces(plain(text)).casefold())
    # Accents fall away ("qué": "que", "sí": "si"); other emoji are nothing.
    kept = "".join(ch for ch in lowered if (ch.isascii() or ch.isspace()) and not combining(ch))
    stripped = _THUMBS.sub(lambda m: " (y) " if m.group(1) == "up" else " (n) ", kept.rstrip())
    for face in set(FACES.values()) - {"(y)", "(n)"}:
        stripped = stripped.replace(face.casefold(), " ")
    words = _words(stripped)
    sentences = [part for part in _SENTENCE_END.split(stripped + " ") if _words(part)]
    tail = _words(sentences[-1]) if len(sentences) > 1 else ()
    return Words(words, "?" in stripped or bool(_QUESTION_END.search(stripped)), tail)


def _words(text: str) -> tuple[str, ...]:
    return tuple(w.replace("'", "") for w in _WORD.findall(text) if w.replace("'", ""))


def seat_of(word: str, names: list[str]) -> int | None:
    """The seat a word of a sentence names: a whole name or a seat number, never a prefix."""
    if word.isdigit():
        seat = int(word)
        return seat - 1 if 1 <= seat <= len(names) and word[0] != "0" else None
    for seat, name in enumerate(names):
        if name.casefold() == word:
            return seat
    return None


def policy_of(word: str) -> str | None:
    """The policy letter a word of a sentence names ("f", "lib", "red"), if any."""
    return SENTENCE_POLICY_WORDS.get(word)


def plain_target(words: Words, verb: str, names: list[str]) -> str | int | None:
    """The one target of `words` read as a plain instruction for `verb` (a seat, or a policy
    letter for DISCARD and ENACT), or None when the text is not plainly that move.

    VETO takes no target: its plain form returns "" (an empty target).
    """
    if words.question:
        return None
    found = _form_at(words.words, verb)
    if found is None:
        return _titled(words, verb, names)
    start, end = found
    before, after = words.words[:start], words.words[end:]
    allowed = COURTESY | TARGET_FILLER.get(verb, frozenset())
    if any(w not in COURTESY for w in before):
        return None
    targets, rest = _split_targets(after, verb, names)
    if any(w not in allowed for w in rest):
        return None
    if verb == "veto":
        return "" if not targets else None
    return targets[0] if len(targets) == 1 else None


def mentions(words: Words, verb: str, names: list[str] = ()) -> bool:
    """Whether the text speaks of the move `verb`: one of its words ("shoot", "nominating"), or
    an everyday form of it right before a target ("i will se 2"); a form alone is talk ("who do
    i pick")."""
    if any(w in MENTIONS.get(verb, ()) for w in words.words) or speaks(words.words, verb):
        return True
    for start in range(len(words.words)):
        found = _form_at(words.words[start:], verb)
        if found is None:
            return False
        end = start + found[1]
        if end < len(words.words) and _split_targets(words.words[end : end + 1], verb, names)[0]:
            return True
    return False


def only_move(words: Words, verb: str, names: list[str]) -> bool:
    """Whether the text is nothing but the move's words, targets and courtesy ("nom", "inv 3")."""
    moving = MENTIONS.get(verb, frozenset()) | {w for form in FORMS.get(verb, ()) for w in form}
    moving |= {word for word, meant in ALIASES.items() if meant == verb}  # EJECUTAR, SHOW
    allowed = moving | COURTESY | TARGET_FILLER.get(verb, frozenset())
    _found, rest = _split_targets(words.words, verb, names)
    return all(w in allowed or verb in verbs_of(w, "mentions") for w in rest)


def targets_named(words: Words, verb: str, names: list[str]) -> list:
    """Every target the text names for `verb`, in order, without repeats (seats or letters)."""
    found, _rest = _split_targets(words.words, verb, names)
    return list(dict.fromkeys(found))


def bare_target(words: Words, verb: str, names: list[str]) -> str | int | None:
    """The target of a text that is nothing but one target and courtesy ("bob", "4 pls", "F")."""
    found, rest = _split_targets(words.words, verb, names)
    if len(found) == 1 and all(w in BARE_COURTESY for w in rest):
        return found[0]
    return None


def _split_targets(words: tuple[str, ...], verb: str, names: list[str]) -> tuple[list, list]:
    """The words that name a target of `verb` (seats, or letters for a policy move) and the rest."""
    targets, rest = [], []
    for word in words:
        if verb in ("discard", "enact"):
            target = policy_of(word)
        elif verb == "veto" or word in NOT_A_NAME:
            target = None
        else:
            target = seat_of(word, names)
        (rest if target is None else targets).append(word if target is None else target)
    return targets, rest


def _titled(words: Words, verb: str, names: list[str]) -> str | int | None:
    """The one target of a move said by the office it gives, in the reader's language ("pedro
    de canciller porfa": nominate Pedro; `text.verbforms.titles`), or None."""
    offices = titles(verb)
    if not offices or not any(w in offices for w in words.words):
        return None
    allowed = COURTESY | TARGET_FILLER.get(verb, frozenset()) | offices
    targets, rest = _split_targets(words.words, verb, names)
    return targets[0] if len(targets) == 1 and all(w in allowed for w in rest) else None


def _form_at(words: tuple[str, ...], verb: str) -> tuple[int, int] | None:
    """Where the first everyday form of `verb` (a run of words, or one word of the reader's
    language: `text.verbforms`) starts and ends in `words`."""
    for start in range(len(words)):
        if verb in verbs_of(words[start]):
            return start, start + 1
        for form in FORMS.get(verb, ()):
            if words[start : start + len(form)] == form:
                return start, start + len(form)
    return None
