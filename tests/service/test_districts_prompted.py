"""Issue 27, through POST /sms and the worker's jobs: in whole districts games of people and bots,
after every text and every job run, each person the game waits on has been sent a text that asks
them to act (an outbox row marked critical: a prompt or a reminder) since their wait began (the
span in which they are awaited in one round and phase). The bots' side is `drive`'s own check:
a game that waits only on bots that never move fails it."""

from __future__ import annotations

import pytest
from districts_driver import districts_lobby, drive
from harness import NAMES, Table

from sh_sms.games.districts.engine import awaiting


@pytest.mark.parametrize(("people", "bots", "seed"), [(2, 3, 27), (3, 5, 28), (1, 9, 29)])
def test_every_awaited_person_was_prompted(table: Table, people: int, bots: int, seed: int):
    names = NAMES[:people]
    code = districts_lobby(table, names, bots, seed=seed, timer=3)
    table[names[0]].send("START")
    humans = {p.seat for p in table.players(code) if not p.is_bot}
    seat_of = {table[p.name].number: p.seat for p in table.players(code) if not p.is_bot}
    prompted: set[int] = set(humans)  # START asks everyone to pick a district
    checked = 0

    def on_step(delivery, before, after) -> None:
        nonlocal prompted, checked
        if (before.round, before.phase) != (after.round, after.phase):
            prompted = set()
        waiting = set(awaiting(after)) & humans
        asked = {seat_of[row.to_number] for row in delivery.rows if row.critical}
        prompted = (prompted & waiting) | asked
        assert waiting <= prompted, (after.round, after.phase, waiting - prompted)
        checked += 1

    final, _ = drive(table, code, seed=seed, on_step=on_step)
    assert final.phase == "over" and checked > 20
