"""Schema migrations: `sh-sms migrate` brings DATABASE_URL up to the newest Alembic revision."""

from __future__ import annotations

import argparse
from pathlib import Path

from alembic import command
from alembic.config import Config

from sh_sms.config import Settings
from sh_sms.ops.logs import configure_logging
from sh_sms.ops.preflight import refused
from sh_sms.store.db import make_engine

# Shipped inside the package with the migrations, so a non-editable install can migrate too.
ALEMBIC_INI = Path(__file__).resolve().parent / "alembic.ini"


def alembic_config(url: str) -> Config:
    """The repository's Alembic config, aimed at `url` and leaving the caller's logging alone."""
    config = Config(str(ALEMBIC_INI))
    config.attributes["url"] = url
    config.attributes["configure_logger"] = False
    return config


def upgrade(url: str) -> None:
    """Apply every migration not yet applied to the database at `url` (none: nothing happens)."""
    command.upgrade(alembic_config(url), "head")


def main(argv: list[str] | None = None) -> int:
    """Migrate the database named by DATABASE_URL (default: a local SQLite file)."""
    argparse.ArgumentParser(prog="sh-sms migrate").parse_args(argv)
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    engine = make_engine(settings.database_url)
    try:
        if refused(settings, engine):  # the release phase: a bad deploy stops here
            return 1
    finally:
        engine.dispose()
    upgrade(settings.database_url)
    return 0
