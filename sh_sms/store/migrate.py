"""Schema migrations: `sh-sms migrate` brings DATABASE_URL up to the newest Alembic revision."""

from __future__ import annotations

from alembic import command

from sh_sms.ops.commandline import command_parser
from sh_sms.ops.preflight import refused, start
from sh_sms.store.db import make_engine
from sh_sms.store.schema import ALEMBIC_INI, alembic_config

__all__ = ["ALEMBIC_INI", "alembic_config", "main", "upgrade"]


def upgrade(url: str) -> None:
    """Apply every migration not yet applied to the database at `url` (none: nothing happens)."""
    command.upgrade(alembic_config(url), "head")


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
