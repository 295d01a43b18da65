"""Player names and references: a name, a unique name prefix or a 1-based seat number."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from .everyday import PEOPLE_WORDS

NAME_MAX = 12

NO_SUCH_PLAYER = "no_such_player"
AMBIGUOUS = "ambiguous"


@dataclass(frozen=True)
class ResolveError:
    """Why a player reference matched no one (`no_such_player`) or several (`ambiguous`)."""

    code: str
    candidates: list[int] = field(default_factory=list)


def valid_name(name: str) -> bool:
    """Return True if `name` is 1-12 ASCII letters or digits (one word, GSM-7 safe)."""
    return (
        isinstance(name, str) and 1 <= len(name) <= NAME_MAX and name.isascii() and name.isalnum()
    )


def resolve_player(ref: str, names: list[str], bots: Collection[int] = ()) -> int | ResolveError:
    """Return the 0-based index in `names` (seat order) that `ref` means, or a ResolveError.

    Tried in order: a seat number, an exact name (case-insensitive), a name prefix unique among
    all `names` (the dead included: the caller filters eligibility). A prefix that a person's
    name and a computer player's (`bots`: their seats) share means the person ("nom d" is Dee,
    not DotBot), and a word for people of two or more letters is never a prefix ("me" is not
    Mel), while another everyday word may be ("NOM an" is Ana).
    """
    key = ref.strip().lstrip("#@").strip().casefold()
    if not key:
        return ResolveError(NO_SUCH_PLAYER)
    if key.isascii() and key.isdigit():
        # Digits are a seat number, never a name ("KICK 2" is seat 2, even beside a player named
        # "2" from before such names were refused) nor a prefix ("1" must not mean "12").
        seat = int(key)
        return seat - 1 if 1 <= seat <= len(names) else ResolveError(NO_SUCH_PLAYER)
    exact = [i for i, name in enumerate(names) if name.casefold() == key]
    if exact:
        return _one(exact)
    if len(key) > 1 and key in PEOPLE_WORDS:  # one letter is a bot's initial ("nom i": IdaBot)
        return ResolveError(NO_SUCH_PLAYER)
    matches = [i for i, name in enumerate(names) if name.casefold().startswith(key)]
    people = [i for i in matches if i not in bots]
    return _one(people or matches)


def _one(matches: list[int]) -> int | ResolveError:
    if not matches:
        return ResolveError(NO_SUCH_PLAYER)
    if len(matches) > 1:
        return ResolveError(AMBIGUOUS, matches)
    return matches[0]
