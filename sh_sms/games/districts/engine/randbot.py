"""A seeded bot that plays random legal actions, and the clock that runs out when nobody moves."""

from __future__ import annotations

import random

from .actions import SYSTEM, TIMEOUT, Action, awaiting, legal_actions
from .rules import apply
from .setup import new_game
from .state import OVER, VOTE, DistrictsState

CLOCK_CHANCE = 0.03  # how often the clock runs out on a wait that still has players to answer


class RandomBot:
    """Chooses who acts next (a waited-on seat, a representative's timer, or the clock) and a
    legal action for them."""

    def __init__(self, seed: int, clock_chance: float = CLOCK_CHANCE) -> None:
        self.rng = random.Random(seed)
        self.clock_chance = clock_chance

    def choose(self, state: DistrictsState, now: int) -> tuple[int | None, Action, int]:
        """(seat or SYSTEM, action, the time it happens at): only legal actions are chosen."""
        waiting = awaiting(state)
        if not waiting or self.rng.random() < self.clock_chance:
            return clock(state, now)
        seat = self.rng.choice(waiting)
        return seat, self.act(state, seat), now

    def act(self, state: DistrictsState, seat: int) -> Action:
        """One of the legal actions of `seat`."""
        return self.rng.choice(legal_actions(state, seat))


def clock(state: DistrictsState, now: int) -> tuple[None, Action, int]:
    """The clock's move: the wait runs out (a running timer is waited for)."""
    if state.phase == VOTE and state.timer_ends is not None:
        now = max(now, state.timer_ends)
    return SYSTEM, Action(TIMEOUT), now


def random_game(players: int, seed: int) -> DistrictsState:
    """Play one complete random game and return its final state."""
    state, _ = new_game([f"P{i + 1}" for i in range(players)], seed)
    bot, now = RandomBot(seed), 0
    while state.phase != OVER:
        seat, action, now = bot.choose(state, now)
        state, _ = apply(state, seat, action, now)
    return state
