"""The standard game's parameters: its presets and the knobs a host sets on top of one (RULES;
docs/house-rules.md), read from a text's words and resolved into the engine's Ruleset for the
table size at START (pure; no wording).

A knob is one field of the Ruleset; setting it never touches the others. The choice survives
players joining and leaving: the rebalanced tables differ by table size, and a knob set on top
of a preset stays set whatever the size.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...gamekind.interface import Param
from ...gamekind.kit import Problem
from .engine.boards import MAX_PLAYERS, MIN_PLAYERS
from .engine.ruleset import (
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
    Ruleset,
    problems,
)

# RULES <word>: the presets a host may pick by name.
PRESET_WORDS = {"standard": STANDARD, "rebalanced": "rebalanced", "rebalance": "rebalanced"}
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
# The knobs, the words that name them and how many values follow each.
POWERS = ("investigate", "peek", "special_election", "execution", "reverse_investigation")
POWERS += ("peek_and_drop", "none")
PARAMS = (  # defaults: the standard game's (the fascists and the powers depend on the size)
    Param("power", ("power", "slot"), 2, None, POWERS),
    Param("powers", ("powers",), 5, None, POWERS),
    Param("zone", ("zone", "hitlerzone"), 1, 3, HITLER_ZONES),
    Param("veto", ("veto", "vetozone"), 1, 5, VETO_ZONES),
    Param("deck", ("deck",), 2, (6, 11), (LIBERAL_DECK, FASCIST_DECK)),
    Param("track", ("track", "board"), 2, (0, 0), (LIBERAL_START, FASCIST_START)),
    Param("fascists", ("fascists", "fascist"), 1, None, FASCISTS),
    Param("knows", ("knows", "hitlerknows"), 1, "off", ("on", "off")),
)
# What a slot's power may be called: the command word that uses it, its name, or none.
POWER_WORDS = {
    "inv": "investigate",
    "investigate": "investigate",
    "investigation": "investigate",
    "peek": "peek",
    "elect": "special_election",
    "special": "special_election",
    "election": "special_election",
    "kill": "execution",
    "execute": "execution",
    "execution": "execution",
    "shoot": "execution",
    "show": "reverse_investigation",
    "reverse": "reverse_investigation",
    "drop": "peek_and_drop",
    "peekdrop": "peek_and_drop",
    "none": "none",
    "-": "none",
    "no": "none",
    "off": "none",
    "0": "none",
}
ON_OFF = {"on": "on", "yes": "on", "true": "on", "off": "off", "no": "off", "false": "off"}


def knob_values(knob: str, words: list[str]) -> list[str] | None:
    """A knob's values in canonical form, or None when they do not have its shape."""
    if knob in ("deck", "track"):
        words = [w.removesuffix("l").removesuffix("f") for w in words]  # DECK 6L 10F
    count = next(p.values for p in PARAMS if p.name == knob)
    if len(words) != count:
        return None
    if knob == "power":
        slot, power = words[0].removeprefix("f"), POWER_WORDS.get(words[1])  # POWER F1 KILL
        return [slot, power] if slot.isdecimal() and power else None
    if knob == "powers":
        powers = [POWER_WORDS.get(w) for w in words]
        return powers if all(powers) else None
    if knob == "knows":
        return [ON_OFF[words[0]]] if words[0] in ON_OFF else None
    return words if all(w.isdecimal() and len(w) <= 2 for w in words) else None


def table_size(players: int) -> int:
    """The table size a lobby's rules are shown for: its players, at least 5, at most 10."""
    return min(max(players, MIN_PLAYERS), MAX_PLAYERS)


def resolve(choice: Any, players: int) -> Ruleset:
    """The Ruleset a lobby's choice (`houserules.Choice`) gives at a table of `players`."""
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


def change(choice: Any, knob: str, values: list[str]) -> Any:
    """The choice after one RULES change of a knob, or the Problem of a value out of range."""
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


def _powers(choice: Any, knob: str, values: list[str]) -> Any:
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


def check(choice: Any, players: int) -> tuple[list[Problem], list[Problem]]:
    """(problems that refuse the choice at any size, problems only at this table size)."""
    found = problems(resolve(choice, table_size(players)), table_size(players))
    return (
        [p for p in found if p.code not in SIZE_PROBLEMS],
        [p for p in found if p.code in SIZE_PROBLEMS],
    )
