"""What one inbound text costs the database, pinned so that a regression shows (issue 11).

A text in a started game records its MessageSid (asking, in the same statement, whether the
sender has texts kept as dead letters, how many it sent this minute and the language it chose),
finds its game, locks it and reads the roster under the lock in one statement (on PostgreSQL
the function of migration 0018; on SQLite, whose `BEGIN IMMEDIATE` already holds the lock, a
join), and writes every reply in one statement (issue 35, point 7); a move adds the game's new
state, its clock and its events; talk adds its allowance (docs/operating.md "Limits"). The
budgets are what a text costs today: one statement more fails. One connection per text.
SQLite's `BEGIN IMMEDIATE` is not counted (PostgreSQL's BEGIN does not pass through a cursor).
On SQLite and PostgreSQL.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from harness import FakeClock, Table, deck, make_app, seated
from sqlalchemy import event

from sh_sms.pool import sim_numbers

# Statements per kind of text, at most, on either database.
READ_ONLY = 3  # inbound (+ dead-letter probe, + the sender's texts this minute, + the language
# chosen), the game found and locked with its roster (one statement on either database), outbox
TALK = READ_ONLY + 1  # + the talk allowance of the sender and of the game, counted and checked in
# one statement (talk is what one text can multiply by the table: docs/operating.md "Limits")
MOVE = 7  # + the game's state, its clock (read, and written at a new decision), the events
ROSTER = ("ORDER BY players.seat", "sh_sms_open_game")  # the roster's read: SQLite, PostgreSQL
NO_GAME = 8  # inbound, no open game, no game finished lately, the allowance of texts from a
# number in no game (one statement), whether it watches a game (a watcher's text is answered
# that it reached nobody), the number's contact row (read, then written: the introduction goes
# at most once an interval), the introduction
AFTER_GAME = 6  # inbound, no open game, the game that just finished with the player, roster,
# the talk allowance, the relayed talk


@contextmanager
def counted(table: Table, monkeypatch):
    """Record the statements and connection checkouts of each POST made inside the block."""
    statements: list[str] = []
    checkouts: list[int] = []
    recording = [False]

    def on_statement(_conn, _cursor, statement, *_args) -> None:
        if recording[0] and not statement.lstrip().upper().startswith("BEGIN"):
            statements.append(" ".join(statement.split()))

    def on_checkout(*_args) -> None:
        if recording[0]:
            checkouts.append(1)

    real_post = table.client.post

    def post(*args, **kwargs):
        recording[0] = True
        try:
            return real_post(*args, **kwargs)
        finally:
            recording[0] = False

    monkeypatch.setattr(table.client, "post", post)
    event.listen(table.engine, "before_cursor_execute", on_statement)
    event.listen(table.engine.pool, "checkout", on_checkout)
    try:
        yield statements, checkouts
    finally:
        event.remove(table.engine, "before_cursor_execute", on_statement)
        event.remove(table.engine.pool, "checkout", on_checkout)


def cost(table: Table, monkeypatch, sender: str, body: str, *, silent: bool = False) -> list[str]:
    """The statements one text from `sender` (a phone's label or a number) ran, checked: one
    connection, a 200, and an answer, relayed talk or the next prompts (unless `silent`: a vote
    while others still vote changes the game and texts nobody)."""
    with counted(table, monkeypatch) as (statements, checkouts):
        out = table[sender].send(body) if sender in table.phones else table.send(sender, body)
    assert len(checkouts) == 1, (body, len(checkouts))
    assert bool(out) != silent, (body, out)
    return statements


@pytest.mark.parametrize("body", ["STATUS", "WHO", "HELP", "ROLE", "I trust Bob"])
def test_a_text_that_changes_nothing_costs_three_statements(table: Table, monkeypatch, body):
    seated(table, "L L F H L", draw=deck("F L F"))
    statements = cost(table, monkeypatch, "Cy", body)
    most = TALK if body == "I trust Bob" else READ_ONLY
    assert len(statements) <= most, statements
    assert sum(any(r in s for r in ROSTER) for s in statements) == 1, statements  # roster once
    assert sum(s.startswith("INSERT INTO outbox") for s in statements) == 1, statements


def test_a_move_costs_at_most_seven_statements(table: Table, monkeypatch):
    seated(table, "L L F H L", draw=deck("F L F"))
    nominated = cost(table, monkeypatch, "Ana", "NOM Bob")  # a new decision: the clock moves
    voted = cost(table, monkeypatch, "Cy", "JA", silent=True)  # the same decision goes on
    for statements in (nominated, voted):
        assert len(statements) <= MOVE, statements
        assert sum(s.startswith("INSERT INTO events") for s in statements) <= 1, statements
        assert sum(s.startswith("INSERT INTO outbox") for s in statements) <= 1, statements
    assert len(voted) < len(nominated), (voted, nominated)


def test_a_number_in_no_game_costs_eight_statements(table: Table, monkeypatch):
    statements = cost(table, monkeypatch, "+15557770001", "hello?")
    assert len(statements) <= NO_GAME, statements


def test_a_text_after_the_game_costs_six_statements(table: Table, monkeypatch):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    table["Ana"].send("ENDGAME")
    table["Ana"].send("ENDGAME YES")
    assert table.game(code).status == "ended"
    statements = cost(table, monkeypatch, "Bob", "gg all")
    assert len(statements) <= AFTER_GAME, statements


@pytest.mark.parametrize("size", [3, 10])
def test_a_pool_of_numbers_costs_no_statement_more(database_url, monkeypatch, size):
    """Finding the number texted, the phone, its game there, its seat and its language costs
    the statements of one number, whatever the pool holds (issue 35): the game plays on the
    pool's last number, and the phone sits at a game on the first too."""
    numbers = sim_numbers(size)
    app = make_app(database_url, FakeClock(), sim_numbers=size)
    table = Table(app, FakeClock(), to=numbers[-1])
    try:
        seated(table, "L L F H L", draw=deck("F L F"))
        table["Cy"].send("NEW Cy", to=numbers[0])  # a lobby on another number
        for body in ("STATUS", "WHO", "HELP"):
            assert len(cost(table, monkeypatch, "Cy", body)) <= READ_ONLY
        assert len(cost(table, monkeypatch, "Cy", "I trust Bob")) <= TALK
        assert len(cost(table, monkeypatch, "Ana", "NOM Bob")) <= MOVE
        assert len(cost(table, monkeypatch, "Cy", "JA", silent=True)) <= MOVE
        table.to = numbers[1]  # a number where these phones play nothing
        # An introduction due on a pool first asks whether the phone plays on another number
        # (then it is told where): one statement more, at most once an interval per number.
        assert len(cost(table, monkeypatch, "+15557770002", "hello?")) <= NO_GAME + 1
        assert len(cost(table, monkeypatch, "+15557770002", "hello??", silent=True)) < NO_GAME
    finally:
        table.close()
        app.extensions["sh_sms"].engine.dispose()
