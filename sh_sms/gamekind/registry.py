"""Every game the table can play, by the name saved with each game (`games.game`).

A game's package registers itself when first asked for (`INSTALLED`: its name and module, whose
`game()` returns its `GameKind`); a game that lives elsewhere (a test's) calls `register`. The
house asks `of(row)` for the game of a stored game, `for_preset(word)` for the game a `RULES`
preset picks, and `rule_words()` for every game's words of RULES; it never names a game.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator
from pathlib import Path

from .interface import GameKind, Param

# The registry's list: each installed game's name and the module that makes it.
INSTALLED = {"standard": "sh_sms.games.standard", "districts": "sh_sms.games.districts"}
DEFAULT = "standard"  # a game saved before games had names, and a new lobby
# Commands of `sh-sms` an installed game brings: the command and its module (`main(argv)`).
GAME_COMMANDS = {"demo": "sh_sms.games.standard.demo"}

_kinds: dict[str, GameKind] = {}
_lock = threading.Lock()


def get(name: str | None) -> GameKind:
    """The game called `name` (None: the default); KeyError if no such game is known."""
    name = name or DEFAULT
    found = _kinds.get(name)
    if found is not None:
        return found
    with _lock:
        if name not in _kinds:
            # The one import that runs back up the floors: the games sit above the house, which
            # reaches them only by name, here, when first asked.
            module = importlib.import_module(INSTALLED[name])
            _kinds[name] = module.game()
    return _kinds[name]


def of(row: object) -> GameKind:
    """The game a stored game (a `store.Game` row) is played by."""
    return get(getattr(row, "game", None))


def kinds() -> Iterator[GameKind]:
    """Every known game: the installed ones, then the registered ones."""
    for name in INSTALLED:
        yield get(name)
    yield from (kind for name, kind in list(_kinds.items()) if name not in INSTALLED)


def for_preset(word: str) -> tuple[GameKind, str] | None:
    """The game and preset that `RULES <word>` picks, if any."""
    for kind in kinds():
        preset = kind.presets.get(word)
        if preset is not None:
            return kind, preset
    return None


def param(word: str) -> tuple[GameKind, Param] | None:
    """The first game with a house rule named by `word`, and that rule."""
    for kind in kinds():
        for found in kind.params:
            if word in found.words:
                return kind, found
    return None


def own_folder(name: str, part: str) -> Path | None:
    """The folder of templates (`part`: sms or web) a game brings with it, if it brings one."""
    try:
        folder = get(name).own_templates
    except KeyError:
        return None
    return None if folder is None else folder / part


def register(kind: GameKind) -> None:
    """Add a game that is not installed (a test's own)."""
    with _lock:
        _kinds[kind.name] = kind


def unregister(name: str) -> None:
    """Take a registered game away again."""
    with _lock:
        if name not in INSTALLED:
            _kinds.pop(name, None)
