"""One round trip to find a text's game and roster on PostgreSQL (issue 35, point 7).

`sh_sms_open_game(number, line)` locks the unfinished game the number plays in on that line
(`FOR UPDATE`), then returns the game with its roster, seat by seat, read after the lock is held.
A single SELECT could not: its snapshot is taken before it waits for the lock, so it would
return the roster of before a KICK or a JOIN that committed meanwhile. Each statement of a
PL/pgSQL function takes its own snapshot. SQLite needs none: `BEGIN IMMEDIATE` already holds the
whole database's lock, and one statement reads both (`store.games.open_game`).

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-03 10:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FUNCTION = """
CREATE OR REPLACE FUNCTION sh_sms_open_game(p_number varchar, p_line varchar)
RETURNS TABLE (found_game games, seated players)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    locked integer;
BEGIN
    SELECT games.id INTO locked
    FROM games JOIN players ON players.game_id = games.id
    WHERE players.line = p_line AND players.open_number = p_number
    FOR UPDATE OF games;
    IF locked IS NULL THEN
        RETURN;
    END IF;
    RETURN QUERY
    SELECT games, players
    FROM games JOIN players ON players.game_id = games.id
    WHERE games.id = locked
    ORDER BY players.seat;
END
$$
"""


def upgrade() -> None:
    """Create the function (PostgreSQL only)."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(FUNCTION)


def downgrade() -> None:
    """Drop the function (PostgreSQL only)."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS sh_sms_open_game(varchar, varchar)")
