"""`sh-sms migrate` (Procfile `release:`): bring DATABASE_URL up to the newest Alembic revision,
after the checks every process starts with (the migrating itself is `sh_sms.store.migrate`)."""

from __future__ import annotations

from ..store.db import make_engine
from ..store.migrate import upgrade
from .commandline import command_parser
from .preflight import refused, start


def main(argv: list[str] | None = None) -> int:
    """Migrate the database named by DATABASE_URL (default: a local SQLite file)."""
    command_parser("migrate").parse_args(argv)
    settings = start()
    if settings is None:
        return 1
    engine = make_engine(settings.database_url)
    try:
        if refused(settings, engine, schema=False):  # the release phase: a bad deploy stops here
            return 1
    finally:
        engine.dispose()
    upgrade(settings.database_url)
    return 0
