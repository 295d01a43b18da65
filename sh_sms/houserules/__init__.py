"""House rules chosen in a lobby: a preset's name plus the host's knobs, kept with the game and
resolved into the engine's Ruleset for the table size at START (pure; no wording).

The preset is a name (`standard`, `rebalanced`; a variant registered later adds its own), so the
choice survives players joining and leaving: the rebalanced tables differ by table size, and a
knob set on top of a preset stays set whatever the size. A knob is one field of the Ruleset;
setting it never touches the others.

Another preset plugs in by name: its resolver in `sh_sms.games.standard.engine.ruleset.PRESETS` (a
function of
the table size) and its word in `sh_sms.text.rulewords.PRESET_WORDS`; a variant with an engine
of its own (seed 004's districts) is picked the same way and dealt by its own module at START.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from ..games.districts import VARIANT as DISTRICTS
from ..games.districts.engine.tables import DEFAULT_RULES as DISTRICTS_RULES
from ..games.standard.engine.boards import MAX_PLAYERS, MIN_PLAYERS
from ..games.standard.engine.ruleset import (
    CUSTOM,
    FASCIST_DECK,
    FASCIST_START,
    HITLER_ZONES,
    LIBERAL_DECK,
    LIBERAL_START,
    PRESETS,
    SLOTS,
    STANDARD,
    VETO_ZONES,
    Problem,
    Ruleset,
    differences,
    problems,
)

FASCISTS = (1, MAX_PLAYERS // 2 - 1)  # at most half the largest table, Hitler included
# Problems that depend on the table size: a lobby may still grow or shrink, so setting a knob
# that has one is allowed (the host is warned); START refuses it.
SIZE_PROBLEMS = frozenset({"fascists", "executions"})
# Each knob: the Ruleset fields it sets, and the range of each value (None: a power or on/off).
KNOBS: dict[str, tuple[tuple[str, tuple[int, int] | None], ...]] = {
    "zone": (("hitler_zone", HITLER_ZONES),),
    "veto": (("veto_zone", VETO_ZONES),),
    "deck": (("liberal_policies", LIBERAL_DECK), ("fascist_policies", FASCIST_DECK)),
    "track": (("liberal_start", LIBERAL_START), ("fascist_start", FASCIST_START)),
    "fascists": (("fascists", FASCISTS),),
    "knows": (("hitler_knows", None),),
}

# Presets with an engine of their own (dealt by their own module at START), and their knobs:
# the districts game's timer, in minutes (docs/districts.md, D8).
VARIANTS = frozenset({DISTRICTS})
TIMER_MINUTES = (1, 60)
VARIANT_KNOBS = {DISTRICTS: frozenset({"timer"})}


@dataclass(frozen=True)
class Choice:
    """What the host picked: a preset and the fields set on top of it (slots as `power1`..)."""

    preset: str = STANDARD
    knobs: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str | None:
        """The stored form; None for the standard game with no knob set."""
        if self.preset == STANDARD and not self.knobs:
            return None
        return json.dumps({"preset": self.preset, "knobs": self.knobs}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> Choice:
        """Read the stored form (None or unreadable: the standard game)."""
        if not text:
            return cls()
        try:
            data = json.loads(text)
            return cls(str(data["preset"]), dict(data.get("knobs") or {}))
        except (ValueError, KeyError, TypeError):
            return cls()


def table_size(players: int) -> int:
    """The table size a lobby's rules are shown for: its players, at least 5, at most 10."""
    return min(max(players, MIN_PLAYERS), MAX_PLAYERS)


def resolve(choice: Choice, players: int) -> Ruleset:
    """The Ruleset `choice` gives at a table of `players`."""
    base = PRESETS.get(choice.preset, PRESETS[STANDARD])(players)
    if not choice.knobs:
        return base
    powers = list(base.powers)
    fields = {}
    for key, value in choice.knobs.items():
        if key.startswith("power"):
            powers[int(key[len("power") :]) - 1] = value
        else:
            fields[key] = value
    return replace(base, name=CUSTOM, powers=tuple(powers), **fields)


def preset(name: str) -> Choice:
    """A preset with no knob set."""
    return Choice(name if name in PRESETS or name in VARIANTS else STANDARD)


def is_variant(choice: Choice) -> bool:
    """Whether `choice` picks a game with an engine of its own (the districts game)."""
    return choice.preset in VARIANTS


def variant_rules(choice: Choice) -> dict[str, int]:
    """The rules a variant's `new_game` is dealt with: the districts timer, in seconds."""
    minutes = choice.knobs.get("timer")
    return {} if minutes is None else {"timer_seconds": 60 * int(minutes)}


def timer_minutes(choice: Choice) -> int:
    """The districts timer `choice` sets, in minutes (the default when unset)."""
    return int(choice.knobs.get("timer", DISTRICTS_RULES["timer_seconds"] // 60))


def change(choice: Choice, arg: str) -> Choice | Problem:
    """The choice after one parsed RULES change (`arg` from sh_sms.text.rulewords), or the
    problem of a value out of its own range."""
    knob, *values = arg.split()
    if knob == "preset":
        return preset(values[0])
    if knob in VARIANT_KNOBS.get(choice.preset, ()):
        return _timer(choice, int(values[0]))
    if is_variant(choice) or knob == "timer":  # a knob of the other game
        return Problem("other_game", {"knob": knob, "preset": choice.preset})
    if knob in ("power", "powers"):
        return _powers(choice, knob, values)
    updates = {}
    for (name, bounds), value in zip(KNOBS[knob], values, strict=True):
        if bounds is None:
            updates[name] = value == "on"
            continue
        number = int(value)
        if not bounds[0] <= number <= bounds[1]:
            return Problem(name_of(name), {"range": bounds, "value": number})
        updates[name] = number
    return replace(choice, knobs={**choice.knobs, **updates})


def _timer(choice: Choice, minutes: int) -> Choice | Problem:
    if not TIMER_MINUTES[0] <= minutes <= TIMER_MINUTES[1]:
        return Problem("timer", {"range": TIMER_MINUTES, "value": minutes})
    return replace(choice, knobs={**choice.knobs, "timer": minutes})


def _powers(choice: Choice, knob: str, values: list[str]) -> Choice | Problem:
    if knob == "power":
        slot = int(values[0])
        if not 1 <= slot <= SLOTS:
            return Problem("slot", {"range": (1, SLOTS), "value": slot})
        slots = {slot: values[1]}
    else:
        slots = dict(enumerate(values, 1))
    updates = {f"power{n}": None if p == "none" else p for n, p in slots.items()}
    return replace(choice, knobs={**choice.knobs, **updates})


def name_of(field_name: str) -> str:
    """The problem code of a Ruleset field out of range (the engine's codes)."""
    return {
        "liberal_policies": "liberal_deck",
        "fascist_policies": "fascist_deck",
    }.get(field_name, field_name)


def check(choice: Choice, players: int) -> tuple[list[Problem], list[Problem]]:
    """(problems that refuse the choice at any size, problems only at this table size)."""
    if is_variant(choice):  # its knobs were checked as they were set; 5-10 players as here
        return [], []
    found = problems(resolve(choice, table_size(players)), table_size(players))
    return (
        [p for p in found if p.code not in SIZE_PROBLEMS],
        [p for p in found if p.code in SIZE_PROBLEMS],
    )


def summary(rules: Ruleset, players: int) -> dict[str, Any]:
    """The rules as the wording shows them: every value, and what differs from standard."""
    return {
        "rules": rules,
        "players": players,
        "liberals": players - rules.fascists - 1,
        "diff": differences(rules, players),
    }
