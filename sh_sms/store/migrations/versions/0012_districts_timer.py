"""The districts variant's timer: `game_clocks.timer_at`, when a running timer ends (issue 22).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `game_clocks.timer_at` (NULL: no timer runs, as in every existing game)."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.add_column(sa.Column("timer_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop it again."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.drop_column("timer_at")
