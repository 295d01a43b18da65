"""Limits: the `allowances` counters; codes that come back; texts counted per number and time.

A game code is unique among unfinished games only (`uq_games_open_code`), so a finished game's
code can be given out again after a cool-off; `ix_inbound_number` becomes
`ix_inbound_number_received` (number, received_at), so the texts a number sent in the current
minute are counted from the index as each text is recorded.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN = sa.text("status IN ('lobby', 'active')")


def upgrade() -> None:
    """Create `allowances`; codes unique among unfinished games; inbound by number and time."""
    op.create_table(
        "allowances",
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("window_start", sa.Integer(), nullable=False),
        sa.Column("used", sa.Integer(), nullable=False),
        sa.Column("cap", sa.Integer(), nullable=False),
        sa.Column("last_cost", sa.Integer(), nullable=False),
        sa.Column("refusals", sa.Integer(), nullable=False),
        sa.Column("last_ok", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_code")
        batch.create_index("ix_games_code", ["code"], unique=False)
    op.create_index(
        "uq_games_open_code",
        "games",
        ["code"],
        unique=True,
        postgresql_where=OPEN,
        sqlite_where=OPEN,
    )
    with op.batch_alter_table("inbound") as batch:
        batch.drop_index("ix_inbound_number")
        batch.create_index("ix_inbound_number_received", ["number", "received_at"])


def downgrade() -> None:
    """Undo `upgrade` (codes must then be unique again: finished games sharing one would fail)."""
    with op.batch_alter_table("inbound") as batch:
        batch.drop_index("ix_inbound_number_received")
        batch.create_index("ix_inbound_number", ["number"])
    op.drop_index("uq_games_open_code", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_code")
        batch.create_index("ix_games_code", ["code"], unique=True)
    op.drop_table("allowances")
