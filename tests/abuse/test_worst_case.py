"""The worst case one sender can cost in ten minutes holds (docs/operating.md "Limits").

`conversation.bounds.worst_case` sums, from the limits in force, the most each kind of text can
make the service send; an attacker who tries every kind at once for ten minutes stays under it,
and the figure docs/operating.md gives is the one the defaults make.
"""

from __future__ import annotations

import re
from pathlib import Path

from abuse_helpers import segments_caused, settings
from harness import Delivery, Table

from sh_sms.config import Settings
from sh_sms.conversation.bounds import NOTICE_SEGMENTS, worst_case

README = Path(__file__).resolve().parents[2] / "docs" / "operating.md"
LONG = ["Abcdefghijk" + c for c in "ABCDEFGHIJ"]  # ten names of twelve letters


def test_the_readme_gives_the_worst_case_of_the_defaults():
    terms = worst_case(Settings())
    text = README.read_text()
    section = text[text.index("## Limits") :]
    assert f"{terms['total']:,} segments" in section
    for name, value in terms.items():
        if name != "total":
            assert re.search(rf"\b{value:,}\b", section), (name, value)


def test_a_table_notice_is_at_most_notice_segments(table: Table):
    """Every notice a limit governs, with the longest names at a full table."""
    host, *rest = LONG
    code = table.lobby(LONG[:9])
    out: list[Delivery] = []
    h = table[host]
    setup = ["SET BOTSPEED 600", "SET QUIET 10:30pm-6:30am", "SET NUDGE 45", "SET DEADLINE 12"]
    setup += ["SET TZ America/Argentina/Buenos_Aires", "BOT 1", "KICK BOT", f"KICK {rest[0]}"]
    for body in setup:
        out.append(h.send(body))
    out.append(table.phone(LONG[9]).send(f"JOIN {code} {LONG[9]}"))
    out.append(table[rest[1]].send("LEAVE"))
    out.append(h.send("STOP"))  # the host leaves: the next one hosts, and hears the options
    out.append(h.send("START"))
    assert max(row.segments for d in out for row in d.rows if row.to_number != d.sender) <= (
        NOTICE_SEGMENTS
    )


def test_one_attacker_trying_everything_for_ten_minutes_stays_under_the_worst_case(
    table: Table, record_property
):
    s = settings(table)
    start = table.clock()
    code = table.lobby(["Mal", *LONG[:9]])
    mal = table["Mal"]
    others = [table.lobby([f"Host{i}", *(f"M{i}x{j}" for j in range(8))]) for i in range(3)]
    sent: list[Delivery] = []

    def go(body: str, seconds: float) -> None:
        table.clock.advance(seconds=seconds)
        sent.append(mal.send(body))

    for i in range(30):  # the host's changes, flipping
        go(f"SET NUDGE {30 + i % 2}", 2)
    for i in range(300):  # a flood of talk: 300 x 9 phones x 2 segments before the limits
        go(f"listen to me, all of you, this is message number {i} of many " * 4, 0.5)
    for _ in range(10):  # opting out and back in
        go("STOP", 1)
        go("START", 1)
    go("LEAVE", 3)
    for other in others * 3:  # churning the lobbies it knows
        go(f"JOIN {other} Mal", 3)
        go("LEAVE", 3)
    for _ in range(20):  # opening games
        go("NEW Mal", 3)
        go("LEAVE", 3)
    elapsed = (table.clock() - start).total_seconds()
    assert elapsed <= 600, elapsed
    caused = segments_caused(sent)
    bound = worst_case(s)["total"]
    record_property(
        "figures",
        f"abuse: one attacker trying everything for {elapsed / 60:.0f} min caused {caused} "
        f"segments (worst case {bound} in 10 min; {len(sent)} texts)",
    )
    assert caused <= bound, (caused, bound)
    assert table.game(code).status == "lobby"
