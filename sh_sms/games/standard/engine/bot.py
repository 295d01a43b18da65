"""A seeded bot that plays random legal actions, for tests, the demo and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterator

from .actions import Action, awaiting, legal_actions
from .events import Event
from .rules import apply
from .ruleset import Ruleset
from .setup import new_game
from .state import OVER, GameState


class RandomBot:
    """Chooses, among the seats the game waits on, one seat and one of its legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._pick = self.rng.random

    def choose(self, state: GameState) -> tuple[int, Action]:
        """Pick who acts next and what they do; only legal actions are ever chosen."""
        # Indexing by random() is several times cheaper than Random.choice in this hot loop.
        pick = self._pick
        waiting = awaiting(state)
        seat = waiting[int(pick() * len(waiting))]
        return seat, self.act(state, seat)

    def act(self, state: GameState, seat: int) -> Action:
        """Pick one of the legal actions of `seat`, which the game must be waiting on."""
        legal = legal_actions(state, seat)
        return legal[int(self._pick() * len(legal))]


def play(state: GameState, bot: RandomBot) -> Iterator[tuple[int, Action, GameState, list[Event]]]:
    """Play `state` to the end, yielding (seat, action, new state, events) after every step."""
    while state.phase != OVER:
        seat, action = bot.choose(state)
        state, events = apply(state, seat, action)
        yield seat, action, state, events


def random_game(players: int, seed: int, rules: Ruleset | None = None) -> GameState:
    """Play one complete random game (by `rules`, standard when None); return its final state."""
    names = [f"P{i + 1}" for i in range(players)]
    state, _ = new_game(names, seed, rules=rules)
    choose = RandomBot(seed).choose
    while state.phase != OVER:
        seat, action = choose(state)
        state, _ = apply(state, seat, action)
    return state
