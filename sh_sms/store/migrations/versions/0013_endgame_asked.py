"""When the host was last asked to confirm ENDGAME: `game_clocks.endgame_asked_at` (issue 25).

A bare YES or NO from the host soon after is asked about (ENDGAME YES, or the vote), never
taken for a vote by mistake.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add `game_clocks.endgame_asked_at` (NULL: not asked lately)."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.add_column(sa.Column("endgame_asked_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop it again."""
    with op.batch_alter_table("game_clocks") as batch:
        batch.drop_column("endgame_asked_at")
