"""The strategy is worth playing against: it beats random play and makes an even-ish game.

Figures with thousands of games are in benchmarks/bots.py; these are small seeded checks that
would fail if a side's strategy broke (random play: fascists win about 77% of games).
"""

from __future__ import annotations

from botgames import play

from sh_sms.games.standard.engine.boards import LIBERAL

GAMES = 200


def liberal_share(players: int, mix: str) -> float:
    """The share of GAMES seeded games the liberals win."""
    return sum(play(players, seed, mix).state.winner == LIBERAL for seed in range(GAMES)) / GAMES


def test_strategy_liberals_beat_random_fascists() -> None:
    """Liberals who read the table win most games against fascists who play at random."""
    assert liberal_share(7, "liberals") >= 0.65


def test_strategy_fascists_beat_random_liberals() -> None:
    """Fascists who know their team win most games against liberals who play at random."""
    assert liberal_share(7, "fascists") <= 0.2


def test_strategy_against_itself_is_a_real_game() -> None:
    """With the strategy in every seat, neither side wins almost always."""
    assert 0.3 <= liberal_share(7, "all") <= 0.7
