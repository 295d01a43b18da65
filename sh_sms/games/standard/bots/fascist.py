"""How a fascist plays: it knows its team and Hitler (R2), prefers fascist policies without being
caught at once, and protects Hitler.

A fascist's notebook holds only public scores (it needs no private ones: it knows every role), so
`nb.score(p)` is how suspect p looks to the liberals, and `exposed` says whether they would vote
against p now. Rules of thumb are tried in order; the first with an opinion decides.

Not being caught at once comes from the stories it tells (stories.py: a buried liberal becomes a
fascist in the claim, a teammate's claim is echoed, a liberal President is blamed), from handing
Hitler liberal policies to enact before the Hitler zone, and from never aiming a power at its
own side.
"""

from __future__ import annotations

from sh_sms.games.standard.engine.boards import (
    LIBERAL_TO_WIN,
    REVERSE_INVESTIGATION,
    SPECIAL_ELECTION,
)

from . import liberal
from .notebook import Notebook


def exposed(nb: Notebook, seat: int) -> bool:
    """Whether the liberals would see `seat` as a suspect now."""
    return seat in nb.suspects()


def allies(nb: Notebook) -> frozenset[int]:
    """My team, me included."""
    return nb.team | {nb.seat}


def nominate(nb: Notebook, view: dict, choices: list[int]) -> int:
    """Hitler in the zone if he would pass; else a teammate the table trusts; else a liberal the
    table trusts (to look like one)."""
    hidden = [p for p in choices if not exposed(nb, p)]
    if nb.in_hitler_zone() and nb.hitler in hidden:
        return nb.hitler
    teammates = [p for p in hidden if p in nb.team]
    pool = teammates or choices
    return min(pool, key=lambda p: (nb.score(p), nb.tie_break(p)))


# --- voting ------------------------------------------------------------------------------------


def elect_hitler(nb: Notebook, president: int, chancellor: int, tracker: int) -> bool | None:
    """Hitler on the ballot in the Hitler zone: Ja, that wins the game."""
    return True if nb.in_hitler_zone() and chancellor == nb.hitler else None


def back_the_team(nb: Notebook, president: int, chancellor: int, tracker: int) -> bool | None:
    """Ja for any government with a teammate (or me) in it."""
    return True if allies(nb) & {president, chancellor} else None


def stall_the_rest(nb: Notebook, president: int, chancellor: int, tracker: int) -> bool | None:
    """Nein on a government without a teammate: it would pass liberal policies when it can, and
    failed votes move the tracker toward chaos, which draws from a mostly fascist deck."""
    return False


VOTE_RULES = (elect_hitler, back_the_team, stall_the_rest)


def vote(nb: Notebook, view: dict) -> bool:
    """Ja or Nein on the government on the ballot: the first rule with an opinion."""
    public = view["public"]
    for rule in VOTE_RULES:
        opinion = rule(nb, public["president"], public["chancellor"], public["tracker"])
        if opinion is not None:
            return opinion
    return True


# --- the legislative session -------------------------------------------------------------------


def liberals_one_away(nb: Notebook) -> bool:
    """One more liberal policy and the liberals win."""
    return nb.liberal >= LIBERAL_TO_WIN - 1


def groom_hitler(nb: Notebook, chancellor: int) -> bool:
    """Before the Hitler zone, hand Hitler a liberal policy to enact: trust for later."""
    return chancellor == nb.hitler and not nb.in_hitler_zone()


def discard(nb: Notebook, view: dict, hand: list[str]) -> str:
    """As President, bury a liberal policy, unless grooming Hitler."""
    if "L" not in hand or "F" not in hand:
        return hand[0]
    if liberals_one_away(nb):
        return "L"
    if groom_hitler(nb, view["public"]["chancellor"]):
        return "F"
    return "L"


def enact(nb: Notebook, view: dict, hand: list[str], can_veto: bool) -> str | None:
    """As Chancellor, enact a fascist policy whenever I hold one; veto two liberal ones (None =
    veto)."""
    if "F" not in hand:
        return None if can_veto else "L"
    if "L" not in hand:
        return "F"
    return "F"


def answer_veto(nb: Notebook, view: dict) -> bool:
    """Agree to a veto only when I passed two liberal policies."""
    passed = nb.governments[-1].passed
    return passed is not None and "F" not in passed


# --- powers ------------------------------------------------------------------------------------


def target(nb: Notebook, view: dict, power: str, choices: list[int]) -> int:
    """Never aim at a teammate or Hitler; shoot or investigate the liberal the table trusts most;
    hand a special election to a teammate."""
    liberals = [p for p in choices if p not in nb.team] or [p for p in choices if p != nb.hitler]
    if power == REVERSE_INVESTIGATION:
        return liberal.show_to(nb, choices)
    if power == SPECIAL_ELECTION:
        teammates = [p for p in choices if p in nb.team and p != nb.hitler]
        if teammates:
            return min(teammates, key=lambda p: (nb.score(p), nb.tie_break(p)))
        return liberal.target(nb, view, power, liberals or choices)
    return min(liberals or choices, key=lambda p: (nb.score(p), nb.tie_break(p)))


def drop(nb: Notebook, view: dict, top: str) -> bool:
    """Peek and drop: discard a liberal policy from the top of the deck, keep a fascist one."""
    return top == "L"
