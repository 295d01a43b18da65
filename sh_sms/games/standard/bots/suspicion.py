"""Suspicion rules: each a small named function that moves the scores of a notebook.

A score says how fascist a seat looks; 0 is unknown, PROVEN means certain. Public rules use only
what the whole table saw (policies, votes, claims); private rules use what this seat alone saw.
"""

from __future__ import annotations

from collections import Counter

from sh_sms.games.standard.engine.boards import FASCIST, HITLER, LIBERAL

from .claims import CHANCELLOR, PRESIDENT, Claim
from .record import SUSPECT_AT, Government, Record

PROVEN = 100.0  # certain: caught lying, or shown by my own investigation
FASCIST_POLICY = 1.0  # each member of a government that enacted a fascist policy
LIBERAL_POLICY = -0.75  # each member of a government that enacted a liberal policy
JA_FOR_FASCIST = 0.25  # each voter who elected a government that then enacted a fascist policy
NEIN_ON_LIBERAL = 0.25  # each voter who opposed a government that then enacted a liberal policy
CLAIMS_CONFLICT = 1.5  # each side of a President/Chancellor story that does not match
CLAIMED_FASCIST = 2.0  # a seat an investigator says is fascist
CLAIMED_LIBERAL = -1.0  # a seat an investigator says is liberal


def after_policy(nb: Record, government: Government) -> None:
    """Apply every rule that follows a government's policy."""
    policy_marks_government(nb, government)
    votes_follow_policy(nb, government)
    if nb.role == FASCIST:
        return  # a fascist knows every role; private rules teach it nothing
    betrayed_as_president(nb, government)


def policy_marks_government(nb: Record, government: Government) -> None:
    """A fascist policy casts doubt on both members of the government; a liberal one, trust."""
    change = FASCIST_POLICY if government.enacted == "F" else LIBERAL_POLICY
    for seat in (government.president, government.chancellor):
        nb.public[seat] += change


def votes_follow_policy(nb: Record, government: Government) -> None:
    """Who voted Ja for a government that enacted a fascist policy, or Nein against one that
    enacted a liberal policy, shares a little of the doubt."""
    if government.enacted == "F":
        for seat in government.ja - {government.president, government.chancellor}:
            nb.public[seat] += JA_FOR_FASCIST
    else:
        for seat in government.nein:
            nb.public[seat] += NEIN_ON_LIBERAL


def betrayed_as_president(nb: Record, government: Government) -> None:
    """I passed a liberal policy and my Chancellor enacted a fascist one: the Chancellor is bad."""
    passed = government.passed
    if passed and "L" in passed and government.enacted == "F":
        nb.private[government.chancellor] += PROVEN


def after_claim(nb: Record, government: Government, claim: Claim) -> None:
    """Apply every rule that follows a President's or Chancellor's claim."""
    claim_contradicts_board(nb, government, claim)
    if len(government.claims) == 2:
        claims_conflict(nb, government)
    if nb.role == FASCIST:
        return
    claim_contradicts_what_i_saw(nb, government, claim)


def claim_contradicts_board(nb: Record, government: Government, claim: Claim) -> None:
    """A claim that does not fit itself or the enacted policy is a lie everyone can see."""
    if claim.office == PRESIDENT:
        fits = not (Counter(claim.kept) - Counter(claim.cards)) and len(claim.cards) == 3
    else:
        enacted = (government.enacted,) if government.enacted else ()
        fits = claim.kept == enacted and not (Counter(claim.kept) - Counter(claim.cards))
    if not fits:
        nb.public[claim.seat] += PROVEN


def claims_conflict(nb: Record, government: Government) -> None:
    """The President says they passed one thing, the Chancellor says they got another."""
    president, chancellor = government.claims[PRESIDENT], government.claims[CHANCELLOR]
    if Counter(president.kept) != Counter(chancellor.cards):
        nb.public[government.president] += CLAIMS_CONFLICT
        nb.public[government.chancellor] += CLAIMS_CONFLICT


def claim_contradicts_what_i_saw(nb: Record, government: Government, claim: Claim) -> None:
    """My partner in office claims something about our session that I know is false."""
    if claim.seat == nb.seat:
        return
    if claim.office == PRESIDENT:
        said, saw = claim.kept, government.got  # what they passed is what I got
    else:
        said, saw = claim.cards, government.passed  # what they got is what I passed
    if saw is not None and Counter(said) != Counter(saw):
        nb.private[claim.seat] += PROVEN


def own_investigation(nb: Record, target: int, party: str) -> None:
    """What my own investigation showed is certain (a fascist knows it all already; to Hitler, a
    fascist is a teammate, see Notebook)."""
    if nb.role == FASCIST or (nb.role == HITLER and party == FASCIST):
        return
    nb.private[target] += PROVEN if party == FASCIST else -PROVEN


def after_investigation_claim(nb: Record, claim: Claim) -> None:
    """An investigator names a party: believe it as far as the investigator is trusted."""
    if claim.seat == nb.seat or claim.target is None:
        return
    if claim.target == nb.seat and nb.role == LIBERAL and claim.party == FASCIST:
        nb.private[claim.seat] += PROVEN  # framed: I know I am liberal
        return
    if nb.public[claim.seat] >= SUSPECT_AT:
        return  # a suspected investigator's word counts for nothing
    nb.public[claim.target] += CLAIMED_FASCIST if claim.party == FASCIST else CLAIMED_LIBERAL
