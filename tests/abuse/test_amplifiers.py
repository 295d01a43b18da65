"""Talk, host commands and opt-out flapping cannot multiply one sender's texts (issue 18, Why 1).

Each attack is replayed by text at an attacker's pace and bounded in outbound segments: before
the limits, one player of ten sending 100 texts of talk in a minute cost 900 texts, 20 texts of
300 `€` 720 segments, `SET NUDGE 30` sent 50 times 500 texts, STOP/START 20 times 380.
"""

from __future__ import annotations

from abuse_helpers import segments_caused, send_paced, settings
from harness import NAMES, Table

from sh_sms.text.gsm import segments, units

TALK = "I think Bob is lying about the cards he drew, look at the tracker and the votes so far"


def test_one_player_of_ten_talking_100_times_a_minute_costs_at_most_a_minute_of_talk(
    table: Table,
):
    table.start(NAMES, seed=3)
    s = settings(table)
    bob = table["Bob"]
    out = send_paced(table, "Bob", [f"{TALK} {i}" for i in range(100)], seconds=0.5)
    to_others = segments_caused(out, leaving_out=bob.number)
    assert to_others <= s.talk_segments_per_minute  # 100 texts x 9 phones before
    told = [d.reply for d in out if d.reply]
    assert len(told) == 2, told  # one notice for talk, one for texts per minute: nothing else
    assert told[0].startswith("Not relayed: you are talking faster than the table")
    assert "Talk again in " in told[0]
    assert told[1].startswith(f"You have sent over {s.texts_per_minute} texts this minute")
    # A minute on, Bob talks again, and everyone hears him.
    table.clock.advance(minutes=1)
    assert set(bob.send("sorry all, I calm down now").others()) == set(NAMES) - {"Bob"}


def test_extension_characters_count_twice_against_the_length_of_talk(table: Table):
    table.start(NAMES, seed=3)
    euros = "€" * 300
    assert units(euros) == 600 and segments(euros) == 4
    out = send_paced(table, "Cy", [euros] * 20, seconds=3)
    assert segments_caused(out, leaving_out=table["Cy"].number) == 0  # 720 segments before
    assert out[0].reply == (
        "Not sent: table talk is limited to 300 characters (yours had 600; each of "
        "€ [ ] { } ^ ~ | \\ counts as two)."
    )
    half = "€" * 150  # 300 units: the most one text of talk may carry
    relayed = table["Cy"].send(half)
    assert set(relayed.others()) == set(NAMES) - {"Cy"}


def test_a_game_out_of_talk_tells_the_table_once_and_comes_back(make):
    table = make(talk_segments_per_hour=100)
    table.start(NAMES[:5], seed=3)
    spoken = []
    for i in range(40):  # five players taking turns, each well within their own minute
        spoken.append(table[NAMES[i % 5]].send(f"{TALK} {i}"))
        table.clock.advance(seconds=10)
    assert segments_caused(spoken) <= 100 + 5 * 2  # the allowance, and one notice to each
    paused = [d for d in spoken if any("Table talk is paused" in b for b in d.values())]
    assert len(paused) == 1 and set(paused[0]) == set(NAMES[:5])  # the whole table, once
    table.clock.advance(hours=1)
    assert len(table["Ana"].send("back to it").others()) == 4


def test_a_host_repeating_a_setting_tells_nobody_else(table: Table):
    table.start(NAMES, seed=3)
    ana = table["Ana"]
    out = send_paced(table, "Ana", ["SET NUDGE 30"] * 50, seconds=3.5)
    to_others = segments_caused(out, leaving_out=ana.number)
    assert to_others == segments_caused(out[:1], leaving_out=ana.number) <= 9  # 500 before
    assert all(d.reply.startswith("No change: you set reminders") for d in out[1:])


def test_a_host_flipping_a_setting_tells_the_table_a_few_times_an_hour(table: Table):
    table.start(NAMES, seed=3)
    s = settings(table)
    bodies = ["SET NUDGE 31", "SET NUDGE 30"] * 25
    out = send_paced(table, "Ana", bodies, seconds=3.5)
    per_phone = {name: sum(name in d for d in out) for name in NAMES if name != "Ana"}
    assert set(per_phone.values()) == {s.host_notices_per_hour}
    notices = [d.reply for d in out if "the table has been told" in d.reply]
    assert len(notices) == 1 and "SETTINGS" in notices[0]
    assert all(d.reply for d in out)  # the host hears of every change


def test_stop_start_flapping_tells_the_table_a_few_times_an_hour(table: Table):
    table.start(NAMES, seed=3)
    s = settings(table)
    eve = table["Eve"]
    out = send_paced(table, "Eve", ["STOP", "START"] * 20, seconds=2)
    to_others = segments_caused(out, leaving_out=eve.number)
    per_phone = {name: sum(name in d for d in out) for name in NAMES if name != "Eve"}
    assert max(per_phone.values()) <= s.reach_notices_per_hour  # 380 texts before
    assert to_others <= s.reach_notices_per_hour * 9 * 3
    assert sum(bool(d.reply) for d in out) <= s.reach_notices_per_hour // 2  # "back in" replies
