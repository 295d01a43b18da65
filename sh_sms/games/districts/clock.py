"""A districts game's waits (docs/districts.md, D8 and D16): what identifies the decision it
waits on, when its timer runs out, and the clock's one move when a wait is over."""

from __future__ import annotations

from datetime import UTC, datetime

from ...table.play import act
from ...table.turn import Turn
from .engine import SYSTEM, Action, DistrictsState
from .engine.actions import TIMEOUT
from .engine.state import OVER, VOTE


def wait_key(state: DistrictsState) -> str | None:
    """The decision the game waits on: the round and phase, and whether the timer runs (so that
    starting it starts a new wait); None once it is over."""
    if state.phase == OVER:
        return None
    return f"{state.round}:{state.phase}:{int(state.timer_ends is not None)}"


def timer_at(state: DistrictsState) -> datetime | None:
    """When the game's running timer ends (None: no timer runs)."""
    ends = state.timer_ends
    if ends is None or state.phase != VOTE:
        return None
    return datetime.fromtimestamp(ends, UTC)


def time_out(turn: Turn) -> int:
    """The wait is over: the clock makes its one move (the rules' defaults: D8, D16)."""
    act(turn, SYSTEM, Action(TIMEOUT))
    return 1
