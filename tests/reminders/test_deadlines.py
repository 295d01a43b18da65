"""Deadlines: when one passes (after the reminders), a random legal move is made for whoever has
not acted, through the same path as a text, and the table is told what kind of move it was."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache

import pytest
from reminder_table import NAMES, Table

from sh_sms.games.standard.clock import random_moves, wait_key
from sh_sms.games.standard.engine import GameState, apply, awaiting, new_game
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.state import (
    CHANCELLOR_ENACT,
    NOMINATE,
    OVER,
    POWER,
    PRESIDENT_DISCARD,
    VETO,
)
from sh_sms.games.standard.engine.state import VOTE as VOTE_PHASE

MIN = timedelta(minutes=1)
PLAYERS = 10


@cache
def reach(kind: str) -> GameState:
    """The first state of a seeded 10-player bot game where the game waits on `kind`."""
    want = WAITS[kind][0]
    for seed in range(500):
        state, _ = new_game(NAMES[:PLAYERS], seed)
        bot = RandomBot(seed)
        while state.phase != OVER:
            if want(state):
                return state
            seat, action = bot.choose(state)
            state, _ = apply(state, seat, action)
    raise AssertionError(f"no bot game reaches {kind}")


WAITS = {
    "nominate": (lambda s: s.phase == NOMINATE, "a Chancellor was nominated"),
    "vote": (lambda s: s.phase == VOTE_PHASE and not any(s.votes), "votes were cast"),
    "discard": (lambda s: s.phase == PRESIDENT_DISCARD, "a policy was discarded"),
    "enact": (
        lambda s: s.phase == CHANCELLOR_ENACT and not s.veto_unlocked,
        "a policy was enacted",
    ),
    "veto": (lambda s: s.phase == VETO, "the veto was answered"),
    "investigate": (
        lambda s: s.phase == POWER and s.power == "investigate",
        "a player was investigated",
    ),
    "special_election": (
        lambda s: s.phase == POWER and s.power == "special_election",
        "the next candidate was chosen",
    ),
    "execution": (lambda s: s.phase == POWER and s.power == "execution", "a player was executed"),
}


def expected_after(state: GameState, seed: int) -> GameState:
    """The state the deadline's moves lead to (the job's RNG: game seed + wait)."""
    for seat, action in random_moves(state, seed, wait_key(state)):
        state, _ = apply(state, seat, action)
    return state


@pytest.mark.parametrize("kind", list(WAITS))
def test_a_deadline_moves_for_each_kind_of_wait(table: Table, kind: str):
    table.start(PLAYERS, before_start=["SET DEADLINE 1"])
    state = reach(kind)
    table.at(minutes=1)
    table.put_state(state)
    if kind == "vote":  # three players vote in time
        for seat in (0, 1, 2):
            table.text(NAMES[seat], "JA")
        state = table.state()
    begin = table.clock().wait_since
    late = [NAMES[seat] for seat in awaiting(state)]

    out = table.run(begin + 30 * MIN)  # the reminders come first
    assert set(out) == set(late)
    assert all("a random choice is made for you" in body for body in out.values())
    assert table.run(begin + 59 * MIN) == {}
    version = table.game().version

    out = table.run(begin + 60 * MIN)
    phrase = WAITS[kind][1] if len(late) > 1 or kind != "vote" else "a vote was cast"
    assert set(out) == set(NAMES[:PLAYERS])
    for name, body in out.items():  # "you" first for a player whose time ran out
        whose = ["you", *(n for n in late if n != name)] if name in late else late
        assert body.startswith(f"Time ran out for {', '.join(whose)}; {phrase} at random."), body
    after = table.state()
    assert after.to_json() == expected_after(state, table.game().seed).to_json()
    assert table.game().version == version + len(late)
    assert table.clock().wait_key == wait_key(after) != wait_key(state)
    if after.phase != OVER:  # the next wait has its own clock
        assert table.clock().wait_since == begin + 60 * MIN
        assert table.clock().deadline_at == begin + 120 * MIN


def test_a_secret_move_is_not_revealed(table: Table):
    table.start(PLAYERS, before_start=["SET DEADLINE 1"])
    state = reach("discard")
    table.put_state(state)
    table.run(table.at(minutes=30))
    out = table.run(table.at(minutes=30))
    president = NAMES[state.president]
    for name, body in out.items():
        if name != president:
            assert "discarded" not in body.split("at random.")[1]
    assert out[president].startswith("Time ran out for you; a policy was discarded")


def test_no_move_without_a_reminder_first(table: Table):
    table.start(5, before_start=["SET NUDGE 120", "SET DEADLINE 1"])
    begin = table.now
    president = NAMES[table.state().president]
    out = table.run(begin + 60 * MIN)  # the deadline, but no reminder yet: a last call
    assert list(out) == [president]
    assert "within 2 h, a random choice is made" in out[president]
    assert table.run(begin + 179 * MIN) == {}
    out = table.run(begin + 180 * MIN)
    assert out[president].startswith("Time ran out for you; a Chancellor was nominated")


def test_a_deadline_in_quiet_hours_waits_for_the_morning(table: Table):
    table.now = datetime(2026, 6, 10, 0, 0, tzinfo=UTC)  # 20:00 in New York
    table.start(5, before_start=["SET DEADLINE 1"])
    president = NAMES[table.state().president]
    assert list(table.run(table.now + 30 * MIN)) == [president]  # 20:30: not quiet yet
    for hours in range(1, 12):
        assert table.run(table.now + hours * 60 * MIN) == {}
    morning = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)  # 08:00
    assert table.run(morning - timedelta(seconds=1)) == {}
    out = table.run(morning)
    assert out[president].startswith("Time ran out for you;")


def test_deadline_off_by_default_and_off_again(table: Table):
    table.start(5)
    begin = table.now
    for hours in range(1, 30):
        out = table.run(begin + hours * 60 * MIN)
        assert all(not body.startswith("Time ran out") for body in out.values())
    table.text("Ana", "SET DEADLINE 2")
    table.text("Ana", "SET DEADLINE OFF")
    assert table.clock().deadline_at is None
