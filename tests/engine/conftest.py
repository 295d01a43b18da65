"""Shared fixtures for the engine rule tests: a few complete seeded games, recorded step by step."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from scenarios import check, names

from sh_sms.games.standard.engine import Action, Event, GameState, new_game
from sh_sms.games.standard.engine.bot import RandomBot, play

RECORDED_SEEDS = range(6)


class Step(NamedTuple):
    """One action of a recorded game, with the states around it."""

    before: GameState
    seat: int
    action: Action
    after: GameState
    events: list[Event]


class Recorded(NamedTuple):
    """A complete game between RandomBots: its start and every step."""

    players: int
    seed: int
    start: GameState
    setup_events: list[Event]
    steps: list[Step]


def record(players: int, seed: int) -> Recorded:
    """Play one seeded game to the end, checking the 17-policy invariant after every action."""
    state, events = new_game(names(players), seed)
    start, steps = state, []
    for seat, action, after, new in play(state, RandomBot(seed)):
        steps.append(Step(state, seat, action, check(after), new))
        state = after
    return Recorded(players, seed, start, events, steps)


@pytest.fixture(scope="session")
def recorded_games() -> list[Recorded]:
    """Six games for every table size, played once per test session."""
    return [record(players, seed) for players in range(5, 11) for seed in RECORDED_SEEDS]
