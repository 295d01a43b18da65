"""The shape of the code a newcomer relies on (issue 9): handlers are leaves, data flows one way."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sh_sms"
HANDLERS = PACKAGE / "conversation" / "handlers"
# What hands a text to a handler: a handler that imported one of these would call back up.
UPSTREAM = {"router", "receive", "intake"}


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
    handlers = {p.stem for p in HANDLERS.glob("*.py")} - {"__init__"}
    assert {"lobby", "play", "talk", "info"} <= handlers
    for path in sorted(HANDLERS.glob("*.py")):
        for level, name in imported(path):
            first = name.split(".")[0]
            assert not (level == 1 and first in handlers), f"{path.name} imports handler {name}"
            assert not (level == 2 and first in UPSTREAM), f"{path.name} imports {name}"
            assert "sh_sms.conversation.handlers" not in name, f"{path.name} imports {name}"


def test_the_engine_imports_no_web_database_or_twilio_code():
    banned = ("flask", "sqlalchemy", "sqlmodel", "twilio", "psycopg", "werkzeug")
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        for level, name in imported(path):
            assert level > 0 or not name.startswith(banned), f"engine/{path.name} imports {name}"
            assert level < 2, f"engine/{path.name} reaches out of the engine: {name}"
