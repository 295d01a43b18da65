"""Room mode: `game_clocks.room_from`, the round from which a game's news goes to the board only.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `game_clocks.room_from` (NULL: room mode off, as every existing game is)."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.add_column(sa.Column("room_from", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop it again."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.drop_column("room_from")
