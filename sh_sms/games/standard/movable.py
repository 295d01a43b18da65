"""Which of the standard game's moves the sender may make now: the phases each move belongs to,
the powers and the words that use them (shared by its reading and its handlers)."""

from __future__ import annotations

from ...table.turn import Turn
from .engine import awaiting
from .engine.state import CHANCELLOR_ENACT, NOMINATE, POWER, PRESIDENT_DISCARD, VETO, VOTE

# The phases in which each move may be made, by the seats the game waits on (votes: any living
# player, who may change their vote).
MOVE_PHASES = {
    "nominate": (NOMINATE,),
    "ja": (VOTE,),
    "nein": (VOTE,),
    "yes": (VOTE, VETO),
    "no": (VOTE, VETO),
    "discard": (PRESIDENT_DISCARD, CHANCELLOR_ENACT),
    "enact": (CHANCELLOR_ENACT,),
    "veto": (CHANCELLOR_ENACT,),
    "veto_yes": (VETO,),
    "veto_no": (VETO,),
    "investigate": (POWER,),
    "elect": (POWER,),
    "execute": (POWER,),
    "show": (POWER,),  # the powers of house rules
    "drop": (POWER,),
    "keep": (POWER,),
}
# The power the President holds -> the move that uses it, when it takes a target.
POWER_VERBS = {
    "investigate": "investigate",
    "special_election": "elect",
    "execution": "execute",
    "reverse_investigation": "show",
}
# Powers answered by one of several words with no target (peek and drop: DROP or KEEP).
POWER_ANSWERS = {"peek_and_drop": ("drop", "keep")}
VOTE_VERBS = frozenset({"ja", "nein", "yes", "no"})


def usable(turn: Turn, verb: str) -> bool:
    """Whether the sender could make the move `verb` now (rightly or not, it is theirs)."""
    state, seat = turn.state, turn.player.seat
    if verb not in MOVE_PHASES or state.phase not in MOVE_PHASES[verb]:
        return False
    if state.phase == POWER and verb not in (
        POWER_VERBS.get(state.power),
        *POWER_ANSWERS.get(state.power, ()),
    ):
        return False
    return may_vote(turn) if state.phase == VOTE else seat in awaiting(state)


def may_vote(turn: Turn) -> bool:
    """A living player during a vote, or the President answering a proposed veto."""
    state, seat = turn.state, turn.player.seat
    if state.phase == VOTE:
        return state.alive[seat]
    return state.phase == VETO and seat == state.president
