"""The values a host may SET, read from the words of a text (pure; used by the parser)."""

from __future__ import annotations

import re
from functools import cache
from zoneinfo import available_timezones

from ..quiet import OFF_WORDS, format_window, parse_window
from .languages import known

NUDGE_MAX_MINUTES = 24 * 60
DEADLINE_MAX_HOURS = 7 * 24
BOT_PAUSE_MAX_SECONDS = 10 * 60
OFF = "off"
ON = "on"
_ON_WORDS = frozenset({"on", "yes"})
_MODE_WORDS = frozenset({"mode"})  # SET ROOM MODE ON
_AMOUNT = re.compile(r"^(\d{1,4})([a-z]*)$")
_MINUTE_UNITS = frozenset({"", "m", "min", "mins", "minute", "minutes"})
_HOUR_UNITS = frozenset({"", "h", "hr", "hrs", "hour", "hours"})
_SECOND_UNITS = frozenset({"", "s", "sec", "secs", "second", "seconds"})
_BOT_KEY_TAILS = frozenset({"speed", "pause", "delay"})  # SET BOT SPEED 5


def parse_minutes(words: list[str]) -> str | None:
    """`30`, `30 min` -> "30"; `off` -> "off"; anything else -> None."""
    return _amount(words, _MINUTE_UNITS, NUDGE_MAX_MINUTES)


def parse_hours(words: list[str]) -> str | None:
    """`12`, `12 hours` -> "12"; `off` -> "off"; anything else -> None."""
    return _amount(words, _HOUR_UNITS, DEADLINE_MAX_HOURS)


def parse_seconds(words: list[str]) -> str | None:
    """A computer player's pause: `5`, `5 s`, `2 min` -> seconds ("5", "120"), 0 included
    (`SET BOT SPEED 5` reads as `SET BOTSPEED 5`)."""
    if words and words[0].casefold() in _BOT_KEY_TAILS:
        words = words[1:]
    raw = "".join(words).casefold()
    match = _AMOUNT.match(raw)
    if match is None:
        return None
    value, unit = int(match.group(1)), match.group(2)
    if unit in _MINUTE_UNITS - {""}:
        value *= 60
    elif unit not in _SECOND_UNITS:
        return None
    return str(value) if value <= BOT_PAUSE_MAX_SECONDS else None


def _amount(words: list[str], units: frozenset[str], most: int) -> str | None:
    raw = "".join(words).casefold()
    if raw in OFF_WORDS:
        return OFF
    match = _AMOUNT.match(raw)
    if match is None or match.group(2) not in units:
        return None
    value = int(match.group(1))
    return str(value) if 1 <= value <= most else None


def parse_switch(words: list[str]) -> str | None:
    """`on`, `mode on` -> "on"; `off`, `mode off` -> "off"; anything else -> None."""
    if words and words[0].casefold() in _MODE_WORDS:
        words = words[1:]
    raw = "".join(words).casefold()
    if raw in _ON_WORDS:
        return ON
    return OFF if raw in OFF_WORDS else None


def parse_language(words: list[str]) -> str | None:
    """`es`, `EN` -> the language's code; anything else -> None."""
    return known(words[0]) if len(words) == 1 else None


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
    "botspeed": "set_botspeed",
    "bot": "set_botspeed",
    "botpause": "set_botspeed",
    "botdelay": "set_botspeed",
    "room": "set_room",
    "roommode": "set_room",
    "watch": "set_watch",
    "watchers": "set_watch",
    "lang": "set_lang",
    "language": "set_lang",
    "idioma": "set_lang",
}
SET_VALUES = {
    "set_nudge": parse_minutes,
    "set_quiet": parse_quiet,
    "set_tz": parse_zone,
    "set_deadline": parse_hours,
    "set_botspeed": parse_seconds,
    "set_room": parse_switch,
    "set_watch": parse_switch,
    "set_lang": parse_language,
}
