"""Texts that cost less: `game_clocks.room_from`, the round from which a game's news goes to the
board only (room mode), and `game_clocks.held_news`, public events waiting for a computer
player's move to ride in its texts.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `game_clocks.room_from` (NULL: room mode off, as every existing game is) and
    `game_clocks.held_news` (NULL: nothing held)."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.add_column(sa.Column("room_from", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("held_news", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop it again."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.drop_column("held_news")
        batch.drop_column("room_from")
