"""Computer players of the districts variant: they act only when asked, only legally, and no
faction is hopeless against them (the full table is benchmarks/bots.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from districts_helpers import settled

from sh_sms.games.districts.bots import StrategySeat, decide, play_game
from sh_sms.games.districts.bots.memory import Memory
from sh_sms.games.districts.engine import Action, apply, awaiting, legal_actions, player_view
from sh_sms.games.districts.engine.tables import FACTIONS, faction


def test_a_bot_decides_nothing_when_the_game_does_not_wait_on_it() -> None:
    state = settled([1, 1, 2, 2, 3])
    state.votes = [0, None, None, None, None]  # seat 0 has voted
    assert decide(player_view(state, 0), []) is None
    assert decide(player_view(state, 1), []) in legal_actions(state, 1)


def test_a_liberal_bot_joins_the_first_candidate_of_its_district() -> None:
    seed = next(n for n in range(50) if settled([1, 1, 1, 2, 3], n).cards[1] == "liberal")
    state = settled([1, 1, 1, 2, 3], seed)
    state, _ = apply(state, 0, Action("vote", 2))
    assert decide(player_view(state, 1), [], Memory(5)) == Action("vote", 2)


@pytest.mark.parametrize("players", [5, 8, 10])
def test_no_faction_is_hopeless_against_strategy_bots(players: int) -> None:
    won, seated = Counter(), Counter()

    def seat(s, card, n=players):
        return StrategySeat(s, n)

    for seed in range(60):
        final = play_game(players, seed, seat)
        assert awaiting(final) == []
        for p, card in enumerate(final.cards):
            seated[faction(card)] += 1
            won[faction(card)] += p in final.winners
    for side in FACTIONS:
        assert 0.1 <= won[side] / seated[side] <= 0.75, (side, won[side], seated[side])
