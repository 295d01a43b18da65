"""Initial schema: games, players, events, inbound, outbox, contacts.

Revision ID: 0001
Revises:
Create Date: 2026-11-22 04:39:39.897111
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create every table of `sh_sms.store.models`."""
    op.create_table(
        "contacts",
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("last_intro_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("opted_out", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("number"),
    )

    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_games_code"), "games", ["code"], unique=True)

    op.create_table(
        "inbound",
        sa.Column("sid", sa.String(length=64), nullable=False),
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("sid"),
    )
    op.create_index(op.f("ix_inbound_number"), "inbound", ["number"])

    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("to_number", sa.String(length=20), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("segments", sa.Integer(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("provider_sid", sa.String(length=64), nullable=True),
        sa.Column("error_code", sa.String(length=16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_outbox_game_id"), "outbox", ["game_id"])
    op.create_index(op.f("ix_outbox_status"), "outbox", ["status"])
    op.create_index(op.f("ix_outbox_to_number"), "outbox", ["to_number"])

    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("to_seat", sa.Integer(), nullable=True),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seq"),
    )
    op.create_index(op.f("ix_events_game_id"), "events", ["game_id"])

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("open_number", sa.String(length=20), nullable=True),
        sa.Column("name", sa.String(length=12), nullable=False),
        sa.Column("name_key", sa.String(length=12), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("is_host", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "name_key"),
        sa.UniqueConstraint("open_number"),  # a number is in at most one unfinished game
    )
    op.create_index(op.f("ix_players_game_id"), "players", ["game_id"])
    op.create_index(op.f("ix_players_number"), "players", ["number"])


def downgrade() -> None:
    """Drop every table (their indexes go with them)."""
    for table in ("players", "events", "outbox", "inbound", "games", "contacts"):
        op.drop_table(table)
