"""One table, many games (issue 26): outside a game's own package, no code names a game or tests
a game's state type; it asks the registry for the game of a row and calls the game's interface.

Every `.py` file under sh_sms/ is read token by token (comments and docstrings included): none
outside `sh_sms/games/<name>/` holds a registered game's name as a word, but the registry's
list (`gamekind/registry.py`) and the migrations (history is not rewritten). By its syntax tree,
no such file calls `isinstance` with a class a game's package defines, nor imports from one.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from sh_sms.gamekind import registry

PACKAGE = Path(__file__).resolve().parents[1] / "sh_sms"
GAMES = PACKAGE / "games"
ALLOWED = {PACKAGE / "gamekind" / "registry.py"}
HISTORY = PACKAGE / "store" / "migrations"


def shared_files() -> list[Path]:
    """The Python files of the house: outside every game's package and the registry's list."""
    games = {GAMES / kind.name for kind in registry.kinds()}
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if not any(game in path.parents for game in games)
        and path not in ALLOWED
        and HISTORY not in path.parents
    ]


def test_the_installed_games_are_each_one_package_behind_the_interface():
    names = [kind.name for kind in registry.kinds()]
    assert names[:2] == list(registry.INSTALLED)
    for name in registry.INSTALLED:
        assert (GAMES / name / "__init__.py").is_file(), name
        kind = registry.get(name)
        assert kind.name == name and kind.seats[0] <= kind.seats[1]


def test_no_file_outside_a_game_names_a_game():
    names = [kind.name for kind in registry.kinds()]
    word = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.I)
    found = []
    for path in shared_files():
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
        for token in tokens:
            if word.search(token.string):
                found.append(f"{path.relative_to(PACKAGE)}:{token.start[0]}: {token.string!r}")
    assert not found, "\n".join(found)


def test_no_file_outside_a_game_imports_one_or_tests_its_state_type():
    packages = {f"sh_sms.games.{kind.name}" for kind in registry.kinds()}
    classes = {
        node.name
        for name in registry.INSTALLED
        for path in (GAMES / name).rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
    }
    found = []
    for path in shared_files():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(tuple(packages)):
                found.append(f"{path.name} imports {node.module}")
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "isinstance"
                and len(node.args) == 2
                and {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)} & classes
            ):
                found.append(f"{path.name}:{node.lineno} tests a game's type")
    assert not found, "\n".join(found)
