"""Waits: which decision a game is waiting on, since when, and when the reminder job is due.

`track` is called in the same transaction as every change of a game's state (under the game's
lock), so the job never has to guess when a wait began.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlmodel import Session

from ..config import Settings
from ..gamekind import registry
from ..quiet import next_allowed
from ..store import Game, GameClock
from .options import Policy, policy


def wait_key(game: Game, state: object | None) -> str | None:
    """What identifies the decision `game` waits on now (None: it waits on nobody), as the game
    it plays says: a vote stays one wait while the votes come in, say."""
    return registry.of(game).wait_key(state)


def clock_for(session: Session, game_id: int) -> GameClock:
    """The game's clock row, created (with every setting at its default) if it has none."""
    clock = session.get(GameClock, game_id)
    if clock is None:
        clock = GameClock(game_id=game_id)
        session.add(clock)
    return clock


def track(
    session: Session, game: Game, state: object | None, now: datetime, settings: Settings
) -> GameClock:
    """Note the game's state after a change: a new decision point starts a new wait at `now`
    (with the timer its players started, if the game has one)."""
    clock = clock_for(session, game.id)
    key = wait_key(game, state)
    if key == clock.wait_key and clock.wait_since is not None:
        return clock
    clock.timer_at = registry.of(game).timer_at(state)
    begin_wait(clock, key, now, policy(clock, settings))
    return clock


def begin_wait(clock: GameClock, key: str | None, now: datetime, rules: Policy) -> None:
    """Start the wait `key` at `now`: no reminders sent yet, the deadline counted from now."""
    clock.wait_key = key
    clock.wait_since = now if key is not None else None
    clock.nudges_sent = 0
    clock.last_nudge_at = None
    clock.deadline_at = now + rules.deadline if key is not None and rules.deadline else None
    schedule(clock, rules)


def next_nudge(clock: GameClock, rules: Policy) -> datetime | None:
    """When the next reminder of this wait falls due, before quiet hours (None: no more)."""
    if clock.wait_since is None or not rules.nudging or clock.nudges_sent >= rules.most:
        return None
    if clock.nudges_sent == 0 or clock.last_nudge_at is None:
        return clock.wait_since + rules.after
    return clock.last_nudge_at + rules.repeat


def schedule(clock: GameClock, rules: Policy) -> None:
    """Set `due_at`: the next reminder or deadline, moved out of quiet hours (None if paused)."""
    if clock.paused or clock.wait_key is None:
        clock.due_at = None
        return
    times = [t for t in (next_nudge(clock, rules), clock.deadline_at) if t is not None]
    due = [next_allowed(t, rules.quiet, rules.zone) for t in times]
    if clock.timer_at is not None:  # a game's timer: players started it, quiet hours or not
        due.append(aware(clock.timer_at))
    clock.due_at = min(due) if due else None


def deadline_due(clock: GameClock, rules: Policy, now: datetime) -> bool:
    """Whether the wait's deadline has passed (outside quiet hours)."""
    at = clock.deadline_at
    return at is not None and next_allowed(at, rules.quiet, rules.zone) <= now


def nudge_due(clock: GameClock, rules: Policy, now: datetime) -> bool:
    """Whether a reminder of this wait is due (outside quiet hours)."""
    at = next_nudge(clock, rules)
    return at is not None and next_allowed(at, rules.quiet, rules.zone) <= now


def nudged(clock: GameClock, now: datetime) -> None:
    """Count a reminder sent at `now`."""
    clock.nudges_sent += 1
    clock.last_nudge_at = now


def set_deadline(clock: GameClock, hours: int | None, now: datetime) -> None:
    """A deadline set during a wait counts from now; OFF removes it."""
    clock.deadline_hours = hours
    if clock.wait_key is None:
        return
    clock.deadline_at = now + timedelta(hours=hours) if hours else None


def aware(moment: datetime) -> datetime:
    """A stored time as an aware UTC datetime (SQLite gives it back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
