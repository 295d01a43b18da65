"""RULES and its house-rule knobs, read from the words of a text (pure; used by the parser).

`RULES` alone asks to see the rules; `RULES <knob> <values>` becomes Command("rules", arg) with a
canonical arg ("zone 4", "power 1 execution", "deck 6 10", "preset rebalanced"). Whether a value
is in range, and whether the sender may change the rules, the lobby decides (it says what would
work); here only the shape is read. A word after RULES that names no knob is talk ("rules are
rules"), unless it is close to one: then the usage is the answer.
"""

from __future__ import annotations

from .typos import closest, letters

# Presets a host may pick by name (the engine's and, later, other variants' names).
PRESET_WORDS = {"standard": "standard", "rebalanced": "rebalanced", "rebalance": "rebalanced"}
PRESET_WORDS |= {"districts": "districts", "district": "districts"}  # seed 004's game (issue 22)
# Knob word -> canonical knob, and how many values follow it.
KNOB_WORDS = {
    "power": "power",
    "slot": "power",
    "powers": "powers",
    "zone": "zone",
    "hitlerzone": "zone",
    "veto": "veto",
    "vetozone": "veto",
    "deck": "deck",
    "track": "track",
    "board": "track",
    "fascists": "fascists",
    "fascist": "fascists",
    "knows": "knows",
    "hitlerknows": "knows",
    "timer": "timer",  # the districts game's timer, in minutes
}
VALUE_COUNT = {"power": 2, "powers": 5, "zone": 1, "veto": 1, "deck": 2, "track": 2}
VALUE_COUNT |= {"fascists": 1, "knows": 1, "timer": 1}
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
USAGE = "rules"  # the usage text of RULES as a whole (templates/sms/usage/rules.txt)


def read_rules(rest: list[str]) -> tuple[str | None, str | None, bool]:
    """The words after RULES -> (canonical arg or None, the usage topic when the shape is wrong,
    whether the text is talk after all)."""
    if not rest:
        return None, None, False
    word = rest[0].casefold()
    if word in PRESET_WORDS:
        return (f"preset {PRESET_WORDS[word]}", None, False) if len(rest) == 1 else _usage()
    knob = KNOB_WORDS.get(word)
    if knob is None:
        near = closest(letters(word), {**KNOB_WORDS, **PRESET_WORDS})
        return (None, USAGE, False) if near else (None, None, True)
    values = _values(knob, [w.casefold() for w in rest[1:]])
    if values is None:
        return None, f"rules_{knob}", False
    return " ".join([knob, *values]), None, False


def _usage() -> tuple[None, str, bool]:
    return None, USAGE, False


def _values(knob: str, words: list[str]) -> list[str] | None:
    """The knob's values in canonical form, or None when they do not have its shape."""
    if knob in ("deck", "track"):
        words = [w.removesuffix("l").removesuffix("f") for w in words]  # DECK 6L 10F
    if len(words) != VALUE_COUNT[knob]:
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
