"""The districts game's parameters (docs/districts.md, D8): its preset's words and the one knob a
host sets, the timer in minutes; and the rules its engine is dealt with (pure)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...gamekind.interface import Param
from ...gamekind.kit import Problem
from .engine.tables import DEFAULT_RULES

NAME = "districts"  # the game's name: the registry's key, its preset, its saved states' mark
PRESET_WORDS = {"districts": NAME, "district": NAME}
TIMER_MINUTES = (1, 60)
PARAMS = (Param("timer", ("timer",), 1, DEFAULT_RULES["timer_seconds"] // 60, TIMER_MINUTES),)


def knob_values(_knob: str, words: list[str]) -> list[str] | None:
    """The timer's minutes, or None when the words are not one number."""
    if len(words) != 1 or not (words[0].isdecimal() and len(words[0]) <= 2):
        return None
    return words


def change(choice: Any, _knob: str, values: list[str]) -> Any:
    """The choice with the timer set, or the Problem of minutes out of range."""
    minutes = int(values[0])
    if not TIMER_MINUTES[0] <= minutes <= TIMER_MINUTES[1]:
        return Problem("timer", {"range": TIMER_MINUTES, "value": minutes})
    return replace(choice, knobs={**choice.knobs, "timer": minutes})


def table_rules(choice: Any) -> dict[str, int]:
    """The rules the engine is dealt with: the timer the host set, in seconds (else none)."""
    minutes = choice.knobs.get("timer")
    return {} if minutes is None else {"timer_seconds": 60 * int(minutes)}


def timer_minutes(choice: Any) -> int:
    """The timer `choice` sets, in minutes (the default when unset)."""
    return int(choice.knobs.get("timer", DEFAULT_RULES["timer_seconds"] // 60))
