"""A near move in a districts game (issue 34): a sentence that is plainly one of the sender's
moves, or that hedges one, read as the standard game reads "ok nom cy" and "maybe nom cy?"
(`sh_sms.text.sentences`). Pure: words in, a verb and its one target (or a hedge) out.

- The move's word or an everyday form of it ("i'll go 3", "oh. move 3", "voting ben", "drop 2"),
  after courtesy only ("ok fine", "oh", "i'll") and before its one target, filler and courtesy
  ("vote for ivy lol", "play it"): the move.
- The same with a hedge ("maybe", "should i", "2 or 3", a question mark): asked, never made.
- A bare district while picking one ("2", "d1"): that move; "maybe 2?", "2 or 3?": asked.
- Anything else (a word outside these) is not a near move: the caller reads it as before.
Each language adds its own forms, courtesy and hedges from its words.toml [districts]
(`near_<verb>`, `near_courtesy`, `near_hedges`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ....text.everyday import BARE_COURTESY, COURTESY, HEDGES, PEOPLE_WORDS
from ....text.languages import languages
from ....text.words import SENTENCE_POLICY_WORDS
from ..params import NAME as GAME
from .commands import ALIASES, FILLERS, district_number

_OWN = [language.games.get(GAME, {}) for language in languages().values()]
# Everyday forms of a verb ("go", "voting"), with every language's (`near_move` = ["voy"]).
FORMS = {
    "go": "move",
    "going": "move",
    "goin": "move",
    "moving": "move",
    "take": "move",
    "voting": "vote",
    "drop": "discard",
    "dropping": "discard",
    "discarding": "discard",
    "playing": "play",
} | {
    word.casefold(): key.removeprefix("near_")
    for table in _OWN
    for key, words in table.items()
    if key.startswith("near_") and key not in ("near_courtesy", "near_hedges", "near_self")
    for word in words
}
VERB_WORDS = {**ALIASES, **FORMS}
# Words that may stand before the move's word ("ok fine", "oh.", "i'll", "so i").
LEAD = (
    COURTESY
    | frozenset(
        [
            "oh",
            "so",
            "i",
            "ill",
            "im",
            "i'll",
            "will",
            "gonna",
            "well",
            "um",
            "uh",
            "hm",
            "the",
            "and",
            "start",
        ]
    )
    | frozenset(w.casefold() for table in _OWN for w in table.get("near_courtesy", ()))
)
# Words that may follow the move's word besides its target.
AFTER = (
    COURTESY
    | frozenset().union(*FILLERS.values())
    | frozenset(["lol", "lmao", "haha", "it", "the", "card", "policy", "number", "then", "timer"])
    | frozenset(w.casefold() for table in _OWN for w in table.get("near_courtesy", ()))
)
HEDGE = HEDGES | frozenset(["should", "might", "could", "or", "if", "would"])
HEDGE |= frozenset(w.casefold() for table in _OWN for w in table.get("near_hedges", ()))
# A card named by its faction ("discard the fascist", "descarto la oligarca"): its letter, for
# the reader to find in the hand. Not "o": Spanish's "or".
CARD_WORDS = {w: letter for w, letter in SENTENCE_POLICY_WORDS.items() if w != "o"}
CARD_WORDS |= {w: "O" for w in ("oligarch", "oligarchs", "oli")}
CARD_WORDS |= {w: "P" for w in ("public", "works")}  # "the public works"
CARD_WORDS |= {  # each language's: card_O = ["oligarca"] (liberal and fascist: [moves.policies])
    w.casefold(): key.removeprefix("card_")
    for table in _OWN
    for key, words in table.items()
    if key.startswith("card_")
    for w in words
}
SELF = frozenset({"me", "myself"})  # the voter ("vote for me"), and each language's ("mi")
SELF |= frozenset(w.casefold() for table in _OWN for w in table.get("near_self", ()))
NO_TARGET = frozenset({"timer", "play"})


@dataclass(frozen=True)
class Near:
    """A near move: its verb, its targets as typed (a district, a name, a card's number), and
    whether it was hedged (asked, never made)."""

    verb: str
    targets: tuple[str, ...]
    hedged: bool
    form: bool = False  # an everyday form ("go", "drop"), not the command's own word


def near_move(words: tuple[str, ...], question: bool, names: list[str], me: str) -> Near | None:
    """The near move `words` make (see the module docstring), or None."""
    at = next((i for i, w in enumerate(words) if w in VERB_WORDS), None)
    if at is None:
        return _bare(words, question) or _names_asked(words, names)
    verb = VERB_WORDS[words[at]]
    before, after = words[:at], words[at + 1 :]
    if any(w not in LEAD and w not in HEDGE for w in before):
        return None
    targets: list[str] = []
    for word in after:
        target = _target(verb, word, names, me)
        if target is not None:
            targets.append(target)
        elif word not in AFTER and word not in HEDGE:
            return None
    if verb in NO_TARGET and targets:
        return None
    # "vote for me" asks the table for votes more often than it votes: asked, never made (a
    # move's "me" is Spanish's own: "me muevo al 2", "me voy al 3")
    hedged = question or any(w in HEDGE or (w in SELF and verb == "vote") for w in words)
    return Near(verb, tuple(dict.fromkeys(targets)), hedged, words[at] not in ALIASES)


def _bare(words: tuple[str, ...], question: bool) -> Near | None:
    """A district alone ("2", "d1 pls"), or districts hedged ("maybe 2?", "2 or 3?")."""
    targets = [str(d) for w in words if (d := district_number(w)) is not None]
    rest = [w for w in words if district_number(w) is None]
    if not targets or any(w not in BARE_COURTESY and w not in HEDGE for w in rest):
        return None
    hedged = question or bool(rest and any(w in HEDGE for w in rest))
    return Near("move", tuple(dict.fromkeys(targets)), hedged, True)


def _names_asked(words: tuple[str, ...], names: list[str]) -> Near | None:
    """Names weighed against each other ("ivy or lee?"): a vote asked about, never made."""
    targets = [t for w in words if (t := _target("vote", w, names, "")) is not None]
    rest = [w for w in words if _target("vote", w, names, "") is None]
    if len(targets) < 2 or "or" not in rest or any(w not in HEDGE for w in rest):
        return None
    return Near("vote", tuple(dict.fromkeys(targets)), True, True)


def _target(verb: str, word: str, names: list[str], me: str) -> str | None:
    """The target `word` names for `verb`, as typed for the command."""
    if verb in ("move", "discard"):
        number = district_number(word.lstrip("#"))
        if number is None and verb == "discard":
            return CARD_WORDS.get(word)  # a faction's letter: the reader finds the card
        return str(number) if number is not None else None
    if verb in ("vote", "investigate"):
        if word in SELF:
            return me
        if word in PEOPLE_WORDS:
            return None
        return next((n for n in names if n.casefold() == word), None)
    return None
