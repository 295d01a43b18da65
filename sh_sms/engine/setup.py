"""Starting a game: seats, roles, the deck and the first President (R1-R3)."""

from __future__ import annotations

import random

from .boards import (
    FASCIST,
    FASCIST_POLICIES,
    HITLER,
    LIBERAL,
    LIBERAL_POLICIES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    hitler_knows_fascists,
    role_counts,
)
from .errors import IllegalAction
from .events import Event
from .flow import start_round
from .state import GameState

BAD_PLAYER_COUNT = "bad_player_count"


def new_game(
    names: list[str], seed: int, *, shuffle_seats: bool = False
) -> tuple[GameState, list[Event]]:
    """Deal a new game for `names` (seat order unless `shuffle_seats`); return state and events."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(BAD_PLAYER_COUNT, players=len(names))
    rng = random.Random(f"{seed}/setup")
    names = list(names)
    if shuffle_seats:
        rng.shuffle(names)
    liberals, fascists = role_counts(len(names))
    roles = [LIBERAL] * liberals + [FASCIST] * fascists + [HITLER]
    rng.shuffle(roles)
    deck = ["L"] * LIBERAL_POLICIES + ["F"] * FASCIST_POLICIES
    rng.shuffle(deck)
    first = rng.randrange(len(names))
    state = GameState(
        seed=seed,
        names=names,
        roles=roles,
        alive=[True] * len(names),
        draw=deck,
        discards=[],
        hand=[],
        rotation=first,
    )
    events = [Event("dealt", seat, knowledge(state, seat)) for seat in range(len(names))]
    start_round(state, first, events)
    return state, events


def knowledge(s: GameState, seat: int) -> dict:
    """What `seat` learns at the start: its role and the teammates it may know (R2)."""
    role = s.roles[seat]
    fascists = [p for p, r in enumerate(s.roles) if r == FASCIST]
    hitler = s.roles.index(HITLER)
    if role == FASCIST:
        return {"role": role, "fascists": [p for p in fascists if p != seat], "hitler": hitler}
    if role == HITLER and hitler_knows_fascists(len(s.roles)):
        return {"role": role, "fascists": fascists, "hitler": None}
    return {"role": role, "fascists": [], "hitler": None}
