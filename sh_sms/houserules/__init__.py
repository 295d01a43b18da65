"""House rules chosen in a lobby: a preset's name plus the host's knobs, kept with the game and
resolved into the game's rules for the table size at START (pure; no wording).

Which game a choice plays is its preset's (`games.registry.for_preset`); each game declares its
parameters (`GameKind.params`), and `RULES` changes only those of the lobby's game. This module
names no game: it asks the registry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..gamekind import registry
from ..gamekind.interface import GameKind
from ..gamekind.kit import Problem


def default_preset() -> str:
    """The preset a lobby starts with: the default game's first."""
    return next(iter(registry.get(None).presets.values()))


@dataclass(frozen=True)
class Choice:
    """What the host picked: a preset and the fields set on top of it (slots as `power1`..)."""

    preset: str = field(default_factory=default_preset)
    knobs: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str | None:
        """The stored form; None for the default preset with no knob set."""
        if self.preset == default_preset() and not self.knobs:
            return None
        return json.dumps({"preset": self.preset, "knobs": self.knobs}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> Choice:
        """Read the stored form (None or unreadable: the default preset)."""
        if not text:
            return cls()
        try:
            data = json.loads(text)
            return cls(str(data["preset"]), dict(data.get("knobs") or {}))
        except (ValueError, KeyError, TypeError):
            return cls()


def kind_of(choice: Choice) -> GameKind:
    """The game a choice plays: its preset's (an unknown preset: the default game)."""
    found = registry.for_preset(choice.preset)
    return found[0] if found is not None else registry.get(None)


def table_size(choice: Choice, players: int) -> int:
    """The table size a lobby's rules are shown for: its players, within the game's seats."""
    least, most = kind_of(choice).seats
    return min(max(players, least), most)


def resolve(choice: Choice, players: int) -> Any:
    """The rules `choice` gives at a table of `players`."""
    return kind_of(choice).rules(choice, players)


def preset(name: str) -> Choice:
    """A preset with no knob set (an unknown name: the default preset)."""
    found = registry.for_preset(name)
    return Choice(found[1]) if found is not None else Choice()


def change(choice: Choice, arg: str) -> Choice | Problem:
    """The choice after one parsed RULES change (`arg` from sh_sms.text.rulewords), or the
    problem of a value out of its own range, or of a knob another game has."""
    knob, *values = arg.split()
    if knob == "preset":
        return preset(values[0])
    kind = kind_of(choice)
    if not any(param.name == knob for param in kind.params):
        return Problem("other_game", {"knob": knob, "preset": choice.preset})
    return kind.change(choice, knob, values)


def check(choice: Choice, players: int) -> tuple[list[Problem], list[Problem]]:
    """(problems that refuse the choice at any size, problems only at this table size)."""
    return kind_of(choice).rule_problems(choice, players)
