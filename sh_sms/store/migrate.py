"""Schema migrations: bring a database up to the newest Alembic revision (`sh-sms migrate`, in
sh_sms.ops.migrate, checks the settings first, then calls `upgrade`)."""

from __future__ import annotations

from alembic import command

from sh_sms.store.schema import ALEMBIC_INI, alembic_config

__all__ = ["ALEMBIC_INI", "alembic_config", "upgrade"]


def upgrade(url: str) -> None:
    """Apply every migration not yet applied to the database at `url` (none: nothing happens)."""
    command.upgrade(alembic_config(url), "head")
