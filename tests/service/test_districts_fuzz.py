"""Random texts in a districts game (issue 22): whatever the text, from whichever player, in
whichever phase, the service answers 200, logs no failure, queues at most one GSM-7 SMS per
recipient (the harness checks each), and a game ends only by its rules or the host."""

from __future__ import annotations

import pytest
from districts_driver import districts_lobby
from harness import NAMES, Table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sh_sms.store import ACTIVE

FIVE = NAMES[:5]
WORDS = [
    *("MOVE", "VOTE", "TIMER", "INV", "INVESTIGATE", "DISCARD", "SEND", "move", "vote", "send"),
    *("NOM", "ELECT", "ENACT", "VETO", "EXECUTE", "SHOW", "DROP", "KEEP", "JA", "NEIN", "YES"),
    *("STATUS", "WHO", "ROLE", "HAND", "LOG", "HELP", "RULES", "SAY", "ENDGAME", "TIMER 5"),
    *("please", "for", "to", "me", "D2", "#3", "two", "0", "9", "12", "?", "!!", "\U0001f44d"),
    *FIVE, *(n.lower() for n in FIVE), "Zed", "L", "F", "O", "P", "1", "2", "3", "4",
]  # fmt: skip
SETTINGS = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TEXTS = st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join) | st.text(
    max_size=40
)


@pytest.mark.slow
@SETTINGS
@given(texts=st.lists(st.tuples(st.sampled_from(FIVE), TEXTS), min_size=1, max_size=8))
def test_any_text_in_any_phase_is_handled(new_table, texts):
    table: Table = new_table()
    code = districts_lobby(table, FIVE, 0, seed=4)
    table["Ana"].send("START")
    for name, body in texts:
        if name == "Ana" and body.upper().startswith("ENDGAME"):
            continue  # the host's end is tested on its own
        table[name].send(body)
        assert table.game(code).status == ACTIVE or table.state(code).phase == "over"
    for seat, district in enumerate([1, 1, 2, 2, 3]):  # the texts may have settled some
        if table.state(code).phase == "settle" and table.state(code).where[seat] is None:
            table[FIVE[seat]].send(f"MOVE {district}")
    for name, body in texts:  # the same texts again, now that the rounds have begun
        if name == "Ana" and body.upper().startswith("ENDGAME"):
            continue
        table[name].send(body)
