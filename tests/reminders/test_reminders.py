"""The reminder job on a real database, with a fake clock: who is reminded, when, how often."""

from __future__ import annotations

import dataclasses
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from reminder_table import NAMES, Table

from sh_sms.reminders import job, scheduler
from sh_sms.store import make_engine

MIN = timedelta(minutes=1)


def president(table: Table) -> str:
    return table.seat(table.state().president)


def nominate(table: Table) -> tuple[str, str]:
    """The candidate nominates the first eligible player; return (president, chancellor)."""
    state = table.state()
    chancellor = table.seat(state.eligible_chancellors()[0])
    table.text(table.seat(state.president), f"NOM {chancellor}")
    return table.seat(state.president), chancellor


def test_first_reminder_goes_to_the_awaited_player_only_after_nudge_after(table: Table):
    table.start(5)
    start = table.now
    assert table.run(start + 29 * MIN + timedelta(seconds=59)) == {}
    out = table.run(start + 30 * MIN)
    assert list(out) == [president(table)]
    assert out[president(table)].startswith(f"Reminder, game {table.code} is waiting for you.")
    assert "Reply NOM <name>" in out[president(table)]


def test_repeats_every_nudge_repeat_up_to_nudge_max(table: Table):
    table.start(5)
    start = table.now
    sent = []
    for minutes in range(0, 6 * 60, 5):  # the job runs all afternoon
        now = start + minutes * MIN
        out = table.run(now)
        if out:
            assert list(out) == [president(table)]
            sent.append(minutes)
        assert table.run(now) == {}  # the same instant again sends nothing
    assert sent == [30, 90, 150]  # after 30 min, then every hour; at most 3
    assert table.clock().nudges_sent == 3
    assert table.clock().due_at is None


def test_a_vote_reminds_only_those_who_have_not_voted(table: Table):
    table.start(5)
    table.at(minutes=10)
    pres, chan = nominate(table)
    voted = [n for n in NAMES[:5] if n not in (pres, chan)][:2]
    for name in voted:
        table.text(name, "JA")
    table.at(minutes=29)
    assert table.run() == {}
    out = table.run(table.at(minutes=1))  # 30 minutes after the nomination, not the votes
    assert set(out) == set(NAMES[:5]) - set(voted)
    for name, body in out.items():  # the government reads of itself in the second person
        government = {
            pres: f"your government with Chancellor {chan}",
            chan: f"President {pres} with you as Chancellor",
        }.get(name, f"President {pres} + Chancellor {chan}")
        assert body == f"Your vote is needed on {government}: reply JA or NEIN."
    table.text(pres, "NEIN")
    out = table.run(table.at(hours=1))
    assert set(out) == set(NAMES[:5]) - {*voted, pres}


def test_a_new_decision_starts_a_new_wait(table: Table):
    table.start(5)
    table.run(table.at(minutes=30))  # the nomination's first reminder
    table.at(minutes=20)
    nominate(table)
    clock = table.clock()
    assert clock.wait_key.endswith(":vote:0")
    assert clock.nudges_sent == 0
    assert clock.wait_since == table.now
    assert table.run(table.at(minutes=29)) == {}
    assert len(table.run(table.at(minutes=1))) == 5


def test_each_kind_of_wait_is_reminded_with_what_to_do(table: Table):
    table.start(5)
    pres, chan = nominate(table)
    for name in NAMES[:5]:
        table.text(name, "JA")
    hand = table.state().hand
    out = table.run(table.at(minutes=30))
    assert list(out) == [pres]
    assert f"You are President and hold {' '.join(hand)}." in out[pres]
    assert "Reply DISCARD" in out[pres]
    table.text(pres, f"DISCARD {hand[0]}")
    hand = table.state().hand
    out = table.run(table.at(minutes=30))
    assert list(out) == [chan]
    assert f"You are Chancellor and hold {' '.join(hand)}." in out[chan]
    assert "Reply ENACT" in out[chan]


# (wait start, the instant quiet hours end) in New York with the default 21-8: the first reminder,
# due at 21:15 local, goes out at 08:00 the next morning.
QUIET_NIGHTS = [
    ("summer", datetime(2026, 6, 10, 0, 45, tzinfo=UTC), datetime(2026, 6, 10, 12, 0, tzinfo=UTC)),
    (
        "spring-forward",
        datetime(2026, 3, 8, 1, 45, tzinfo=UTC),
        datetime(2026, 3, 8, 12, 0, tzinfo=UTC),
    ),
    (
        "fall-back",
        datetime(2026, 11, 1, 0, 45, tzinfo=UTC),
        datetime(2026, 11, 1, 13, 0, tzinfo=UTC),
    ),
]


