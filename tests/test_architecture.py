"""The shape of the code a newcomer relies on (issue 9): handlers are leaves, data flows one way."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sh_sms"
# The handlers every game shares, and a game's own (issue 26 moved the standard game's there).
HANDLERS = PACKAGE / "conversation" / "handlers"
GAME_HANDLERS = PACKAGE / "games" / "standard" / "handlers"
# What hands a text to a handler: a handler that imported one of these would call back up.
UPSTREAM = {"router", "receive", "intake", "routes"}
ENGINES = [PACKAGE / "games" / "standard" / "engine", PACKAGE / "games" / "districts" / "engine"]


def imported(path: Path) -> set[tuple[int, str]]:
    """Every import in `path`, anywhere in it, as (relative level, dotted module or name)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            found |= {(node.level, f"{module}.{a.name}".strip(".")) for a in node.names}
            found.add((node.level, module))
        elif isinstance(node, ast.Import):
            found |= {(0, a.name) for a in node.names}
    return found


def test_handlers_never_import_each_other_or_what_routes_to_them():
    shared = {p.stem for p in HANDLERS.glob("*.py")} - {"__init__"}
    own = {p.stem for p in GAME_HANDLERS.glob("*.py")} - {"__init__"}
    assert {"lobby", "talk"} <= shared and {"play", "info"} <= own
    for folder, handlers in ((HANDLERS, shared), (GAME_HANDLERS, own)):
        for path in sorted(folder.glob("*.py")):
            for level, name in imported(path):
                first, last = name.split(".")[0], name.split(".")[-1]
                assert not (level == 1 and first in handlers), f"{path.name} imports {name}"
                assert not (level >= 2 and first in UPSTREAM), f"{path.name} imports {name}"
                assert not (level >= 2 and last in UPSTREAM), f"{path.name} imports {name}"
                assert "handlers" not in name.split("."), f"{path.name} imports {name}"


def test_the_engine_imports_no_web_database_or_twilio_code():
    banned = ("flask", "sqlalchemy", "sqlmodel", "twilio", "psycopg", "werkzeug")
    for engine in ENGINES:
        paths = sorted(engine.glob("*.py"))
        assert len(paths) > 5, engine  # the engine is where it is said to be
        for path in paths:
            for level, name in imported(path):
                assert level > 0 or not name.startswith(banned), f"{path} imports {name}"
                # Beside itself, an engine reads only what every game shares (`gamekind.kit`).
                assert level < 2 or name.startswith("gamekind.kit"), f"{path} reaches out: {name}"
