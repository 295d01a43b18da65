"""Seeded games over random valid house rules: every game ends, and no rule is broken.

Each seed draws a table size and a ruleset the checks accept (any power on any slot, any zone,
any deck, policies already enacted, any number of fascists up to half the table, Hitler's
knowledge either way), then plays it to the end with the engine's RandomBot, or with the
strategy bots (all seats, or one side against random opponents). After every action the
invariants that hold in every game are checked against the game's own ruleset.
"""

from __future__ import annotations

import os
import random

import pytest
from bots.botgames import mix_for, seating

from sh_sms.games.standard.botplay import play_game
from sh_sms.games.standard.engine import (
    Action,
    GameState,
    IllegalAction,
    apply,
    awaiting,
    legal_actions,
    new_game,
    public_view,
)
from sh_sms.games.standard.engine.actions import POWER_ACTIONS
from sh_sms.games.standard.engine.boards import FASCIST, HITLER, LIBERAL
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.ruleset import POWERS, Ruleset, problems, standard
from sh_sms.games.standard.engine.state import NOMINATE, OVER, POWER

RANDOM_GAMES = int(os.environ.get("HOUSE_RULES_GAMES", "3000"))
STRATEGY_GAMES = RANDOM_GAMES * 2 // 3
KINDS = ["nominate", "vote", "discard", "enact", "veto", "veto_answer", *POWER_ACTIONS.values()]
ARGS = [None, True, False, "L", "F", "X", -1, *range(11)]


def random_rules(rng: random.Random) -> tuple[int, Ruleset]:
    """A table size and a ruleset drawn at random among those the checks accept."""
    while True:
        players = rng.randrange(5, 11)
        fascist_start = rng.randrange(0, 5)
        liberal_deck = rng.randrange(5, 9)
        rules = Ruleset(
            name="custom",
            fascists=rng.randrange(1, players // 2),
            powers=tuple(rng.choice((None, *POWERS)) for _ in range(5)),
            liberal_policies=liberal_deck,
            fascist_policies=rng.randrange(max(5, 13 - liberal_deck), 20),
            liberal_start=rng.randrange(0, 5),
            fascist_start=fascist_start,
            hitler_zone=rng.randrange(1, 6),
            veto_zone=rng.randrange(fascist_start + 1, 6),
            hitler_knows=rng.random() < 0.5,
        )
        if not problems(rules, players):
            return players, rules


def check_invariants(s: GameState) -> None:
    """What must hold in every reachable state, by the game's rules."""
    rules = s.rules
    cards = s.draw + s.discards + s.hand
    assert len(cards) + s.liberal + s.fascist == rules.deck
    assert cards.count("L") + s.liberal == rules.liberal_policies
    assert 0 <= s.tracker < 3
    assert s.living() >= 3
    assert s.liberal < 5 or s.phase == OVER
    assert s.fascist < 6 or s.phase == OVER
    if s.phase == NOMINATE:
        assert len(s.draw) >= 3 and s.alive[s.president]
        assert s.eligible_chancellors(), "a candidate with nobody to nominate"
    if s.phase == POWER:
        assert s.power == rules.power(s.fascist)
    if s.phase != OVER:
        assert all(s.alive[p] for p in awaiting(s))
        assert public_view(s)["veto_unlocked"] == (s.fascist >= rules.veto_zone)
    assert GameState.from_json(s.to_json()) == s


def check_ending(s: GameState) -> None:
    """The game ended for a reason that holds on the board, by its rules."""
    hitler = s.roles.index(HITLER)
    expected = {
        ("liberal", "policies"): s.liberal == 5,
        ("fascist", "policies"): s.fascist == 6,
        ("liberal", "hitler_executed"): not s.alive[hitler],
        ("fascist", "hitler_elected"): s.fascist >= s.rules.hitler_zone
        and s.last_chancellor == hitler,
    }
    assert expected.get((s.winner, s.reason)), (s.winner, s.reason, s.rules)


def test_random_valid_rulesets_are_accepted_and_dealt_as_drawn() -> None:
    rng = random.Random(21)
    for seed in range(300):
        players, rules = random_rules(rng)
        state, _ = new_game([f"P{i}" for i in range(players)], seed, rules=rules)
        assert state.rules == rules or rules.rules_only() == standard(players)
        assert state.roles.count(FASCIST) == rules.fascists
        assert state.roles.count(LIBERAL) == players - rules.fascists - 1
        assert (state.liberal, state.fascist) == (rules.liberal_start, rules.fascist_start)
        check_invariants(state)


@pytest.mark.slow
def test_random_bots_play_random_house_rules_to_an_end_within_the_rules() -> None:
    """Thousands of seeded games; only listed actions are accepted, others change nothing."""
    rng = random.Random(2021)
    endings, powers = set(), set()
    for seed in range(RANDOM_GAMES):
        players, rules = random_rules(rng)
        state, _ = new_game([f"P{i}" for i in range(players)], seed, rules=rules)
        bot = RandomBot(seed)
        while state.phase != OVER:
            check_invariants(state)
            if state.phase == POWER:
                powers.add(state.power)
            seat, action = bot.choose(state)
            assert action in legal_actions(state, seat)
            if seed % 10 == 0:  # anything else, by anyone, is refused and changes nothing
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
        endings.add((state.winner, state.reason))
    assert len(endings) == 4  # every kind of ending happens under house rules
    assert powers == set(POWERS) - {"peek"}  # peek needs no decision: it never waits


@pytest.mark.slow
def test_strategy_bots_play_random_house_rules_to_an_end_within_the_rules() -> None:
    """The strategy bots (all seats, or one side against random opponents) play every kind of
    ruleset without a move the engine refuses (play_game applies their moves as they are)."""
    rng = random.Random(4242)
    endings, used = set(), set()

    def watch(state: GameState, seat: int, action: Action) -> None:
        assert action in legal_actions(state, seat)
        used.add(action.kind)

    for seed in range(STRATEGY_GAMES):
        players, rules = random_rules(rng)
        seats: dict = {}
        mix = seating(mix_for(seed), seed, seats)
        state = play_game(players, seed, mix, watch=watch, rules=rules)
        check_invariants(state)
        check_ending(state)
        endings.add((state.winner, state.reason))
    assert len(endings) == 4
    assert set(POWER_ACTIONS.values()) <= used  # every power was used, the new ones included
