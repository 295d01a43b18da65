"""The language a number reads and a game's default (issue 28): `contacts.lang` (chosen with
LANG, IDIOMA, NUEVO or UNIRSE), `players.lang` (the same, kept with the seat so that a game's
roster carries its languages) and `games.lang` (the host's SET LANG); NULL: not chosen.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27 13:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `contacts.lang`, `players.lang` and `games.lang` (NULL: not chosen)."""
    with op.batch_alter_table("contacts") as batch:
        batch.add_column(sa.Column("lang", sa.String(length=8), nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("lang", sa.String(length=8), nullable=True))
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("lang", sa.String(length=8), nullable=True))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("players") as batch:
        batch.drop_column("lang")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("lang")
    with op.batch_alter_table("contacts") as batch:
        batch.drop_column("lang")
