"""A question to the service about how to play (README "How a text is read", principle 10).

Pure: the words of one text (`sentences.words_of`) in, what it asks out, or None:

- `now`: what to do now ("what do i do now", "is it my turn", "how do i play", "help me");
- `role`: how to see one's role ("how do i see my role again", "whats my team");
- `game`: which game the table plays ("what game is this", "wait what game are we playing?");
- a command's topic: how to make a move ("how do i vote", "how to inv", "how does voting
  work"), or `win`: how each side wins ("how do i win", "what are the rules");
- `term`: what one of the game's own words means ("wait whats a candidate", "what does F mean",
  "whats the difference between l and f").

Only the whole text counts, with small talk before it ("ok", "wait", "sorry") and after it
("now", "again", "lol"): a question to the table ("who is hitler?", "how do you know 6 is
lib", "what does TD mean") is none of these. The words are data (`text.helpwords`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .helpwords import GAME, HOW_IT_WORKS, HOW_TO, LEADING, NOW, ROLE, RULES, TERMS, TRAILING
from .languages import how_to_words, question_forms, their_terms
from .sentences import Words
from .verbforms import how_to_verb

_TERM = "|".join(sorted((re.escape(t) for t in TERMS), key=len, reverse=True))
_THE = r"(?:(?:a|an|the) )?"
# What a game word means: "whats a candidate", "what does F mean", "idk what tracker means".
_MEANS = [
    re.compile(rf"(?:what|wat|wut) (?:is|s|are) {_THE}(?P<term>{_TERM})(?: mean| means)?"),
    re.compile(rf"whats {_THE}(?P<term>{_TERM})(?: mean| means)?"),
    re.compile(
        rf"(?:what|wat) (?:does|do|is) {_THE}(?P<term>{_TERM}) (?:mean|stand for|stands for|do)"
    ),
    re.compile(rf"what is meant by {_THE}(?P<term>{_TERM})"),
    re.compile(
        rf"(?:idk|i dont know|i dunno|dont know) what {_THE}(?P<term>{_TERM}) (?:is|are|means)"
    ),
    re.compile(
        rf"(?:what|whats)(?: is| s)? the difference between {_THE}(?P<term>{_TERM})"
        rf" and {_THE}(?P<other>{_TERM})"
    ),
    re.compile(rf"(?:what|whats)(?: do| are)? (?P<term>{_TERM}) and (?P<other>{_TERM})(?: mean)?"),
]
_HOW = r"how (?:do|can|does) (?:i|we|you|u|one)|how to"
_HOW_TO = re.compile(rf"(?:{_HOW}) (?P<verb>{'|'.join(sorted(HOW_TO, key=len, reverse=True))})")
_WORKS = re.compile(
    rf"how (?:does|do) (?P<thing>{'|'.join(sorted(HOW_IT_WORKS, key=len, reverse=True))}) work"
)
_WHOLE = {
    topic: re.compile(f"(?:{'|'.join((*forms, *question_forms(topic)))})")
    for topic, forms in (("now", NOW), ("role", ROLE), ("win", RULES), ("game", GAME))
}
# "como voto", "cómo nomino a alguien": another language's "how do I" (words.toml [questions]
# how_to_frames, {verb} a word of its how_to table).
_THEIR_HOW = how_to_words()
_THEIR_VERBS = "|".join(sorted(map(re.escape, _THEIR_HOW), key=len, reverse=True)) or "$^"
_THEIR_HOW_TO = [
    re.compile(form.replace("{verb}", f"(?P<verb>{_THEIR_VERBS})"))
    for form in question_forms("how_to_frames")
]
# "que significa ja", "que es nominar": another language's "what does <term> mean" (its
# [questions] means, {term} a word of its [questions.terms] or of TERMS).
_THEIR_TERMS = {**TERMS, **their_terms()}
_THEIR_TERM = "|".join(sorted(map(re.escape, _THEIR_TERMS), key=len, reverse=True))
_THEIR_MEANS = [
    re.compile(form.replace("{term}", f"(?P<term>{_THEIR_TERM})"))
    for form in question_forms("means")
]
# Any form of a verb after a lead ("como nomino", "como se nomina", "como hago para nominar",
# `verbforms.how_to_verb`), with what it takes after it ("a alguien", "una carta").
_THEIR_LEADS = "|".join(question_forms("how")) or "$^"
_THEIR_OBJECTS = "|".join(question_forms("how_objects")) or "$^"
_THEIR_HOW_FORM = re.compile(rf"(?:{_THEIR_LEADS}) (?P<verb>[a-z]+)(?: (?:{_THEIR_OBJECTS}))?")


@dataclass(frozen=True)
class HowTo:
    """What a question to the service asks: `topic` ("now", "role", a command's verb, or
    "term"), and for a term the game words it names (`terms`: one, or two to tell apart)."""

    topic: str
    terms: tuple[str, ...] = ()


def how_to(words: Words) -> HowTo | None:
    """What `words` ask the service about how to play, or None when they do not."""
    whole = " ".join(words.words)  # "q hago ahora": a leading word that is small talk in English
    for core in dict.fromkeys((whole, _core(words.words, trail=False), _core(words.words))):
        found = _asks(core) if core else None
        if found is not None:
            return found
    return None


def _asks(core: str) -> HowTo | None:
    """What one trimmed text asks, matched whole."""
    for topic, pattern in _WHOLE.items():
        if pattern.fullmatch(core):
            return HowTo(topic)
    match = _HOW_TO.fullmatch(core)
    if match:
        return HowTo(HOW_TO[match.group("verb")])
    for pattern in _THEIR_HOW_TO:
        match = pattern.fullmatch(core)
        if match:
            return HowTo(_THEIR_HOW[match.group("verb")])
    match = _WORKS.fullmatch(core)
    if match:
        return HowTo(HOW_IT_WORKS[match.group("thing")])
    for pattern in _MEANS:
        match = pattern.fullmatch(core)
        if match:
            found = (match.group("term"), *(g for g in match.groups()[1:] if g))
            return HowTo("term", tuple(TERMS[t] for t in dict.fromkeys(found)))
    for pattern in _THEIR_MEANS:
        match = pattern.fullmatch(core)
        if match:
            return HowTo("term", (_THEIR_TERMS[match.group("term")],))
    match = _THEIR_HOW_FORM.fullmatch(core)
    verb = how_to_verb(match.group("verb"), _THEIR_HOW) if match else None
    if verb is not None:
        return HowTo(verb)
    return None


def _core(words: tuple[str, ...], *, trail: bool = True) -> str:
    """The words without small talk before them (and after them, with `trail`), as one
    string: "what now" keeps its "now" in the first try."""
    start, end = 0, len(words)
    while start < end and words[start] in LEADING:
        start += 1
    while trail and end > start and words[end - 1] in TRAILING:
        end -= 1
    return " ".join(words[start:end])
