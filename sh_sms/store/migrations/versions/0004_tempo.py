"""Tempo: critical outbox rows, joined rows, an index of pending rows only, games' send turns.

`ix_outbox_pending` (to_number, id over queued and sending rows) replaces the index on
`outbox.status`, which held every row ever sent and changed with every status change.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PENDING = sa.text("status IN ('queued', 'sending')")


def upgrade() -> None:
    """Add `outbox.critical` and `joined_into`, the partial index `ix_outbox_pending` (instead of
    `ix_outbox_status`) and the `send_turns` table."""
    # Existing rows only inform; the default is only there to fill them in.
    with op.batch_alter_table("outbox") as batch_op:
        batch_op.add_column(
            sa.Column("critical", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.add_column(sa.Column("joined_into", sa.Integer(), nullable=True))
    with op.batch_alter_table("outbox") as batch_op:
        batch_op.alter_column("critical", server_default=None)
    op.drop_index("ix_outbox_status", table_name="outbox")
    op.create_index(
        "ix_outbox_pending",
        "outbox",
        ["to_number", "id"],
        postgresql_where=PENDING,
        sqlite_where=PENDING,
    )
    op.create_table(
        "send_turns",
        sa.Column("game_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("served_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    """Drop what `upgrade` added."""
    op.drop_table("send_turns")
    op.drop_index("ix_outbox_pending", table_name="outbox")
    op.create_index("ix_outbox_status", "outbox", ["status"])
    with op.batch_alter_table("outbox") as batch_op:
        batch_op.drop_column("joined_into")
        batch_op.drop_column("critical")
