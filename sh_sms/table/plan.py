"""When the bot job must next look at a game: set in the same transaction as every change of the
game's state (under the game's lock), so a restart loses nothing and the job reads only due rows.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from ..config import Settings
from ..gamekind.interface import GameKind
from ..gamekind.kit import Event
from ..store import GameClock, Player


def pause(clock: GameClock | None, settings: Settings) -> timedelta:
    """How long a bot waits before it moves: the host's SET BOTSPEED, else BOT_SECONDS."""
    seconds = clock.bot_seconds if clock is not None and clock.bot_seconds is not None else None
    return timedelta(seconds=max(0, settings.bot_seconds if seconds is None else seconds))


def plan(
    kind: GameKind,
    clock: GameClock,
    players: list[Player],
    before: object | None,
    after: object,
    events: list[Event],
    now: datetime,
    settings: Settings,
) -> None:
    """After a step of a game of `kind` from `before` to `after` (with `events`): if a bot has
    something to do, the job looks at the game one pause from now (or earlier, if it was
    already due earlier)."""
    bots = {p.seat for p in players if p.is_bot}
    if not bots:
        return
    if kind.is_over(after):
        clock.bot_due_at = None
        return
    if not kind.bot_has_work(bots, before, after, events):
        return  # an earlier due time (a claim still owed) stands
    due = now + pause(clock, settings)
    clock.bot_due_at = due if clock.bot_due_at is None else min(clock.bot_due_at, due)
