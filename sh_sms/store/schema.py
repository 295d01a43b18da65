"""The Alembic config shipped with the package, and whether a database has every migration."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine

VERSION_TABLE = "alembic_version"

# Shipped inside the package with the migrations, so a non-editable install can migrate too.
ALEMBIC_INI = Path(__file__).resolve().parent / "alembic.ini"


def alembic_config(url: str) -> Config:
    """The package's Alembic config, aimed at `url` and leaving the caller's logging alone."""
    config = Config(str(ALEMBIC_INI))
    config.attributes["url"] = url
    config.attributes["configure_logger"] = False
    return config


@cache
def _revisions() -> tuple[str, frozenset[str]]:
    """The head revision this code expects, and every revision it knows."""
    script = ScriptDirectory.from_config(alembic_config(""))
    return script.get_current_head(), frozenset(r.revision for r in script.walk_revisions())


def missing_migrations(engine: Engine) -> tuple[str | None, str] | None:
    """(the database's revision, the code's head) when migrations this code knows are not
    applied yet; None when it is up to date, or ahead of this code (after a rollback)."""
    head, known = _revisions()
    with engine.connect() as conn:  # read directly: Alembic's context logs at info each time
        current = None
        if inspect(conn).has_table(VERSION_TABLE):
            current = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()
    if current == head or (current is not None and current not in known):
        return None
    return current, head
