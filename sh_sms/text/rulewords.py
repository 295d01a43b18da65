"""RULES and its house-rule knobs, read from the words of a text (used by the parser).

`RULES` alone asks to see the rules; `RULES <knob> <values>` becomes Command("rules", arg) with a
canonical arg ("zone 4", "power 1 execution", "deck 6 10", "preset rebalanced"). The words are
the games' own (`GameKind.presets`, `params`, `knob_values`), asked of the registry. Whether a
value is in range, and whether the sender may change the rules, the lobby decides (it says what
would work); here only the shape is read. A word after RULES that names no knob is talk ("rules
are rules"), unless it is close to one: then the usage is the answer.
"""

from __future__ import annotations

from ..gamekind import registry
from .languages import game_names
from .typos import closest, letters

USAGE = "rules"  # the usage text of RULES as a whole (templates/sms/usage/rules.txt)


def read_rules(rest: list[str]) -> tuple[str | None, str | None, bool]:
    """The words after RULES -> (canonical arg or None, the usage topic when the shape is wrong,
    whether the text is talk after all)."""
    if not rest:
        return None, None, False
    word = rest[0].casefold()
    preset = registry.for_preset(game_names().get(word, word))  # REGLAS DISTRITOS
    if preset is not None:
        return (f"preset {preset[1]}", None, False) if len(rest) == 1 else _usage()
    found = registry.param(word)
    if found is None:
        near = closest(letters(word), dict.fromkeys(_words()))
        return (None, USAGE, False) if near else (None, None, True)
    kind, param = found
    values = kind.knob_values(param.name, [w.casefold() for w in rest[1:]])
    if values is None:
        return None, f"rules_{param.name}", False
    return " ".join([param.name, *values]), None, False


def _usage() -> tuple[None, str, bool]:
    return None, USAGE, False


def _words() -> list[str]:
    """Every game's preset and knob words."""
    words = list(game_names())
    for kind in registry.kinds():
        words += [*kind.presets, *(w for param in kind.params for w in param.words)]
    return words
