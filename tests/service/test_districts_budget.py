"""What one text of a districts game costs the database: the same budget as a standard game's
(tests/service/test_statement_budget.py), on SQLite and PostgreSQL."""

from __future__ import annotations

from districts_driver import districts_lobby
from harness import NAMES, Table
from test_statement_budget import MOVE, READ_ONLY, TALK, cost


def test_a_districts_text_costs_what_a_standard_one_does(table: Table, monkeypatch):
    districts_lobby(table, NAMES[:5], 0, seed=3)
    table["Ana"].send("START")
    for seat, district in enumerate([1, 1, 2, 2, 3]):
        table[NAMES[seat]].send(f"MOVE {district}")
    for body in ("STATUS", "ROLE", "HELP"):
        assert len(cost(table, monkeypatch, "Cy", body)) <= READ_ONLY, body
    assert len(cost(table, monkeypatch, "Cy", "we should pick Dee")) <= TALK
    voted = cost(table, monkeypatch, "Ana", "VOTE Bob")  # the same decision goes on
    elected = cost(table, monkeypatch, "Eve", "VOTE Eve")  # D3 elects: its own wait goes on
    for statements in (voted, elected):
        assert len(statements) <= MOVE, statements
        assert sum(s.startswith("INSERT INTO events") for s in statements) <= 1, statements
