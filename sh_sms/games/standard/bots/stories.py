"""What a bot tells the table after its turn in office: liberals the truth, fascists a cover story.

A story only ever speaks of cards and of the party an investigation showed; a fascist's story
never calls a teammate (or itself) fascist.
"""

from __future__ import annotations

from sh_sms.games.standard.engine.boards import FASCIST, HITLER, LIBERAL

from .claims import CHANCELLOR, INVESTIGATOR, PRESIDENT, Claim, in_order
from .notebook import Government, Notebook
from .record import SUSPECT_AT


def next_claim(nb: Notebook) -> Claim | None:
    """The claim this seat owes the table now, if any (the oldest first)."""
    if not nb.owed:
        return None
    office, about = nb.owed[0]
    if office == INVESTIGATOR:
        return investigation_story(nb, about)
    if office == PRESIDENT:
        return president_story(nb, about)
    return chancellor_story(nb, about)


def enacted(government: Government) -> tuple[str, ...]:
    """The policy the government enacted, as a claim states it (nothing after a veto)."""
    return (government.enacted,) if government.enacted else ()


def president_story(nb: Notebook, government: Government) -> Claim:
    """The truth, unless a fascist has something to hide."""
    drew, passed = government.drew or (), government.passed or ()
    if nb.role == FASCIST:
        if government.chancellor in nb.team and enacted(government) != ("L",):
            drew, passed = cover_for_teammate()
        elif government.discarded == "L" and "F" in drew:
            drew = hide_buried_liberal(passed)
    return Claim(nb.seat, PRESIDENT, in_order(drew), in_order(passed))


def cover_for_teammate() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A fascist government that enacted a fascist policy (or vetoed) had no choice: F F F."""
    return ("F", "F", "F"), ("F", "F")


def hide_buried_liberal(passed: tuple[str, ...]) -> tuple[str, ...]:
    """Say the discarded card was fascist; what was passed stays true, so the Chancellor agrees."""
    return (*passed, "F")


def chancellor_story(nb: Notebook, government: Government) -> Claim:
    """The truth, unless a fascist echoes a teammate or blames a liberal President."""
    got = government.got or ()
    if nb.role == FASCIST:
        partner = government.claims.get(PRESIDENT)
        if government.president in nb.team and partner is not None:
            got = partner.kept
        elif government.enacted == "F" and "L" in got:
            got = blame_president()
    return Claim(nb.seat, CHANCELLOR, in_order(got), enacted(government))


def blame_president() -> tuple[str, ...]:
    """I enacted a fascist policy while holding a liberal one: say I was handed two fascists."""
    return ("F", "F")


def investigation_story(nb: Notebook, target: int) -> Claim:
    """The party my investigation showed, as the seat's side wants it told."""
    party = nb.investigated[target]
    if nb.role == HITLER and party == FASCIST:
        party = LIBERAL  # Hitler keeps his own team hidden
    elif nb.role == FASCIST:
        party = LIBERAL if target in nb.team else frame(nb, target)
    return Claim(nb.seat, INVESTIGATOR, target=target, party=party)


def frame(nb: Notebook, target: int) -> str:
    """A trusted fascist investigator calls a liberal fascist; a suspected one tells the truth."""
    return FASCIST if nb.score(nb.seat) < SUSPECT_AT else LIBERAL
