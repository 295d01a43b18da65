"""Faults: dead letters (inbound texts kept to be tried again) and `outbox.unsure_since`.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 19:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create `dead_letters`; add `outbox.unsure_since`."""
    op.create_table(
        "dead_letters",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sid", sa.String(length=64), nullable=False),
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("opt_out_type", sa.String(length=16), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=200), nullable=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("sid"),
    )
    op.create_index(op.f("ix_dead_letters_number"), "dead_letters", ["number"])
    op.create_index(op.f("ix_dead_letters_status"), "dead_letters", ["status"])
    with op.batch_alter_table("outbox") as batch_op:
        batch_op.add_column(sa.Column("unsure_since", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop what `upgrade` added."""
    with op.batch_alter_table("outbox") as batch_op:
        batch_op.drop_column("unsure_since")
    op.drop_table("dead_letters")
