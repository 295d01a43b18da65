"""Conversation: rematch lobbies and their invitations; a contact told once about dropped emoji;
the pictures a kept text carried.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-22 21:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `games.rematch_of`, `contacts.told_dropped` and the `invites` table."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rematch_of", sa.Integer(), nullable=True))
        batch.create_index("ix_games_rematch_of", ["rematch_of"], unique=False)
    # Existing contacts were never told; the default is only there to fill them in.
    with op.batch_alter_table("contacts") as batch:
        batch.add_column(
            sa.Column("told_dropped", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("contacts") as batch:
        batch.alter_column("told_dropped", server_default=None)
    op.create_table(
        "invites",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("name", sa.String(length=12), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "number"),
    )
    op.create_index("ix_invites_game_id", "invites", ["game_id"], unique=False)
    op.create_index("ix_invites_number", "invites", ["number"], unique=False)
    # Kept texts remember how many pictures came with them (an MMS); none for those already kept.
    with op.batch_alter_table("dead_letters") as batch:
        batch.add_column(sa.Column("media", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("dead_letters") as batch:
        batch.alter_column("media", server_default=None)


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("dead_letters") as batch:
        batch.drop_column("media")
    op.drop_index("ix_invites_number", table_name="invites")
    op.drop_index("ix_invites_game_id", table_name="invites")
    op.drop_table("invites")
    with op.batch_alter_table("contacts") as batch:
        batch.drop_column("told_dropped")
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_rematch_of")
        batch.drop_column("rematch_of")
