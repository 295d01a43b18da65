"""Issue 27: a districts game never stalls. Seeded games of people and bots are played through
the game's kind (the methods the house calls: apply, step_texts, awaiting, bot_has_work,
bot_decision, timer_at), with moves and SENDs into empty districts favoured and the clock running
out at arbitrary steps. After every step:

- a person the game waits on was sent a `Prompt` since their wait began (their wait: the span in
  which they are awaited in one round and phase);
- a bot the game waits on is seen by `bot_has_work` (else the bot job would never move it), and
  its decision is a move the game accepts;
- the game waits on somebody, or on its running timer (the reminders job runs it out);
- a bot whose vote, the last of its district, could elect somebody elects somebody;
- the timer never runs out while a bot of a split district could elect by changing its vote.

DISTRICTS_STALL_GAMES sets how many games (300 by default; thousands for a longer look).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from sh_sms.gamekind import registry
from sh_sms.games.districts.engine import SYSTEM, Action, legal_actions, new_game
from sh_sms.games.districts.engine.actions import (
    MOVE_ACTION,
    SEND_ACTION,
    TIMEOUT,
    TIMER,
    VOTE_ACTION,
)
from sh_sms.text.messages import Prompt

GAMES = int(os.environ.get("DISTRICTS_STALL_GAMES", "300"))
START = datetime(2026, 6, 10, 16, 0, tzinfo=UTC)


class Stalled(AssertionError):
    """A step left the game waiting on someone who will never move."""


def _to_empty(state, actions: list[Action]) -> list[Action]:
    """The moves and SENDs among `actions` that put a player into an empty district."""
    empty = {d for d in range(1, state.districts + 1) if not state.members(d)}
    return [
        a
        for a in actions
        if (a.kind == MOVE_ACTION and state.phase != "settle" and a.arg in empty)
        or (a.kind == SEND_ACTION and a.arg[1] in empty)
    ]


def _person_move(state, seat: int, rng: random.Random) -> Action:
    """A person's move: any legal one, a move or send into an empty district when there is one."""
    acts = [a for a in legal_actions(state, seat) if a.kind != TIMER]
    emptying = _to_empty(state, acts)
    return rng.choice(emptying if emptying and rng.random() < 0.7 else acts)


def check_step(kind, bots, before, after, events, texts, prompted: set[int]) -> set[int]:
    """The invariants above, after one step; returns who has a prompt for their current wait."""
    waiting = set(kind.awaiting(after))
    if before is not None and (before.round, before.phase) != (after.round, after.phase):
        prompted = set()
    prompted = {p for p in prompted if p in waiting}
    prompted |= {p for p, told in texts.items() if any(isinstance(t, Prompt) for t in told)}
    if kind.is_over(after):
        return prompted
    if not waiting and kind.timer_at(after) is None:
        raise Stalled(f"round {after.round} {after.phase}: waits on nobody and no timer runs")
    unasked = sorted(waiting - bots - prompted)
    if unasked:
        raise Stalled(f"round {after.round} {after.phase}: {unasked} awaited, never prompted")
    if waiting & bots and not kind.bot_has_work(bots, before, after, events):
        raise Stalled(f"round {after.round} {after.phase}: bots {waiting & bots} never woken")
    return prompted


def check_bot_vote(before, after, seat: int) -> None:
    """The last voter of a district, a bot, never leaves it unrepresented for want of its vote
    when that vote could elect somebody."""
    d = before.where[seat]
    voters = before.voters(d)
    cast = [before.votes[p] for p in voters if p != seat]
    if None in cast or before.closed[d - 1] is not None:
        return
    needed = len(voters) // 2 + 1
    if any(cast.count(c) + 1 >= needed for c in voters):
        assert after.reps[d - 1] is not None, f"D{d} unrepresented for want of bot {seat}'s vote"


def check_timer_end(kind, bots, state) -> None:
    """Issue 34: no district waits out the timer when a bot's changed vote would elect."""
    changing = kind.bots_to_move(state, frozenset(bots))
    if changing:
        raise Stalled(f"round {state.round}: the timer ran out while bots {changing} could elect")


