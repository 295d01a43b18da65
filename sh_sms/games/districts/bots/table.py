"""Bots at an engine-level table: each seat decides from its own view and events only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ....gamekind.kit import Event
from ..engine import Action, DistrictsState, apply, awaiting, new_game, player_view
from ..engine.randbot import RandomBot, clock
from ..engine.state import OVER
from .memory import Memory
from .strategy import decide, revote_choices


class Seat(Protocol):
    """Whoever plays one seat at an engine-level table."""

    def observe(self, events: list[Event]) -> None:
        """See the events of one step (the seat keeps what it may see)."""

    def act(self, state: DistrictsState) -> Action:
        """The action to take now; only called when the game waits on this seat."""


class StrategySeat:
    """A strategy bot: decides from `player_view` and the events this seat has seen."""

    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self.history: list[Event] = []
        self.memory = Memory(players)

    def observe(self, events: list[Event]) -> None:
        """Keep the public events and this seat's own."""
        self.history.extend(e for e in events if e.to is None or e.to == self.seat)

    def act(self, state: DistrictsState) -> Action:
        """Decide from the seat's view and history."""
        action = decide(player_view(state, self.seat), self.history, self.memory)
        assert action is not None, "asked to act while the game waits on someone else"
        return action


class RandomSeat:
    """A uniformly random legal action, from the variant's RandomBot."""

    def __init__(self, seat: int, seed: int) -> None:
        self.bot = RandomBot(seed * 16 + seat)
        self.seat = seat

    def observe(self, events: list[Event]) -> None:
        """A random player learns nothing."""

    def act(self, state: DistrictsState) -> Action:
        """Any legal action of this seat."""
        return self.bot.act(state, self.seat)


def play_game(
    players: int,
    seed: int,
    seat_for: Callable[[int, str], Seat],
    watch: Callable[[DistrictsState, int | None, Action, list[Event]], None] | None = None,
) -> DistrictsState:
    """Play one game to its end with `seat_for(seat, alignment card)` in each seat.

    The clock runs out only when nobody is left to answer (a district whose votes split and
    whose bots keep their votes); then the timer starts and runs out. `watch(state, seat,
    action, events)` sees every step after it.
    """
    state, events = new_game([f"P{i + 1}" for i in range(players)], seed)
    seats = [seat_for(seat, card) for seat, card in enumerate(state.cards)]
    pick, now = random.Random(f"{seed}/table"), 0
    _tell(seats, events)
    while state.phase != OVER:
        waiting = awaiting(state) or _revoting(state, seats)
        if waiting:
            seat = waiting[int(pick.random() * len(waiting))]
            action = seats[seat].act(state)
        else:
            seat, action, now = clock(state, now)
        state, events = apply(state, seat, action, now)
        _tell(seats, events)
        if watch is not None:
            watch(state, seat, action, events)
    return state


def bots_to_move(state: DistrictsState, bots: set[int] | frozenset[int]) -> list[int]:
    """The bots in `bots` with a move now: those the game waits on, then those that change
    their vote in a district whose votes all split (`revote_choices`)."""
    waiting = [seat for seat in awaiting(state) if seat in bots]
    changing = [
        seat
        for seat in sorted(bots)
        if seat not in waiting and revote_choices(player_view(state, seat))
    ]
    return waiting + changing


def _revoting(state: DistrictsState, seats: list[Seat]) -> list[int]:
    """Strategy bots that change their vote in a district nobody is left to vote in."""
    return [
        seat
        for seat, player in enumerate(seats)
        if isinstance(player, StrategySeat) and revote_choices(player_view(state, seat))
    ]


def _tell(seats: list[Seat], events: list[Event]) -> None:
    for seat in seats:
        seat.observe(events)
