"""Applying one action: validate it against the legal ones, then return new state and events."""

from __future__ import annotations

from ....gamekind.kit import (
    EVERYONE,
    GAME_OVER,
    INVALID_TARGET,
    NOT_A_PLAYER,
    NOT_YOUR_TURN,
    UNKNOWN_ACTION,
    WRONG_PHASE,
    Event,
    IllegalAction,
)
from . import capitol, voting
from .actions import (
    DISCARD,
    INVESTIGATE_ACTION,
    MOVE_ACTION,
    PLAY_ACTION,
    SEND_ACTION,
    SYSTEM,
    TIMEOUT,
    TIMER,
    VOTE_ACTION,
    Action,
    awaiting,
    legal_actions,
)
from .state import DRAW, INVESTIGATE, MOVE, OVER, PLAY, SETTLE, TAKE, VOTE, DistrictsState

TIMER_RUNNING = "timer_running"


def apply(
    state: DistrictsState, seat: int | None, action: Action, now: int = 0
) -> tuple[DistrictsState, list[Event]]:
    """Apply `action` by `seat` (None: the clock) at time `now` (seconds; only the timer reads
    it); return (new state, events). Raises IllegalAction, leaving `state` untouched."""
    if state.phase == OVER:
        raise IllegalAction(GAME_OVER)
    action = Action(action[0], _plain(action[1]))
    if action not in legal_actions(state, seat, now):
        raise IllegalAction(_why(state, seat, action, now))
    s = state.clone()
    events: list[Event] = []
    kind, arg = action
    if kind == TIMEOUT:
        _time_out(s, now, events)
    elif kind == MOVE_ACTION and s.phase == SETTLE:
        voting.settle(s, seat, arg, events)
    elif kind == VOTE_ACTION:
        voting.vote(s, seat, arg, events, now)
    elif kind == TIMER:
        voting.start_timer(s, seat, now, events)
    elif kind == INVESTIGATE_ACTION:
        capitol.investigate(s, seat, arg, events)
    elif kind == DISCARD:
        capitol.discard(s, seat, arg, events)
    elif kind == PLAY_ACTION:
        capitol.play(s, seat, events)
    elif kind == MOVE_ACTION:
        capitol.relocate(s, seat, arg, events)
    else:  # SEND_ACTION: legal_actions admits nothing else
        capitol.send(s, seat, arg[0], arg[1], events)
    if voting.all_decided(s):
        capitol.open_capitol(s, events)
    return s, events


def _time_out(s: DistrictsState, now: int, events: list[Event]) -> None:
    """What happens when a wait runs out (docs/districts.md, "When nobody answers")."""
    phase = s.phase
    if phase == SETTLE:
        voting.settle_the_rest(s, events)
    elif phase == VOTE and s.timer_ends is None:
        voting.start_timer(s, SYSTEM, now, events)
    elif phase == VOTE:
        voting.time_out(s, events)
    elif phase == INVESTIGATE:
        capitol.investigate(s, awaiting(s)[0], None, events)
    elif phase in (DRAW, TAKE):
        seat = awaiting(s)[0]
        card = s.rng(f"timeout/{phase}").choice(s.hand)
        events.append(Event("timed_out", EVERYONE, {"seat": seat, "phase": phase}))
        capitol.discard(s, seat, card, events)
    elif phase == PLAY:
        capitol.play(s, awaiting(s)[0], events, timed_out=True)
    else:
        assert phase == MOVE
        capitol.relocate(s, awaiting(s)[0], None, events)


def end_game(state: DistrictsState) -> tuple[DistrictsState, list[Event]]:
    """The host ends the game: nobody wins, every card is revealed."""
    if state.phase == OVER:
        raise IllegalAction(GAME_OVER)
    s = state.clone()
    s.phase, s.reason, s.winners = OVER, "ended", []
    data = {"cards": list(s.cards), "boxed": s.boxed}
    return s, [Event("ended", EVERYONE, data)]


def _plain(arg: object) -> object:
    """An argument as legal_actions lists it: a send's [seat, district] from JSON is a tuple."""
    return tuple(arg) if type(arg) is list else arg


def _why(s: DistrictsState, seat: int | None, action: Action, now: int) -> str:
    """The reason code for refusing `action`."""
    kind = action[0]
    if kind not in _PHASES:
        return UNKNOWN_ACTION
    if seat is not SYSTEM and not (type(seat) is int and 0 <= seat < s.players):
        return NOT_A_PLAYER
    if s.phase not in _PHASES[kind]:
        return WRONG_PHASE
    if kind == TIMEOUT and s.timer_ends is not None and now < s.timer_ends:
        return TIMER_RUNNING
    if not legal_actions(s, seat, now):
        return NOT_YOUR_TURN
    return INVALID_TARGET


_PHASES = {
    TIMEOUT: (SETTLE, VOTE, INVESTIGATE, DRAW, TAKE, PLAY, MOVE),
    MOVE_ACTION: (SETTLE, MOVE),
    VOTE_ACTION: (VOTE,),
    TIMER: (VOTE,),
    INVESTIGATE_ACTION: (INVESTIGATE,),
    DISCARD: (DRAW, TAKE),
    PLAY_ACTION: (PLAY,),
    SEND_ACTION: (MOVE,),
}
