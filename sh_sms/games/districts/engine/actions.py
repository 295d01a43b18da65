"""The variant's actions, who the game waits on, and which actions are legal for whom now."""

from __future__ import annotations

from ....gamekind.kit import Action
from .state import DRAW, INVESTIGATE, MOVE, OVER, PLAY, SETTLE, TAKE, VOTE, DistrictsState
from .tables import ACTION, RELOCATE, SEND, policy

MOVE_ACTION = "move"  # to a district (arg: its number): settling, or the action player moving
VOTE_ACTION = "vote"  # for a representative (arg: a seat of the voter's district)
TIMER = "timer"  # start the capitol's timer
INVESTIGATE_ACTION = "investigate"  # a representative's alignment card (arg: a seat)
DISCARD = "discard"  # one of the policies held (arg: its code)
PLAY_ACTION = "play"  # the action player plays the policy handed to them
SEND_ACTION = "send"  # another player to a district (arg: (seat, district))
TIMEOUT = "timeout"  # the clock (seat None): what happens when a wait runs out
SYSTEM = None  # the seat of the clock

__all__ = ["Action", "awaiting", "legal_actions"]


def awaiting(s: DistrictsState) -> list[int]:
    """Seats the game is waiting on now (starting the timer is never awaited)."""
    phase = s.phase
    if phase == SETTLE:
        return [p for p, d in enumerate(s.where) if d is None]
    if phase == VOTE:
        return [
            p
            for d, why in enumerate(s.closed, 1)
            if why is None
            for p in s.voters(d)
            if s.votes[p] is None
        ]
    if phase == OVER:
        return []
    return [s.holder(_ROLE_OF_PHASE[phase])]


_ROLE_OF_PHASE = {INVESTIGATE: INVESTIGATE, DRAW: DRAW, TAKE: TAKE, PLAY: ACTION, MOVE: ACTION}


def can_start_timer(s: DistrictsState, seat: int | None) -> bool:
    """Whether `seat` may start the timer now: a representative in the capitol, or anyone
    while the capitol is empty; only in the voting phase, once, with a district still voting."""
    if s.phase != VOTE or s.timer_ends is not None or None not in s.closed:
        return False
    capitol = s.in_capitol()
    return seat is SYSTEM or seat in capitol or not capitol


def legal_actions(s: DistrictsState, seat: int | None, now: int | None = None) -> list[Action]:
    """Every action `seat` (None: the clock) may take now; `apply` accepts exactly these.
    `now` matters only to the clock, whose timeout waits for the timer once it runs."""
    phase = s.phase
    if phase == OVER:
        return []
    if seat is SYSTEM:
        running = phase == VOTE and s.timer_ends is not None
        due = not running or now is None or now >= s.timer_ends
        return [Action(TIMEOUT)] if due else []
    if not (type(seat) is int and 0 <= seat < s.players):
        return []
    if phase == SETTLE:
        if s.where[seat] is not None:
            return []
        return [Action(MOVE_ACTION, d) for d in range(1, s.districts + 1)]
    if phase == VOTE:
        acts = []
        d = s.where[seat]
        if s.closed[d - 1] is None and seat in s.voters(d):
            acts = [Action(VOTE_ACTION, c) for c in s.voters(d) if c != s.votes[seat]]
        if can_start_timer(s, seat):
            acts.append(Action(TIMER))
        return acts
    if seat != awaiting(s)[0]:
        return []
    if phase == INVESTIGATE:
        return [Action(INVESTIGATE_ACTION, p) for p in s.in_capitol() if p != seat]
    if phase in (DRAW, TAKE):
        return [Action(DISCARD, code) for code in dict.fromkeys(s.hand)]
    if phase == PLAY:
        return [Action(PLAY_ACTION)]
    move = policy(s.enacted[-1]).move
    if move == RELOCATE:
        return [Action(MOVE_ACTION, d) for d in _districts(s) if d != s.where[seat]]
    if move == SEND:
        return [
            Action(SEND_ACTION, (p, d))
            for p in range(s.players)
            if p != seat
            for d in _districts(s)
            if d != s.where[p]
        ]
    return []


def _districts(s: DistrictsState) -> range:
    return range(1, s.districts + 1)