def play(seed: int, kind=None) -> Counter:
    """One seeded game of people and bots to its end, checked after every step; how many steps,
    moves into an empty district and clock moves it took."""
    kind = kind or registry.get("districts")
    rng = random.Random(seed)
    players = rng.randrange(5, 11)
    share = rng.choice((0.0, 0.3, 0.6, 1.0))  # of the seats played by bots
    bots = {p for p in range(players) if rng.random() < share}
    state, events = new_game([f"P{i}" for i in range(players)], seed)
    seen = {p: [e for e in events if e.to in (None, p)] for p in range(players)}
    texts = kind.step_texts(None, state, events, None, None)
    prompted = check_step(kind, bots, None, state, events, texts, set())
    now, tally = START, Counter()
    while not kind.is_over(state):
        tally["steps"] += 1
        assert tally["steps"] < 2000, "the game does not end"
        waiting = kind.awaiting(state)
        timer = kind.timer_at(state)
        if timer is not None and (not waiting or rng.random() < 0.05):
            now = max(now, timer)  # the players' timer runs out
        roll = rng.random()
        clock_may = bool(legal_actions(state, SYSTEM, int(now.timestamp())))
        changing = kind.bots_to_move(state, frozenset(bots))
        if changing and not waiting:  # the bot job comes before the timer's end
            seat = rng.choice(changing)
            action = kind.bot_decision(state, seat, seen[seat])
            assert action is not None and action.kind == VOTE_ACTION, (seat, action)
        elif clock_may and (not waiting or roll < 0.04):
            seat, action = SYSTEM, Action(TIMEOUT)  # a deadline, or the timer running out
        else:
            seat = rng.choice(waiting)
            if roll < 0.07 and Action(TIMER) in legal_actions(state, seat):
                action = Action(TIMER)
            elif seat in bots:
                action = kind.bot_decision(state, seat, seen[seat])
                assert action is not None, f"bot {seat} awaited but has no move"
            else:
                action = _person_move(state, seat, rng)
        if seat is SYSTEM and state.timer_ends is not None and not waiting:
            check_timer_end(kind, bots, state)  # the timer's own end, not a random deadline
        tally["into an empty district"] += bool(_to_empty(state, [action]))
        tally["clock"] += seat is SYSTEM
        before = state
        state, events = kind.apply(state, seat, action, now)
        for p in range(players):
            seen[p].extend(e for e in events if e.to in (None, p))
        texts = kind.step_texts(before, state, events, None, None)
        prompted = check_step(kind, bots, before, state, events, texts, prompted)
        if seat in bots and action.kind == VOTE_ACTION:
            check_bot_vote(before, state, seat)
        now += timedelta(seconds=rng.randrange(0, 90))
    return tally


def test_many_games_of_people_and_bots_never_stall() -> None:
    """GAMES seeded games (5-10 players), each step checked (see the module docstring)."""
    seen = sum((play(seed) for seed in range(GAMES)), Counter())
    assert seen["steps"] > 20 * GAMES  # whole games were played, not a few steps each
    assert seen["into an empty district"] > GAMES // 10 and seen["clock"] > GAMES // 10


class _Mute:
    """The districts kind with a fault of issue 27's kind: prompts lost after a move or SEND,
    or bots never woken."""

    def __init__(self, fault: str) -> None:
        self.real, self.fault = registry.get("districts"), fault

    def __getattr__(self, name):
        return getattr(self.real, name)

    def step_texts(self, before, after, events, room_from, replay):
        texts = self.real.step_texts(before, after, events, room_from, replay)
        if self.fault == "prompts" and any(e.kind == "moved" for e in events):
            return {p: [t for t in told if not isinstance(t, Prompt)] for p, told in texts.items()}
        return texts

    def bot_has_work(self, bots, before, after, events):
        return self.fault != "bots" and self.real.bot_has_work(bots, before, after, events)


@pytest.mark.parametrize(("fault", "found"), [("prompts", "never prompted"), ("bots", "woken")])
def test_the_check_catches_a_stall(fault: str, found: str) -> None:
    with pytest.raises(Stalled, match=found):
        for seed in range(40):
            play(seed, _Mute(fault))
