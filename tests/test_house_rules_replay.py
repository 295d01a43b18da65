"""The replay under house rules: folded from the public events alone, its board agrees with the
engine's public view after every action of random games by random valid rulesets (policies on
the board from the start, the veto zone, dropped policies, shown parties), and each round tells
what the new powers did."""

from __future__ import annotations

import random

from test_house_rules_property import random_rules
from test_replay import engine_facts
from test_replay import public_facts as board_facts

from sh_sms.games.standard.engine import Event, new_game
from sh_sms.games.standard.engine.bot import RandomBot, play
from sh_sms.games.standard.replay import Board, build_replay, next_board

GAMES = 150


def public_facts(board: Board) -> dict:
    """The replay board's public facts, shown parties counted as the engine counts them."""
    return {**board_facts(board), "investigated": list(board.not_investigable)}


def test_the_replays_board_follows_the_engine_under_random_house_rules():
    rng = random.Random(77)
    seen = set()
    for seed in range(GAMES):
        players, rules = random_rules(rng)
        state, events = new_game([f"P{i}" for i in range(players)], seed, rules=rules)
        board = Board.dealt(players, state.ruleset)
        log: list[Event] = list(events)
        for event in events:
            board = next_board(board, event)
        assert public_facts(board) == engine_facts(state)
        for _seat, _action, after, more in play(state, RandomBot(seed)):
            for event in more:
                board = next_board(board, event)
                seen.add(event.kind)
            log += more
            assert public_facts(board) == engine_facts(after), (seed, [e.kind for e in more])
        replay = build_replay(after.names, log, after.ruleset)
        assert public_facts(replay.final) == engine_facts(after)
        for step in replay.steps:
            if step.power == "peek_and_drop" and step.dropped is not None:
                assert step.peek is not None and len(step.peek) == 1
            if step.power == "reverse_investigation" and step.target is not None:
                assert step.shown in ("liberal", "fascist")
    assert {"drop_decided", "showed_party", "shown_party", "peek_top"} <= seen
