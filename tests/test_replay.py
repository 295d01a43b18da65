"""The replay of a finished game, built from its event log alone (sh_sms.public.replay), no browser.

Random games are played with the seeded bot; the fold of their events must agree with the
engine's own public view after every single action, and each round must tell what its
government really held, passed and enacted.
"""

from __future__ import annotations

import itertools

import pytest

from sh_sms.games.standard.engine import Event, GameState, new_game, public_view
from sh_sms.games.standard.engine.boards import EXECUTION, INVESTIGATE, PEEK, SPECIAL_ELECTION
from sh_sms.games.standard.engine.bot import RandomBot, play
from sh_sms.games.standard.replay import Board, build_replay, next_board

SEEDS = range(40)


def names(players: int) -> list[str]:
    return [f"P{i + 1}" for i in range(players)]


def whole_game(players: int, seed: int) -> tuple[GameState, list[Event]]:
    state, events = new_game(names(players), seed)
    log = [Event("started", None, {"code": "ABCD", "players": players}), *events]
    for _seat, _action, after, more in play(state, RandomBot(seed)):
        state, log = after, log + more
    return state, log


def public_facts(board: Board) -> dict:
    return {
        "liberal": board.liberal,
        "fascist": board.fascist,
        "tracker": board.tracker,
        "draw_pile": board.draw_pile,
        "discards": board.discards,
        "alive": list(board.alive),
        "veto_unlocked": board.veto_unlocked,
        "investigated": list(board.investigated),
    }


def engine_facts(state: GameState) -> dict:
    view = public_view(state)
    return {
        "liberal": view["liberal"],
        "fascist": view["fascist"],
        "tracker": view["tracker"],
        "draw_pile": view["draw_pile"],
        "discards": view["discards"],
        "alive": [p["alive"] for p in view["players"]],
        "veto_unlocked": view["veto_unlocked"],
        "investigated": view["investigated"],
    }


@pytest.mark.parametrize("players", range(5, 11))
def test_the_public_fold_agrees_with_the_engine_after_every_action(players: int) -> None:
    for seed in SEEDS:
        state, events = new_game(names(players), seed)
        board = Board(alive=(True,) * players)
        for event in events:
            board = next_board(board, event)
        for _seat, _action, after, more in play(state, RandomBot(seed)):
            for event in more:
                board = next_board(board, event)
            assert public_facts(board) == engine_facts(after), (players, seed)
            if after.phase != "over":
                assert board.term_limited == after.term_limited(), (players, seed)


def test_private_events_never_move_the_public_board() -> None:
    board = Board(alive=(True,) * 5)
    for kind, data in [
        ("drawn", {"cards": ["F", "F", "L"]}),
        ("discarded", {"card": "L"}),
        ("handed", {"cards": ["F", "F"]}),
        ("investigation", {"target": 2, "party": "fascist"}),
        ("peek_cards", {"cards": ["L", "L", "F"]}),
        ("vote_recorded", {"vote": True, "changed": False}),
    ]:
        assert next_board(board, Event(kind, 0, data)) == board


@pytest.mark.parametrize("players", range(5, 11))
def test_every_round_tells_what_its_government_held_and_passed(players: int) -> None:
    for seed in SEEDS:
        state, events = whole_game(players, seed)
        replay = build_replay(state.names, events)
        assert [s.round for s in replay.steps] == list(range(1, state.round + 1))
        assert replay.roles == state.roles and replay.winner == state.winner
        assert replay.reason == state.reason and not replay.ended_by_host
        assert public_facts(replay.final) == engine_facts(state)
        enacted, before = [], replay.setup
        for step in replay.steps:
            if step.passed is not None:  # every living player voted, by name (R6)
                living = [seat for seat, up in enumerate(before.alive) if up]
                assert sorted(step.ja + step.nein) == living
                assert step.passed == (len(step.ja) * 2 > len(living))
            before = step.board
            if step.enacted and not step.chaos:
                assert step.passed is True
                assert len(step.drawn) == 3 and step.discarded in step.drawn
                rest = list(step.drawn)
                rest.remove(step.discarded)
                assert step.handed == rest
                assert step.enacted in step.handed
                assert step.chancellor_discarded is not None
            if step.chaos:  # a failed vote, or an agreed veto, moved the tracker to 3
                assert step.passed is False or step.veto is True
                assert step.chancellor_discarded is None
            if step.enacted:
                enacted.append(step.enacted)
        board = replay.final
        assert enacted.count("L") == board.liberal and enacted.count("F") == board.fascist


def test_powers_targets_and_secrets_are_recorded() -> None:
    seen = set()
    for players in (5, 7, 9):
        for seed in SEEDS:
            state, events = whole_game(players, seed)
            steps = build_replay(state.names, events).steps
            for before, step in itertools.pairwise(steps):
                if before.power == SPECIAL_ELECTION and not before.skipped:
                    assert step.special and step.president == before.target
                    seen.add("special")
            for step in steps:
                if step.power == INVESTIGATE and not step.skipped:
                    assert step.investigation == state.party(step.target)
                    seen.add("investigate")
                if step.power == PEEK:
                    assert len(step.peek) == 3 and step.target is None
                    seen.add("peek")
                if step.power == EXECUTION:
                    assert not step.board.alive[step.target]
                    seen.add("execution")
                if step.veto is not None:
                    seen.add("veto")
    assert seen == {"special", "investigate", "peek", "execution", "veto"}


def test_a_game_the_host_ended() -> None:
    state, events = new_game(names(5), 3)
    events = [*events, Event("ended", None, {"roles": list(state.roles)})]
    replay = build_replay(state.names, events)
    assert replay.ended_by_host and replay.winner is None
    assert replay.roles == state.roles
    assert len(replay.steps) == 1 and replay.steps[0].chancellor is None


def test_a_special_election_marks_only_the_round_it_called() -> None:
    rounds = [
        Event("round", None, {"round": 1, "president": 0}),
        Event("special_election", None, {"president": 0, "target": 3}),
        Event("round", None, {"round": 2, "president": 3}),
        Event("round", None, {"round": 3, "president": 1}),
    ]
    steps = build_replay(names(5), rounds).steps
    assert [s.special for s in steps] == [False, True, False]
    assert steps[0].target == 3
