"""Actions a player can take, and which ones are legal for whom right now."""

from __future__ import annotations

from ....gamekind.kit import Action
from .boards import (
    EXECUTION,
    INVESTIGATE,
    PEEK_AND_DROP,
    REVERSE_INVESTIGATION,
    SPECIAL_ELECTION,
)
from .flow import investigable
from .state import CHANCELLOR_ENACT, NOMINATE, OVER, POWER, PRESIDENT_DISCARD, VETO, VOTE, GameState

NOMINATE_ACTION = "nominate"
VOTE_ACTION = "vote"
DISCARD = "discard"  # the President discards one of three
ENACT = "enact"  # the Chancellor enacts one of two (the other is discarded)
PROPOSE_VETO = "veto"
ANSWER_VETO = "veto_answer"
# Power actions are named after the power they use.
POWER_ACTIONS = {
    INVESTIGATE: "investigate",
    SPECIAL_ELECTION: "special_election",
    EXECUTION: "execute",
    REVERSE_INVESTIGATION: "show",  # the President shows their party to the target
    PEEK_AND_DROP: "drop",  # True: discard the top policy; False: leave it on top
}


JA = Action(VOTE_ACTION, True)
NEIN = Action(VOTE_ACTION, False)
_VOTES = [JA, NEIN]
_VETO_ANSWERS = [Action(ANSWER_VETO, True), Action(ANSWER_VETO, False)]
_DROP_ANSWERS = [
    Action(POWER_ACTIONS[PEEK_AND_DROP], True),
    Action(POWER_ACTIONS[PEEK_AND_DROP], False),
]


def awaiting(s: GameState) -> list[int]:
    """Seats the game is waiting on now (every living non-voter during a vote)."""
    phase = s.phase
    if phase == VOTE:
        alive = s.alive
        return [p for p, v in enumerate(s.votes) if v is None and alive[p]]
    if phase == CHANCELLOR_ENACT:
        return [s.chancellor]
    if phase == OVER:
        return []
    return [s.president]  # nominate, president_discard, veto answer, power


def legal_actions(s: GameState, seat: int) -> list[Action]:
    """Every action `seat` may take now; `apply` accepts exactly these."""
    phase = s.phase
    if phase == OVER or not (0 <= seat < len(s.alive)) or not s.alive[seat]:
        return []
    if phase == VOTE:
        return list(_VOTES)
    if phase == CHANCELLOR_ENACT:
        if seat != s.chancellor:
            return []
        acts = [Action(ENACT, card) for card in _distinct(s.hand)]
        if s.veto_unlocked and not s.veto_proposed:
            acts.append(Action(PROPOSE_VETO))
        return acts
    if seat != s.president:
        return []
    if phase == NOMINATE:
        return [Action(NOMINATE_ACTION, p) for p in s.eligible_chancellors()]
    if phase == PRESIDENT_DISCARD:
        return [Action(DISCARD, card) for card in _distinct(s.hand)]
    if phase == VETO:
        return list(_VETO_ANSWERS)
    if phase == POWER:
        if s.power == PEEK_AND_DROP:
            return list(_DROP_ANSWERS)
        kind = POWER_ACTIONS[s.power]
        if s.power == INVESTIGATE:
            targets = investigable(s)
        else:
            targets = [p for p, up in enumerate(s.alive) if up and p != seat]
        return [Action(kind, p) for p in targets]
    return []


def _distinct(cards: list[str]) -> list[str]:
    """The different policy letters in a hand, in order of first appearance."""
    return list(dict.fromkeys(cards))
