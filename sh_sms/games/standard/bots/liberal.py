"""How a liberal plays, and Hitler too: Hitler plays like a liberal to earn the table's trust.

Every choice is a short list of rules of thumb tried in order; the first that has an opinion
decides. Hitler differs only where he knows a teammate (R2 shows him the fascist in 5-6 player
games; an investigation may show him one later): he never aims a power at that teammate and backs
the teammate's governments.
"""

from __future__ import annotations

from sh_sms.games.standard.engine.boards import (
    HITLER,
    LIBERAL,
    REVERSE_INVESTIGATION,
    SPECIAL_ELECTION,
)

from .notebook import Notebook
from .suspicion import PROVEN

TRUSTED_BELOW = -0.5  # in the Hitler zone, an uncleared Chancellor needs a score below this
RISKY_ODDS = 0.2  # at this chance that a Chancellor is Hitler, chaos is the lesser evil


def nominate(nb: Notebook, view: dict, choices: list[int]) -> int:
    """The Chancellor I trust most; in the Hitler zone, one I know is not Hitler if I can."""
    return min(choices, key=lambda p: (hitler_risk(nb, p), nb.score(p), nb.tie_break(p)))


def hitler_risk(nb: Notebook, seat: int) -> bool:
    """Whether electing `seat` Chancellor now could hand the fascists the game."""
    return nb.in_hitler_zone() and not nb.not_hitler(seat)


# --- voting ------------------------------------------------------------------------------------


def own_government(nb: Notebook, president: int, chancellor: int, tracker: int) -> bool | None:
    """I vote for a government I am part of."""
    return True if nb.seat in (president, chancellor) else None


def back_known_fascist(nb: Notebook, president: int, chancellor: int, tracker: int) -> bool | None:
    """Hitler who knows his fascist (R2, 5-6 players) helps the fascist's governments in."""
    return True if nb.team & {president, chancellor} else None


def refuse_proven_fascist(
    nb: Notebook, president: int, chancellor: int, tracker: int
) -> bool | None:
    """Never elect a government with someone caught lying or shown fascist."""
    caught = max(nb.score(president), nb.score(chancellor)) >= PROVEN / 2
    return False if caught else None


def refuse_suspected_hitler(
    nb: Notebook, president: int, chancellor: int, tracker: int
) -> bool | None:
    """In the Hitler zone, a suspected Chancellor who might be Hitler is refused even at chaos."""
    risky = hitler_risk(nb, chancellor) and chancellor in nb.suspects()
    return False if risky else None


def avoid_chaos(nb: Notebook, president: int, chancellor: int, tracker: int) -> bool | None:
    """A third failed election enacts a random (most likely fascist) policy: avoid it."""
    return True if tracker >= 2 else None


def guard_hitler_zone(nb: Notebook, president: int, chancellor: int, tracker: int) -> bool | None:
    """In the Hitler zone, elect only a Chancellor who is cleared or clearly trusted, unless a
    failed vote means chaos and Hitler could be any of many."""
    if not hitler_risk(nb, chancellor) or nb.score(chancellor) < TRUSTED_BELOW:
        return None
    if tracker >= 2 and hitler_odds(nb) < RISKY_ODDS:
        return None
    return False


def hitler_odds(nb: Notebook) -> float:
    """The chance that one seat not known to be innocent is Hitler, all such seats alike."""
    unknown = [p for p in nb.living_others() if not nb.not_hitler(p)]
    return 1 / len(unknown) if unknown else 0.0


def refuse_suspects(nb: Notebook, president: int, chancellor: int, tracker: int) -> bool | None:
    """Vote against a government with a suspected member."""
    return False if nb.suspects() & {president, chancellor} else None


VOTE_RULES = (
    own_government,
    refuse_proven_fascist,
    refuse_suspected_hitler,
    guard_hitler_zone,
    avoid_chaos,
    refuse_suspects,
)
HITLER_VOTE_RULES = (own_government, back_known_fascist, *VOTE_RULES[1:])


def vote(nb: Notebook, view: dict) -> bool:
    """Ja or Nein on the government on the ballot: the first rule with an opinion, else Ja."""
    public = view["public"]
    rules = HITLER_VOTE_RULES if nb.role == HITLER else VOTE_RULES
    for rule in rules:
        opinion = rule(nb, public["president"], public["chancellor"], public["tracker"])
        if opinion is not None:
            return opinion
    return True


# --- the legislative session -------------------------------------------------------------------


def discard(nb: Notebook, view: dict, hand: list[str]) -> str:
    """As President, discard a fascist policy whenever I hold one."""
    return "F" if "F" in hand else "L"


def enact(nb: Notebook, view: dict, hand: list[str], can_veto: bool) -> str | None:
    """As Chancellor, enact a liberal policy if I can; veto two fascist ones (None = veto)."""
    if "L" in hand:
        return "L"
    return None if can_veto else "F"


def answer_veto(nb: Notebook, view: dict) -> bool:
    """Agree to a veto only if I passed no liberal policy (else the Chancellor is burying one)."""
    passed = nb.governments[-1].passed
    return passed is None or "L" not in passed


# --- powers ------------------------------------------------------------------------------------


def target(nb: Notebook, view: dict, power: str, choices: list[int]) -> int:
    """Investigate or execute the most suspected; hand a special election to the most trusted."""
    if power == REVERSE_INVESTIGATION:
        return show_to(nb, choices)
    choices = [p for p in choices if p not in nb.team] or choices
    if power == SPECIAL_ELECTION:
        return min(choices, key=lambda p: (nb.score(p), nb.tie_break(p)))
    return max(choices, key=lambda p: (nb.score(p), -nb.tie_break(p)))


def show_to(nb: Notebook, choices: list[int]) -> int:
    """Reverse investigation: a liberal shows its card to the most trusted player (one more
    liberal who knows it is one). A card that says fascist goes to a teammate I know, else to
    the player the table trusts least, whose word about it counts for little."""
    if nb.role == LIBERAL:
        return min(choices, key=lambda p: (nb.score(p), nb.tie_break(p)))
    teammates = [p for p in choices if p in nb.team]
    if teammates:
        return min(teammates, key=lambda p: (nb.score(p), nb.tie_break(p)))
    return max(choices, key=lambda p: (nb.public[p], -nb.tie_break(p)))


def drop(nb: Notebook, view: dict, top: str) -> bool:
    """Peek and drop: discard a fascist policy from the top of the deck, keep a liberal one.
    Hitler plays it the same way, as a liberal would."""
    return top == "F"
