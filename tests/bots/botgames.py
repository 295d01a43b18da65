"""Seeded engine-level games with bots in the seats, for the bot tests."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import NamedTuple

from sh_sms.games.standard.botplay import RandomSeat, Seat, StrategySeat, Watch, play_game
from sh_sms.games.standard.engine import Event, GameState
from sh_sms.games.standard.engine.boards import LIBERAL

PLAYER_COUNTS = range(5, 11)
# Games per player count in the property tests (CI may raise it, a quick local run lower it).
PROPERTY_GAMES = int(os.environ.get("PROPERTY_GAMES", "300"))
# Who plays the strategy: everyone, only the liberals (random fascists), only the fascist team.
MIXES = ("all", "liberals", "fascists")


class Played(NamedTuple):
    """A finished game: its last state, every event (claims included) and the seats."""

    state: GameState
    log: list[Event]
    seats: dict[int, Seat]


def seating(mix: str, seed: int, seats: dict[int, Seat]) -> Callable[[int, str], Seat]:
    """A `seat_for` that puts the strategy where `mix` says and the RandomBot elsewhere."""

    def seat_for(seat: int, role: str) -> Seat:
        strategic = mix == "all" or (mix == "liberals") == (role == LIBERAL)
        seats[seat] = StrategySeat(seat) if strategic else RandomSeat(seat, seed)
        return seats[seat]

    return seat_for


def play(
    players: int,
    seed: int,
    mix: str = "all",
    watch: Watch | None = None,
    seats: dict[int, Seat] | None = None,
) -> Played:
    """Play one seeded game to its end; `seats` (filled as the game is dealt) lets `watch` see
    the seats."""
    seats = {} if seats is None else seats
    log: list[Event] = []
    state = play_game(players, seed, seating(mix, seed, seats), log, watch)
    return Played(state, log, seats)


def mix_for(seed: int) -> str:
    """The property tests cycle through the mixes, seed by seed."""
    return MIXES[seed % len(MIXES)]
