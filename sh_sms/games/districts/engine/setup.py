"""Starting a game: alignment cards, districts, the policy deck and the privilege card."""

from __future__ import annotations

import random

from ....gamekind.kit import EVERYONE, Event, IllegalAction
from .state import DistrictsState
from .tables import (
    ALIGNMENTS,
    DEFAULT_RULES,
    DISTRICTS,
    FASCIST,
    LIBERAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POLICY_DECK,
    faction,
    oligarch_card,
)

BAD_PLAYER_COUNT = "bad_player_count"
BAD_RULES = "bad_rules"


def new_game(
    names: list[str], seed: int, rules: dict | None = None
) -> tuple[DistrictsState, list[Event]]:
    """Deal a new game for `names` in seat order; `rules` overrides DEFAULT_RULES values."""
    players = len(names)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(BAD_PLAYER_COUNT, players=players)
    chosen = {**DEFAULT_RULES, **(rules or {})}
    if set(chosen) != set(DEFAULT_RULES) or not all(
        type(v) is int and v >= 0 for v in chosen.values()
    ):
        raise IllegalAction(BAD_RULES)
    rng = random.Random(f"{seed}/setup")
    districts = DISTRICTS[players]
    liberals, fascists, oligarchs = ALIGNMENTS[players]
    homes = rng.sample(range(1, districts + 1), oligarchs)  # oligarchs of districts in play
    deck = [LIBERAL] * liberals + [FASCIST] * fascists + [oligarch_card(d) for d in homes]
    rng.shuffle(deck)
    boxed = deck.pop()
    policies = [
        code for code, copies, least in POLICY_DECK if players >= least for _ in range(copies)
    ]
    rng.shuffle(policies)
    state = DistrictsState(
        seed=seed,
        names=list(names),
        cards=deck,
        boxed=boxed,
        districts=districts,
        rules=chosen,
        draw=policies,
        points=[0] * districts,
        where=[None] * players,
    )
    events = [Event("dealt", seat, knowledge(state, seat)) for seat in range(players)]
    events.append(
        Event(
            "started",
            EVERYONE,
            {"districts": districts, "deck": len(policies), "rules": dict(chosen)},
        )
    )
    return state, events


def knowledge(s: DistrictsState, seat: int) -> dict:
    """What `seat` learns at the start: its alignment card, and the other fascists if it is one."""
    card = s.cards[seat]
    fascists = [p for p, c in enumerate(s.cards) if faction(c) == FASCIST and p != seat]
    return {"card": card, "fascists": fascists if faction(card) == FASCIST else []}
