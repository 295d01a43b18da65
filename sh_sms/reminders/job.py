"""The periodic job: remind the players a game waits on, and past a deadline (or when a timer the
players started runs out) make the moves the game's rules make for them.

Each due game is handled in its own transaction under the game's row lock (`FOR UPDATE SKIP
LOCKED` on PostgreSQL; SQLite's write lock), and `due_at` is checked again under the lock. The
reminder is queued in the outbox and counted in the same transaction, so two schedulers send it
once, and a restart neither loses nor repeats it.
"""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy.engine import Engine
from sqlmodel import Session

from ..config import Settings
from ..quiet import next_allowed
from ..store import ACTIVE, GameClock, transaction
from ..store.games import due_games, load_state, lock_due, roster
from ..table.options import Policy, policy
from ..table.turn import Turn
from ..table.wait import aware, begin_wait, deadline_due, nudge_due, nudged, schedule, wait_key
from .nudge import people_awaited, remind

log = logging.getLogger(__name__)
BATCH = 100  # games looked at per run; the rest wait for the next run


def run_due(engine: Engine, settings: Settings, now: datetime) -> int:
    """Handle every game whose clock is due at `now`; return how many were handled."""
    handled = 0
    for game_id in due_games(engine, GameClock.due_at, now, BATCH):
        try:
            handled += _run_one(engine, settings, game_id, now)
        except Exception:
            log.exception("reminder_failed game=%s", game_id)
    return handled


def _run_one(engine: Engine, settings: Settings, game_id: int, now: datetime) -> bool:
    """Handle one game if it is still due and nobody else holds it; True if it was."""
    with transaction(engine) as session:
        found = lock_due(session, game_id, GameClock.due_at, now)
        if found is None:
            return False
        game, clock = found
        state = load_state(game) if game.status == ACTIVE else None
        turn = Turn(session, settings, "", now, game=game, state=state)
        handle_due(session, turn, clock)
        turn.mail.flush(session, now, game.id, game.line)
    return True


def handle_due(session: Session, turn: Turn, clock: GameClock) -> None:
    """Send the reminder, or make the moves, that are due on `clock`'s game at `turn.now`."""
    game, now, kind = turn.game, turn.now, turn.kind
    rules = policy(clock, turn.settings)
    key = wait_key(game, turn.state)
    if key != clock.wait_key or clock.paused or key is None:
        if key != clock.wait_key:  # not tracked (a move always tracks); start afresh
            clock.timer_at = kind.timer_at(turn.state)
            begin_wait(clock, key, now, rules)
        schedule(clock, rules)
        return
    turn.players = roster(session, game.id)
    if clock.timer_at is not None and aware(clock.timer_at) <= now:
        time_out(turn, clock, "timer")
    elif not people_awaited(kind, turn.state, turn.players):
        clock.due_at = None  # a wait on computer players alone: they move by themselves
        return
    elif deadline_due(clock, rules, now):
        if rules.nudging and clock.nudges_sent == 0:
            # Nobody loses a move without a reminder first: this one is the last call.
            clock.deadline_at = now + rules.after
            _nudge(turn, clock, rules)
        else:
            time_out(turn, clock, "deadline")
    elif nudge_due(clock, rules, now):
        _nudge(turn, clock, rules)
    schedule(clock, rules)


def _nudge(turn: Turn, clock: GameClock, rules: Policy) -> None:
    deadline = clock.deadline_at
    if deadline is not None:
        deadline = next_allowed(deadline, rules.quiet, rules.zone)
    remind(turn.mail, turn.kind, turn.game.code, turn.state, turn.players, turn.now, deadline)
    nudged(clock, turn.now)
    log.info("reminder_sent game=%s wait=%s n=%s", turn.game.id, clock.wait_key, clock.nudges_sent)


def time_out(turn: Turn, clock: GameClock, why: str) -> None:
    """The wait is over (`why`: its deadline, or the players' timer): the game makes the moves
    its rules make, as if texted; a wait that did not move on is not run again."""
    key = clock.wait_key
    seats = people_awaited(turn.kind, turn.state, turn.players)
    moves = turn.kind.time_out(turn, key, seats, why)
    if clock.wait_key == key:  # the wait did not move on: never loop
        clock.deadline_at = None
        clock.timer_at = None
    log.info("deadline_moves game=%s wait=%s why=%s moves=%s", turn.game.id, key, why, moves)
