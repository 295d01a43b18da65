"""Reminders: per-game host settings and the current wait (`game_clocks`).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 05:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create `game_clocks`, one optional row per game."""
    op.create_table(
        "game_clocks",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("nudge_minutes", sa.Integer(), nullable=True),
        sa.Column("quiet_hours", sa.String(length=16), nullable=True),
        sa.Column("timezone", sa.String(length=64), nullable=True),
        sa.Column("deadline_hours", sa.Integer(), nullable=True),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("last_remind_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("wait_key", sa.String(length=32), nullable=True),
        sa.Column("wait_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("nudges_sent", sa.Integer(), nullable=False),
        sa.Column("last_nudge_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_index(op.f("ix_game_clocks_due_at"), "game_clocks", ["due_at"])


def downgrade() -> None:
    """Drop `game_clocks` (its index goes with it)."""
    op.drop_table("game_clocks")
