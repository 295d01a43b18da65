"""Computer players: `players.is_bot`; the host's bot pause and the bot job's due time.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `players.is_bot`, `game_clocks.bot_seconds` and `game_clocks.bot_due_at`."""
    # Every existing player is a person; the default is only there to fill them in.
    with op.batch_alter_table("players") as batch:
        batch.add_column(
            sa.Column("is_bot", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("players") as batch:
        batch.alter_column("is_bot", server_default=None)
    with op.batch_alter_table("game_clocks") as batch:
        batch.add_column(sa.Column("bot_seconds", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("bot_due_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_game_clocks_bot_due_at", ["bot_due_at"], unique=False)


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.drop_index("ix_game_clocks_bot_due_at")
        batch.drop_column("bot_due_at")
        batch.drop_column("bot_seconds")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("is_bot")
