"""Questions to the service about a districts game (issue 34), read from one text (pure): what
one of its words means, and after the end who won. The shared questions (`text.questions`: what
now, how do I win, what game is this, how do I vote) are read as in any game.

- `explain` with the HELP topic that answers it: "whats a district", "what is the capitol",
  "what does oligarch mean", "idk what a rep is"
- `won`, after the end only, anywhere in the text: "wait so who won? i'm liberal and it says i
  lost", "did i win", "why did i lose"

English forms are here; another language's are its words.toml `[questions]`: `won`
(patterns), `means` (patterns with `{term}` for the word) and `district_terms` (its words
-> the topic).
"""

from __future__ import annotations

import re
from functools import cache

from ....text.helpwords import LEADING, TRAILING
from ....text.languages import languages, question_forms
from ....text.sentences import Words

WON = (
    r"\bwho (?:won|wins|has won|won the game|won it)\b",
    r"\bdid (?:i|we|my team|my side|anyone) (?:win|lose)\b",
    r"\bwhy did (?:i|we) (?:lose|win)\b",
    r"\bhow did (?:i|we) (?:lose|win)\b",
    r"\bhow (?:is|was) (?:it|that|this) a (?:loss|win)\b",
    r"\b(?:it says|says) i (?:lost|won)\b",
    r"\bwhy (?:did|do) (?:it|they) say i (?:lost|won)\b",
)
# The game's words as players type them, and the HELP topic that explains each.
TERMS = {
    **dict.fromkeys(("district", "districts", "dist", "d1", "d2", "d3", "d4"), "district"),
    **dict.fromkeys(("capitol", "capital", "representative", "rep", "reps"), "capitol"),
    **dict.fromkeys(
        ("representatives", "action player", "capitol card", "capitol cards"), "capitol"
    ),
    **dict.fromkeys(("oligarch", "oligarchs", "oligarchy", "alignment", "alignment card"), "win"),
    **dict.fromkeys(("liberal", "liberals", "fascist", "fascists", "faction"), "win"),
    **dict.fromkeys(("privilege", "privilege card", "points", "point", "pt", "pts"), "policy"),
    **dict.fromkeys(
        ("public works", "redistrict", "redistricting", "policy", "policies"), "policy"
    ),
    **dict.fromkeys(("timer", "the timer", "tie", "ties", "tied", "a tie"), "timer"),
    **dict.fromkeys(("card", "cards"), "policy"),
    **dict.fromkeys(("send", "move", "vote", "play", "discard"), None),  # their own HELP
    "inv": "investigate",
}
_THE = r"(?:(?:a|an|the|this|that) )?"
MEANS = (
    r"(?:what|wat|wut) (?:is|s|are) {the}{term}(?: mean| means| for)?",
    r"whats {the}{term}(?: mean| means| for)?",
    r"(?:what|wat) (?:does|do|is) {the}{term} (?:mean|stand for|do|for)",
    r"(?:idk|i dont know|i dunno|dont know) what {the}{term} (?:is|are|means)",
    r"how (?:does|do) {the}{term} work",
    r"how (?:do|can) (?:i|we) (?:pick|choose|join|get into) {the}{term}",
    r"what happens (?:if|when) (?:we|they|it|you) {term}",
    r"what happens (?:if|when|on) (?:there is |theres |its )?{the}{term}",
    r"who (?:can|do|should) (?:i|we) (vote) for",
)


def asked(words: Words, over: bool) -> tuple[str, tuple[str, ...]] | None:
    """What a text asks about this game: ("explain", (topic,)) or, after the end
    (`over`), ("won", ()); None when it asks none of these."""
    text = " ".join(words.words)
    if over and _won().search(text):
        return "won", ()
    core = _core(words.words)
    found = _means().fullmatch(core)
    if found is not None:
        word = next(g for g in found.groups() if g)
        topic = _terms()[word]
        return "explain", (topic or word,)
    return None


def _core(words: tuple[str, ...]) -> str:
    """The words without small talk before and after them."""
    start, end = 0, len(words)
    while start < end and words[start] in LEADING:
        start += 1
    while end > start and words[end - 1] in TRAILING:
        end -= 1
    return " ".join(words[start:end])


@cache
def _terms() -> dict[str, str | None]:
    """Every language's words for this game's terms -> the topic that explains them."""
    theirs = {
        word: topic
        for language in languages().values()
        for word, topic in language.questions.get("district_terms", {}).items()
    }
    return {**TERMS, **theirs}


@cache
def _won() -> re.Pattern:
    return re.compile("|".join(f"(?:{p})" for p in (*WON, *question_forms("won"))))


@cache
def _means() -> re.Pattern:
    term = "(" + "|".join(sorted(map(re.escape, _terms()), key=len, reverse=True)) + ")"
    frames = (*MEANS, *question_forms("means"))
    forms = (f.replace("{the}", _THE).replace("{term}", term) for f in frames)
    return re.compile("|".join(f"(?:{f})" for f in forms))
