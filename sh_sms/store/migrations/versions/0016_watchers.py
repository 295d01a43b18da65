"""Watchers (issue 29): numbers in no game that follow one game's public news by text
(`watchers`), and the host's switch for it with the count the step texts check
(`game_clocks.watch_off`, `game_clocks.watchers`).

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27 13:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the `watchers` table and the clock's two watch columns."""
    op.create_table(
        "watchers",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("name", sa.String(length=12), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_watchers_game_id", "watchers", ["game_id"])
    op.create_index("ix_watchers_number", "watchers", ["number"], unique=True)
    with op.batch_alter_table("game_clocks") as batch:
        batch.add_column(
            sa.Column("watch_off", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("watchers", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("game_clocks") as batch:
        batch.alter_column("watch_off", server_default=None)
        batch.alter_column("watchers", server_default=None)


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.drop_column("watchers")
        batch.drop_column("watch_off")
    op.drop_index("ix_watchers_number", "watchers")
    op.drop_index("ix_watchers_game_id", "watchers")
    op.drop_table("watchers")