@pytest.mark.parametrize(
    "begin, release", [pytest.param(b, r, id=name) for name, b, r in QUIET_NIGHTS]
)
def test_quiet_hours_hold_reminders_across_midnight_and_dst(table: Table, begin, release):
    table.now = begin  # 20:45 local
    table.start(5)
    now = begin
    while now < release:  # the job runs every 10 minutes all night, and sends nothing
        assert table.run(now) == {}, now
        now += 10 * MIN
    assert table.run(release - timedelta(seconds=1)) == {}
    assert list(table.run(release)) == [president(table)]
    assert table.run(release + 59 * MIN) == {}
    assert list(table.run(release + 60 * MIN)) == [president(table)]


def test_quiet_hours_off_and_another_zone(table: Table):
    night = datetime(2026, 6, 10, 3, 0, tzinfo=UTC)  # 23:00 in New York, 05:00 in Paris
    table.now = night
    table.start(5, before_start=["SET QUIET OFF"])
    assert list(table.run(night + 30 * MIN)) == [president(table)]
    table.text("Ana", "SET QUIET 4-7")
    table.text("Ana", "SET TZ Europe/Paris")  # 06:30 in Paris: quiet until 07:00 there
    assert table.run(night + 90 * MIN) == {}
    assert list(table.run(night + 2 * 60 * MIN)) == [president(table)]


def test_a_restart_between_reminders_neither_loses_nor_repeats_one(table: Table, database_url):
    table.start(5)
    start = table.now
    first = make_engine(database_url)  # the worker before the restart
    assert list(table.run(start + 30 * MIN, engine=first)) == [president(table)]
    first.dispose()
    # The worker is down from +40 to +100 minutes; the second reminder was due at +90.
    second = make_engine(database_url)
    try:
        assert table.run(start + 30 * MIN, engine=second) == {}
        assert list(table.run(start + 100 * MIN, engine=second)) == [president(table)]
        assert table.run(start + 100 * MIN, engine=second) == {}
        assert table.run(start + 159 * MIN, engine=second) == {}
        assert list(table.run(start + 160 * MIN, engine=second)) == [president(table)]
    finally:
        second.dispose()


def test_two_schedulers_at_once_send_each_reminder_once(table: Table, database_url):
    table.start(5)
    start = table.now
    engines = [make_engine(database_url) for _ in range(2)]
    try:
        for due in (30, 90, 150):
            barrier = threading.Barrier(2)
            now = start + due * MIN

            def run(engine, now=now, barrier=barrier):
                barrier.wait()
                return job.run_due(engine, table.settings, now)

            with ThreadPoolExecutor(2) as pool:
                handled = list(pool.map(run, engines))
            assert sum(handled) == 1, handled
            assert list(table.new()) == [president(table)]
    finally:
        for engine in engines:
            engine.dispose()


def test_two_background_schedulers_send_a_reminder_once(table: Table, database_url):
    table.start(5)
    due = table.now + 30 * MIN
    settings = dataclasses.replace(table.settings, reminder_poll_seconds=0.02)
    runs = [0, 0]

    def clock_of(index):
        def clock():
            runs[index] += 1
            return due

        return clock

    engines = [make_engine(database_url) for _ in range(2)]
    schedulers = [
        scheduler.start_scheduler(e, settings, clock_of(i)) for i, e in enumerate(engines)
    ]
    try:
        limit = time.monotonic() + 20
        while min(runs) < 5 and time.monotonic() < limit:  # wait for the jobs, not for game time
            time.sleep(0.01)
    finally:
        for running in schedulers:
            running.shutdown(wait=True)
        for engine in engines:
            engine.dispose()
    assert min(runs) >= 5, runs
    assert list(table.new()) == [president(table)]
    assert table.clock().nudges_sent == 1


def test_an_ended_game_is_never_reminded(table: Table):
    table.start(5)
    table.text("Ana", "ENDGAME")
    table.text("Ana", "ENDGAME YES")
    table.new()
    assert table.run(table.at(minutes=30)) == {}
    assert table.clock().due_at is None
