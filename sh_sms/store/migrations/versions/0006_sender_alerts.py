"""Sender alerts: per game, texts that failed for a reason that is the sender's (`sender_alerts`).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22 20:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create `sender_alerts`, one optional row per game."""
    op.create_table(
        "sender_alerts",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("first_code", sa.String(length=16), nullable=False),
        sa.Column("last_code", sa.String(length=16), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("first_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("host_told", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    """Drop `sender_alerts`."""
    op.drop_table("sender_alerts")
