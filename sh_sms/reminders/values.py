"""The values a host may SET, read from the words of a text (pure; used by the parser)."""

from __future__ import annotations

import re
from functools import cache
from zoneinfo import available_timezones

from .quiet import OFF_WORDS, format_window, parse_window

NUDGE_MAX_MINUTES = 24 * 60
DEADLINE_MAX_HOURS = 7 * 24
OFF = "off"
_AMOUNT = re.compile(r"^(\d{1,4})([a-z]*)$")
_MINUTE_UNITS = frozenset({"", "m", "min", "mins", "minute", "minutes"})
_HOUR_UNITS = frozenset({"", "h", "hr", "hrs", "hour", "hours"})


def parse_minutes(words: list[str]) -> str | None:
    """`30`, `30 min` -> "30"; `off` -> "off"; anything else -> None."""
    return _amount(words, _MINUTE_UNITS, NUDGE_MAX_MINUTES)


def parse_hours(words: list[str]) -> str | None:
    """`12`, `12 hours` -> "12"; `off` -> "off"; anything else -> None."""
    return _amount(words, _HOUR_UNITS, DEADLINE_MAX_HOURS)


def _amount(words: list[str], units: frozenset[str], most: int) -> str | None:
    raw = "".join(words).casefold()
    if raw in OFF_WORDS:
        return OFF
    match = _AMOUNT.match(raw)
    if match is None or match.group(2) not in units:
        return None
    value = int(match.group(1))
    return str(value) if 1 <= value <= most else None


def parse_quiet(words: list[str]) -> str | None:
    """`21-8`, `9pm - 8am`, `off` -> the stored form ("21-8", "off"); else None."""
    window = parse_window("".join(words))
    return None if window is False else format_window(window)


def parse_zone(words: list[str]) -> str | None:
    """An IANA zone name in any case (`america/new york` too) -> its proper name; else None."""
    return _zones().get("_".join(words).casefold())


@cache
def _zones() -> dict[str, str]:
    return {name.casefold(): name for name in available_timezones()}


# SET <key> <value>: the parser's verb for each key, and how its value is read.
SET_KEYS = {
    "nudge": "set_nudge",
    "nudges": "set_nudge",
    "reminders": "set_nudge",
    "quiet": "set_quiet",
    "tz": "set_tz",
    "timezone": "set_tz",
    "deadline": "set_deadline",
}
SET_VALUES = {
    "set_nudge": parse_minutes,
    "set_quiet": parse_quiet,
    "set_tz": parse_zone,
    "set_deadline": parse_hours,
}
