"""Starting a game: seats, roles, the deck and the first President (R1-R3), by its ruleset."""

from __future__ import annotations

import random

from .boards import FASCIST, HITLER, LIBERAL, MAX_PLAYERS, MIN_PLAYERS
from .errors import IllegalAction
from .events import Event
from .flow import start_round
from .ruleset import Ruleset, problems, standard
from .state import GameState

BAD_PLAYER_COUNT = "bad_player_count"
BAD_RULESET = "bad_ruleset"


def new_game(
    names: list[str], seed: int, *, shuffle_seats: bool = False, rules: Ruleset | None = None
) -> tuple[GameState, list[Event]]:
    """Deal a new game for `names` (seat order unless `shuffle_seats`) by `rules` (standard when
    None); return state and events. A ruleset that cannot be played is refused with its problems.
    """
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(BAD_PLAYER_COUNT, players=len(names))
    if rules is not None:
        found = problems(rules, len(names))
        if found:
            raise IllegalAction(BAD_RULESET, problems=found)
        if rules.rules_only() == standard(len(names)):
            rules = None  # the standard game, under whatever name: saved as one
    game_rules = rules or standard(len(names))
    rng = random.Random(f"{seed}/setup")
    names = list(names)
    if shuffle_seats:
        rng.shuffle(names)
    fascists = game_rules.fascists
    roles = [LIBERAL] * (len(names) - fascists - 1) + [FASCIST] * fascists + [HITLER]
    rng.shuffle(roles)
    liberal, fascist = game_rules.liberal_start, game_rules.fascist_start
    deck = ["L"] * (game_rules.liberal_policies - liberal)
    deck += ["F"] * (game_rules.fascist_policies - fascist)
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
        liberal=liberal,
        fascist=fascist,
        rotation=first,
        ruleset=rules,
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
    if role == HITLER and s.rules.hitler_knows:
        return {"role": role, "fascists": fascists, "hitler": None}
    return {"role": role, "fascists": [], "hitler": None}
