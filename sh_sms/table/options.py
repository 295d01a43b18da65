"""The policy a game's reminders follow.

A game's own settings (a `GameClock` row) override the service defaults (`Settings`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from functools import cache
from zoneinfo import ZoneInfo

from ..config import Settings
from ..quiet import Window, parse_window, zone_or_default
from ..store import GameClock

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Policy:
    """The reminder rules one game follows now."""

    after: timedelta | None  # the first reminder, after the wait began; None: no reminders
    repeat: timedelta
    most: int  # reminders per wait
    quiet: Window | None
    zone: ZoneInfo
    deadline: timedelta | None  # after the wait began, a random move is made; None: never

    @property
    def nudging(self) -> bool:
        """Whether reminders are sent at all."""
        return self.after is not None and self.most > 0


def default_quiet(settings: Settings) -> Window | None:
    """QUIET_HOURS, or the built-in default when it cannot be read."""
    return _service_window(settings.quiet_hours)


@cache
def _service_window(text: str) -> Window | None:
    window = parse_window(text)
    if window is False:
        log.warning("bad QUIET_HOURS=%r; using %s", text, Settings.quiet_hours)
        window = parse_window(Settings.quiet_hours)
    return window


def policy(clock: GameClock | None, settings: Settings) -> Policy:
    """The effective reminder policy of a game: its own settings over the service defaults."""
    after = timedelta(seconds=settings.nudge_after_seconds)
    repeat = timedelta(seconds=settings.nudge_repeat_seconds)
    quiet = default_quiet(settings)
    zone_name = None
    deadline = None
    if clock is not None:
        if clock.nudge_minutes is not None:
            after = repeat = timedelta(minutes=clock.nudge_minutes)
            if clock.nudge_minutes == 0:
                after = None
        if clock.quiet_hours is not None:
            window = parse_window(clock.quiet_hours)
            quiet = None if window is False else window
        zone_name = clock.timezone
        if clock.deadline_hours:
            deadline = timedelta(hours=clock.deadline_hours)
    if settings.nudge_after_seconds <= 0 and (clock is None or clock.nudge_minutes is None):
        after = None
    zone = zone_or_default(zone_name, settings.timezone)
    return Policy(
        after, max(repeat, timedelta(seconds=1)), settings.nudge_max, quiet, zone, deadline
    )


def describe(rules: Policy) -> dict:
    """The policy as plain values for the wording templates."""
    return {
        "after": int(rules.after.total_seconds()) if rules.nudging else None,
        "repeat": int(rules.repeat.total_seconds()),
        "most": rules.most,
        "quiet": rules.quiet,
        "zone": rules.zone.key,
        "deadline": int(rules.deadline.total_seconds() // 3600) if rules.deadline else None,
    }
