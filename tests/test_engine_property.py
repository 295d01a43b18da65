"""Seeded random play: thousands of complete games, every invariant checked after every action."""

from __future__ import annotations

import os

import pytest

from sh_sms.games.standard.engine import (
    Action,
    GameState,
    IllegalAction,
    apply,
    awaiting,
    legal_actions,
    new_game,
)
from sh_sms.games.standard.engine.actions import POWER_ACTIONS
from sh_sms.games.standard.engine.boards import FASCIST, HITLER, LIBERAL
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.state import NOMINATE, OVER

GAMES_PER_COUNT = int(os.environ.get("PROPERTY_GAMES", "500"))
KINDS = ["nominate", "vote", "discard", "enact", "veto", "veto_answer", *POWER_ACTIONS.values()]
ARGS = [None, True, False, "L", "F", "X", -1, *range(11)]


def check_invariants(s: GameState) -> None:
    """Everything that must hold in every reachable state."""
    assert len(s.draw) + len(s.discards) + len(s.hand) + s.liberal + s.fascist == 17
    assert sorted(s.draw + s.discards + s.hand).count("L") + s.liberal == 6
    assert 0 <= s.tracker < 3
    assert s.living() >= 3
    if s.phase == NOMINATE:
        assert len(s.draw) >= 3
        assert s.alive[s.president]
    if s.phase != OVER:
        assert all(s.alive[p] for p in awaiting(s))
    assert GameState.from_json(s.to_json()) == s


def check_ending(s: GameState) -> None:
    """The game ended for a reason that holds on the board."""
    hitler = s.roles.index(HITLER)
    expected = {
        ("liberal", "policies"): s.liberal == 5,
        ("fascist", "policies"): s.fascist == 6,
        ("liberal", "hitler_executed"): not s.alive[hitler],
        ("fascist", "hitler_elected"): s.fascist >= 3 and s.last_chancellor == hitler,
    }
    assert expected.get((s.winner, s.reason)), (s.winner, s.reason)
    assert awaiting(s) == []


@pytest.mark.parametrize("players", range(5, 11))
def test_random_games_keep_every_invariant(players: int) -> None:
    """R1-R19 invariants over many seeded games; only listed actions are ever accepted."""
    names = [f"P{i}" for i in range(players)]
    endings = set()
    for seed in range(GAMES_PER_COUNT):
        state, _ = new_game(names, seed)
        assert state.roles.count(LIBERAL) + state.roles.count(FASCIST) == players - 1
        bot = RandomBot(seed)
        while state.phase != OVER:
            check_invariants(state)
            seat, action = bot.choose(state)
            assert action in legal_actions(state, seat)
            # Any other action, by anyone, is refused and changes nothing.
            other_seat = bot.rng.randrange(players)
            other = Action(bot.rng.choice(KINDS), bot.rng.choice(ARGS))
            if other not in legal_actions(state, other_seat):
                before = state.to_json()
                with pytest.raises(IllegalAction):
                    apply(state, other_seat, other)
                assert state.to_json() == before
            state, _ = apply(state, seat, action)
        check_invariants(state)
        check_ending(state)
        endings.add(state.reason)
    assert len(endings) >= 3  # random play reaches most kinds of ending
