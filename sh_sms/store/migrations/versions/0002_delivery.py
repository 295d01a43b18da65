"""Delivery: outbox claims, leases and retries; unreachable contacts; the shared send rate.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 04:54:57.174893
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the worker's claim and retry columns, `contacts.unreachable` and `send_rate`."""
    op.create_table(
        "send_rate",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("next_slot", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )
    # Existing contacts are reachable; the default is only there to fill them in.
    with op.batch_alter_table("contacts") as batch_op:
        batch_op.add_column(
            sa.Column("unreachable", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("contacts") as batch_op:
        batch_op.alter_column("unreachable", server_default=None)

    with op.batch_alter_table("outbox") as batch_op:
        batch_op.add_column(sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("claimed_by", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f("ix_outbox_provider_sid"), ["provider_sid"])


def downgrade() -> None:
    """Drop what `upgrade` added."""
    with op.batch_alter_table("outbox") as batch_op:
        batch_op.drop_index(batch_op.f("ix_outbox_provider_sid"))
        for column in ("updated_at", "lease_until", "claimed_by", "next_attempt_at"):
            batch_op.drop_column(column)
    with op.batch_alter_table("contacts") as batch_op:
        batch_op.drop_column("unreachable")
    op.drop_table("send_rate")
