"""Quiet hours: a local window (it may wrap midnight) in which no reminder goes out.

Pure functions over aware datetimes. A window is `(start, end)` in minutes after local midnight;
`None` means no quiet hours. Local times come from `zoneinfo`, so daylight-saving changes are
handled by the zone database, not by arithmetic on offsets.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

Window = tuple[int, int]
OFF_WORDS = frozenset({"off", "none", "no"})
# 21, 21:30, 9pm, 9:30pm, 9.30pm
_TIME = r"(\d{1,2})(?:[:.h](\d{2}))?(am|pm|a|p)?"
_WINDOW = re.compile(rf"^{_TIME}(?:-|to|until)+{_TIME}$")


def parse_window(text: str) -> Window | bool | None:
    """`21-8`, `21:30-7:15`, `9pm-8am` -> (start, end) minutes; `off` -> None; else False."""
    raw = "".join(text.split()).casefold()
    if raw in OFF_WORDS:
        return None
    match = _WINDOW.match(raw)
    if match is None:
        return False
    start = _minutes(*match.group(1, 2, 3))
    end = _minutes(*match.group(4, 5, 6))
    if start is None or end is None or start == end:
        return False
    return start, end


def _minutes(hour: str, minute: str | None, half: str | None) -> int | None:
    """Minutes after midnight of one clock time, or None if it is no time of day."""
    h, m = int(hour), int(minute or 0)
    if m >= 60:
        return None
    if half:
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if half.startswith("p") else 0)
    if h == 24 and m == 0:
        h = 0
    if h >= 24:
        return None
    return h * 60 + m


def format_window(window: Window | None) -> str:
    """The stored form of a window: `21-8`, `21:30-7:15`, or `off`."""
    if window is None:
        return "off"
    return "-".join(_clock(m) for m in window)


def _clock(minutes: int) -> str:
    h, m = divmod(minutes, 60)
    return f"{h}" if m == 0 else f"{h}:{m:02d}"


def is_quiet(moment: datetime, window: Window | None, zone: ZoneInfo) -> bool:
    """Whether the aware datetime `moment` falls inside the quiet window, in `zone`'s local time."""
    if window is None:
        return False
    local = moment.astimezone(zone)
    minute = local.hour * 60 + local.minute
    start, end = window
    if start < end:
        return start <= minute < end
    return minute >= start or minute < end  # the window wraps midnight


def next_allowed(moment: datetime, window: Window | None, zone: ZoneInfo) -> datetime:
    """`moment` itself (in UTC) if it is outside quiet hours, else the instant they end.

    The end is the next local wall-clock time `end` after `moment`. If that wall time does not
    exist (a spring-forward gap skips it) the window ends when the gap does; if it exists twice
    (fall-back), the first one after `moment` ends it.
    """
    moment = moment.astimezone(UTC)
    if not is_quiet(moment, window, zone):
        return moment
    local = moment.astimezone(zone)
    end = window[1]
    day = local.date()
    if local.hour * 60 + local.minute >= end:
        day += timedelta(days=1)
    wall = datetime.combine(day, time(end // 60, end % 60), tzinfo=zone)
    first, second = (wall.replace(fold=fold).astimezone(UTC) for fold in (0, 1))
    if first.astimezone(zone).replace(tzinfo=None) != wall.replace(tzinfo=None):
        # In a gap: the two readings straddle it; the first minute that is not quiet ends it.
        found, last = min(first, second), max(first, second)
        while found < last and is_quiet(found, window, zone):
            found += timedelta(minutes=1)
        return max(found, moment)
    for candidate in (first, second):
        if candidate > moment:
            return candidate
    return moment + timedelta(minutes=1)  # unreachable with a real zone; never go backwards


def zone_or_default(name: str | None, default: str) -> ZoneInfo:
    """The zone called `name`, else the zone called `default`, else UTC."""
    for candidate in (name, default):
        if candidate:
            try:
                return ZoneInfo(candidate)
            except (ValueError, KeyError, OSError):
                continue
    return ZoneInfo("UTC")
