"""Game codes cannot run out, and picking one never loops without bound (issue 18, Why 2).

Before, the 160,000 four-letter codes were never reused and a pick looped until it found a free
one: near the end NEW took 0.4, 4.1, 20.9 s, then spun while /healthz timed out. The bound is
asserted in database queries, never in seconds.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from harness import CODE_IN_REPLY, Table
from sqlalchemy import event, insert

from sh_sms.store import ACTIVE, ENDED, LOBBY, OVER, Game, transaction
from sh_sms.store.games import CODE_LENGTHS, CODE_LETTERS, CODE_QUERIES, new_code

NOW = datetime(2026, 3, 4, 17, 0, tzinfo=UTC)
COOLOFF = timedelta(days=30)
MOST_QUERIES = len(CODE_LENGTHS) * CODE_QUERIES


def fill(engine, codes, *, status=ACTIVE, state="{}", at=NOW) -> None:
    """Games holding `codes` (one bulk insert)."""
    rows = [
        {"code": c, "status": status, "seed": 1, "state": state, "version": 0,
         "created_at": at, "updated_at": at}
        for c in codes
    ]  # fmt: skip
    with transaction(engine) as session:
        session.connection().execute(insert(Game), rows)


def pick(engine, letters: str = CODE_LETTERS) -> tuple[str, int]:
    """A new code, and how many statements picking it ran."""
    statements = []

    def count(*_args) -> None:
        statements.append(1)

    event.listen(engine, "before_cursor_execute", count)
    try:
        with transaction(engine) as session:
            code = new_code(session, NOW, COOLOFF, letters)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return code, len(statements)


def codes(letters: str, length: int) -> list[str]:
    return ["".join(c) for c in itertools.product(letters, repeat=length)]


@pytest.mark.parametrize("left", [1, 0])
def test_with_the_space_nearly_full_a_pick_costs_a_bounded_number_of_queries(db_engine, left):
    letters = "BCD"  # 81 four-letter codes, the same search as 160,000, nearly all taken
    every = codes(letters, 4)
    fill(db_engine, every[left:])
    for _ in range(20):
        code, queries = pick(db_engine, letters)
        assert queries <= MOST_QUERIES
        assert code == every[0] or (len(code) == 5 and set(code) <= set(letters))


@pytest.mark.slow
def test_with_159990_of_160000_codes_taken_new_answers_in_a_few_queries(db_engine):
    every = codes(CODE_LETTERS, 4)
    assert len(every) == 160_000
    fill(db_engine, every[10:])
    for _ in range(5):
        code, queries = pick(db_engine)
        assert queries <= MOST_QUERIES
        assert code in every[:10] or len(code) == 5


def test_codes_of_old_games_come_back_and_the_newest_game_owns_the_code(db_engine):
    only = "B"  # one four-letter code, BBBB
    fill(db_engine, ["BBBB"], status=OVER, at=NOW - timedelta(days=1))
    assert pick(db_engine, only)[0] == "BBBBB"  # played a day ago: its board keeps the code
    with transaction(db_engine) as session:
        session.connection().execute(Game.__table__.delete())
    fill(db_engine, ["BBBB"], status=OVER, at=NOW - COOLOFF - timedelta(minutes=1))
    assert pick(db_engine, only)[0] == "BBBB"  # after the cool-off it comes back
    with transaction(db_engine) as session:
        session.connection().execute(Game.__table__.delete())
    fill(db_engine, ["BBBB"], status=ENDED, state=None)  # a lobby closed before it started
    assert pick(db_engine, only)[0] == "BBBB"
    fill(db_engine, ["BBBB"], status=LOBBY, state=None)
    assert pick(db_engine, only)[0] == "BBBBB"  # an open lobby holds its code


def test_new_after_the_cooloff_reuses_a_code_and_its_board_shows_the_new_game(
    table: Table, monkeypatch
):
    monkeypatch.setattr("sh_sms.store.games.CODE_LETTERS", "B")
    old = table.start(["Ana", "Bob", "Cy", "Dee", "Eve"], seed=2)
    assert old == "BBBB"
    table["Ana"].send("ENDGAME")
    table["Ana"].send("ENDGAME YES")
    zed = table.phone("Zed")
    assert zed.send("NEW Zed").reply.startswith("Game BBBBB is open")  # BBBB: on its board
    assert table.phone("Wu").send("join bbbbb Wu").reply.startswith("You joined game BBBBB.")
    table.clock.advance(days=31)
    yan = table.phone("Yan")
    assert CODE_IN_REPLY.search(yan.send("NEW Yan").reply).group(1) == "BBBB"
    state = table.client.get("/g/BBBB.json").get_json()
    assert [p["name"] for p in state["players"]] == ["Yan"]
    assert yan.send("WHO").reply
    assert table.phone("Xi").send("JOIN BBBB Xi").reply.startswith("You joined game BBBB.")
