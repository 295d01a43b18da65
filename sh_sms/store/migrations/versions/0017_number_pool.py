"""A pool of service numbers (issue 35): each game plays on one number (`games.line`, "" for the
home number, as every game before), a phone holds one seat per number (`players.line`, with
`open_number` unique per line instead of alone; the number leads the index, so a phone's
seats on every line are found through it too), every text knows the number it goes from
(`outbox.line`), a kept text the number it was sent to (`dead_letters.to_number`), and a STOP to
one bare number of a pool opts the phone out of that number only (`line_opt_outs`).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LINED = ("games", "players", "outbox")
# SQLite's unique constraint on players.open_number (0001) has no name: batch mode names it.
NAMING = {"uq": "uq_%(table_name)s_%(column_0_name)s"}


def _open_number_unique() -> str:
    """The name of 0001's unique constraint on players.open_number in this database."""
    if op.get_bind().dialect.name == "sqlite":
        return "uq_players_open_number"
    return "players_open_number_key"


def upgrade() -> None:
    """Add the line columns (every existing row on the home line), move the seat's uniqueness
    to (line, open_number), and add `line_opt_outs`."""
    for table in LINED:
        with op.batch_alter_table(table) as batch:
            batch.add_column(
                sa.Column("line", sa.String(length=20), nullable=False, server_default="")
            )
        with op.batch_alter_table(table) as batch:
            batch.alter_column("line", server_default=None)
    with op.batch_alter_table("dead_letters") as batch:
        batch.add_column(sa.Column("to_number", sa.String(length=20), nullable=True))
    with op.batch_alter_table("players", naming_convention=NAMING) as batch:
        batch.drop_constraint(_open_number_unique(), type_="unique")
    op.create_index("uq_players_open_seat", "players", ["open_number", "line"], unique=True)
    op.create_table(
        "line_opt_outs",
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("line", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("number", "line"),
    )


def downgrade() -> None:
    """Back to one open seat per phone (fails while a phone holds seats on two numbers)."""
    op.drop_table("line_opt_outs")
    op.drop_index("uq_players_open_seat", "players")
    with op.batch_alter_table("players", naming_convention=NAMING) as batch:
        batch.create_unique_constraint(_open_number_unique(), ["open_number"])
    with op.batch_alter_table("dead_letters") as batch:
        batch.drop_column("to_number")
    for table in reversed(LINED):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("line")
