"""A voter's sentence read as a vote (README "How a text is read", principle 5).

Pure: the words of one text (`sentences.words_of`) in, how they read as a vote out:

- COUNTED: a vote word with nothing but courtesy, emphasis or the words of voting around it
  ("nein nein nein", "ja ofc", "i'm voting ja obviously"), a correction ("wait no. nein": the
  last vote word counts), or a last sentence that is the game's vote word alone ("oh i thought
  i did. NEIN"). Counted, and the voter is told how it was read.
- ASK: a reaction or a hedge ("lol no", "NOOOO", "no me", "lets ja this", "ja i guess", "ya?"),
  or both votes at once: the voter is asked, with the exact command; never counted.
- MENTIONED: a vote word inside other talk ("nein lol ana and cy both voted no on bob", "no way
  bob is liberal"): a voter the game still waits on is asked; anyone else is only relayed.
- None: no vote word at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .everyday import (
    HEDGES,
    VOTE_CORRECTIONS,
    VOTE_FILLER,
    VOTE_REACTIONS,
    VOTE_WORDS,
    WEAK_VOTE_WORDS,
)
from .languages import current, languages, vote_words
from .sentences import Words

COUNTED = "counted"
ASK = "ask"
MENTIONED = "mentioned"

_REPEATS = re.compile(r"(\w)\1+")
_STRETCHED = re.compile(r"(\w)\1\1")  # a letter three times: "noooo", "yesss" (a cry, not a vote)
# The game's own vote words (and the thumbs): never everyday English, so never a cry when stretched.
GAME_VOTE_WORDS = frozenset({"ja", "jah", "nein", "(y)", "(n)"})
# A vote sentence that ends on one of these was cut short ("Nein to"): asked.
_UNFINISHED = frozenset({"to", "from", "for", "on", "my", "of"})
# After these, an everyday vote word answers the talk ("then yes", "so no"): asked.
_ANSWERING = frozenset({"then", "so"})
# Words that speak of voting without a vote word: to a voter the game waits on, a question.
VOTE_MENTIONS = frozenset(
    {"vote", "voting", "voted", "votes", "jaing", "jaed", "neining", "neined", "neind", "jad"}
) | vote_words("mentions")


@dataclass(frozen=True)
class VoteReading:
    """How a voter's text reads: `kind` COUNTED, ASK or MENTIONED, and the vote ("ja" or "nein";
    None when the text holds both, or only everyday vote words inside other talk)."""

    kind: str
    vote: str | None


# Vote words of several words ("de acuerdo", "en contra"), read as one.
_PHRASES = tuple(tuple(w.split()) for w in VOTE_WORDS if " " in w)


def _joined(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words with each vote phrase ("de acuerdo") as one word."""
    out, i = [], 0
    while i < len(words):
        phrase = next((p for p in _PHRASES if words[i : i + len(p)] == p), None)
        out.append(" ".join(phrase) if phrase else words[i])
        i += len(phrase) if phrase else 1
    return tuple(out)


def vote_of(words: Words) -> VoteReading | None:
    """How a voter's text reads as a vote (see the module docstring), or None without a vote."""
    words = Words(_joined(words.words), words.question, _joined(words.tail))
    tail = _tail_vote(words)
    if tail is not None:
        return VoteReading(COUNTED, tail)
    votes, game_votes, stretched = [], [], False
    hedged = corrected = reaction = other = False
    previous = ""
    for word in words.words:
        vote = vote_word(word)
        if vote is not None:
            votes.append(vote)
            base = _REPEATS.sub(r"\1", word)
            if word in GAME_VOTE_WORDS or base in GAME_VOTE_WORDS:
                game_votes.append(vote)
            elif _STRETCHED.search(word):
                stretched = True
        elif word in HEDGES:
            hedged = True
        elif word in VOTE_CORRECTIONS:
            corrected = True
        elif word == "me" and previous in ("from", "for"):
            pass  # "ja from me", "ja for me"
        elif word in VOTE_REACTIONS:
            reaction = True
        elif word not in VOTE_FILLER:
            other = True
        previous = word
    if not votes:
        return None
    single = votes[0] if len(set(votes)) == 1 else None
    if other:
        mentioned = game_votes[0] if len(set(game_votes)) == 1 else None
        return VoteReading(MENTIONED, mentioned)
    if corrected and not (words.question or hedged or reaction):
        return VoteReading(COUNTED, votes[-1])
    if words.question or hedged or reaction or stretched or single is None or _loose(words):
        return VoteReading(ASK, single)
    return VoteReading(COUNTED, single)


def vote_word(word: str) -> str | None:
    """ "ja" or "nein" for one vote word of a sentence ("yeah", "nope", "jaaa", "(y)"); none
    for a word the reader's language says is no vote ("ya" in Spanish)."""
    language = languages().get(current())
    if language is not None and word in language.votes.get("not_votes", ()):
        return None
    for candidate in (word, _REPEATS.sub(r"\1", word)):
        if len(candidate) == 1 and candidate != word:
            return None  # "nn", "yy": not the letter typed once
        vote = VOTE_WORDS.get(candidate)
        if vote is not None:
            return vote
    return None


def speaks_of_voting(words: Words) -> bool:
    """Whether a text speaks of voting without a vote word ("who are you voting for")."""
    return any(w in VOTE_MENTIONS for w in words.words)


def _tail_vote(words: Words) -> str | None:
    """The vote of a last sentence that is the game's vote word alone ("... NEIN")."""
    if words.question or len(words.tail) != 1 or words.tail[0] not in GAME_VOTE_WORDS:
        return None
    return vote_word(words.tail[0])


def _loose(words: Words) -> bool:
    """Whether a vote sentence is too loose to count: cut short ("Nein to"), only weak vote
    words with others around them ("aight sure"), or everyday ones answering the talk ("then
    yes")."""
    found = words.words
    if len(found) < 2:
        return False
    if found[-1] in _UNFINISHED:
        return True
    votes = [i for i, w in enumerate(found) if vote_word(w) is not None]
    if all(found[i] in WEAK_VOTE_WORDS for i in votes):
        return True
    everyday = [i for i in votes if _REPEATS.sub(r"\1", found[i]) not in GAME_VOTE_WORDS]
    return len(everyday) == len(votes) and found[votes[0] - 1] in _ANSWERING if votes[0] else False
