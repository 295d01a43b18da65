"""House rules: `games.house_rules`, the ruleset a host picks in the lobby (issue 21).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `games.house_rules` (NULL: the standard game, as every existing game is)."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("house_rules", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop it again."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("house_rules")
