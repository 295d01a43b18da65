"""The game each game plays, by its registry name: `games.game` (issue 26).

Backfilled from what said so before: a districts lobby's house rules name its preset, and a
districts game's saved state carries its mark; every other game is the standard one.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27 13:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `games.game` ('standard' unless the rules or the state say districts)."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("game", sa.String(length=16), nullable=False, server_default="standard")
        )
    op.execute(
        "UPDATE games SET game = 'districts'"
        ' WHERE house_rules LIKE \'%"preset": "districts"%\''
        ' OR state LIKE \'%"variant":"districts"%\''
    )


def downgrade() -> None:
    """Drop it again."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("game")
