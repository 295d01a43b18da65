"""The reminders job for a districts game (docs/districts.md, D8 and D16): the timer runs out,
a deadline passes, or the people it waits on are reminded. When a wait is over, the clock makes
one engine move (`timeout`: the rules' defaults), never a random move for each player."""

from __future__ import annotations

import logging

from sqlmodel import Session

from ..conversation.districts_play import act
from ..conversation.turn import Turn
from ..games.districts.engine import SYSTEM, Action
from ..games.districts.engine.actions import TIMEOUT
from ..quiet import next_allowed
from ..store import GameClock
from ..store.games import roster
from .districts import aware, people_awaited, remind, timer_at
from .options import Policy, policy
from .wait import begin_wait, deadline_due, nudge_due, nudged, schedule, wait_key

log = logging.getLogger(__name__)


def handle_due(session: Session, turn: Turn, clock: GameClock) -> None:
    """Run out the timer, pass a deadline, or remind: whatever is due on a districts game."""
    now, state = turn.now, turn.state
    rules = policy(clock, turn.settings)
    key = wait_key(state)
    if key != clock.wait_key or clock.paused or key is None:
        if key != clock.wait_key:  # not tracked (a move always tracks): start afresh
            clock.timer_at = timer_at(state)
            begin_wait(clock, key, now, rules)
        schedule(clock, rules)
        return
    turn.players = roster(session, turn.game.id)
    if clock.timer_at is not None and aware(clock.timer_at) <= now:
        _time_out(turn, clock, "timer")
    elif not people_awaited(state, turn.players):
        clock.due_at = None  # computer players move by themselves; no timer runs
        return
    elif deadline_due(clock, rules, now):
        if rules.nudging and clock.nudges_sent == 0:
            clock.deadline_at = now + rules.after  # nobody loses a choice without a reminder
            _nudge(turn, clock, rules)
        else:
            _time_out(turn, clock, "deadline")
    elif nudge_due(clock, rules, now):
        _nudge(turn, clock, rules)
    schedule(clock, rules)


def _time_out(turn: Turn, clock: GameClock, why: str) -> None:
    """The wait is over: one move of the clock; a wait that did not move on is not run again."""
    key = clock.wait_key
    act(turn, SYSTEM, Action(TIMEOUT))
    if clock.wait_key == key:
        clock.deadline_at = None
        clock.timer_at = None
    log.info("districts_timeout game=%s wait=%s why=%s", turn.game.id, key, why)


def _nudge(turn: Turn, clock: GameClock, rules: Policy) -> None:
    deadline = clock.deadline_at
    if deadline is not None:
        deadline = next_allowed(deadline, rules.quiet, rules.zone)
    remind(turn.mail, turn.game.code, turn.state, turn.players, turn.now, deadline)
    nudged(clock, turn.now)
