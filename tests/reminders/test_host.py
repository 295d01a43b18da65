"""The host's tools by text: SET, SETTINGS, REMIND, PAUSE and RESUME."""

from __future__ import annotations

from datetime import timedelta

import pytest
from reminder_table import NAMES, Table

MIN = timedelta(minutes=1)
FIVE = NAMES[:5]
DEFAULTS = (
    "reminders after 30 min, then every 1 h, at most 3 per move; quiet hours 21:00-08:00, "
    "time zone America/New_York; deadline off; bots pause 5 s; room mode off."
)


def president(table: Table) -> str:
    return table.seat(table.state().president)


def test_settings_lists_the_defaults_to_anyone(table: Table):
    table.start(5)
    out = table.text("Cy", "SETTINGS")
    assert list(out) == ["Cy"]
    assert out["Cy"].startswith(f"Game {table.code} settings: {DEFAULTS}")
    assert out["Cy"].endswith(
        "Watchers: on. The host can SET NUDGE, QUIET, TZ, DEADLINE, BOTSPEED, ROOM or WATCH:"
        " HELP SET says how."
    )


@pytest.mark.parametrize(
    "text, told",
    [
        ("SET NUDGE 10", "Ana set reminders after 10 min, then every 10 min, at most 3 per move."),
        ("set nudge off", "Ana set reminders off."),
        (
            "SET QUIET 22-7",
            "Ana set quiet hours 22:00-07:00 (America/New_York): no reminders then.",
        ),
        (
            "SET QUIET 10:30pm-6am",
            "Ana set quiet hours 22:30-06:00 (America/New_York): no reminders then.",
        ),
        ("SET QUIET OFF", "Ana set quiet hours off."),
        (
            "SET TZ europe/london",
            "Ana set the time zone to Europe/London; quiet hours are 21:00-08:00 there.",
        ),
        (
            "SET DEADLINE 12",
            "Ana set a deadline of 12 h per move: "
            "whoever has not acted by then gets a random move.",
        ),
        ("SET DEADLINE 3;SET DEADLINE OFF", "Ana turned the deadline off."),
    ],
)
def test_every_player_is_told_of_a_change(table: Table, text: str, told: str):
    table.start(5)
    *before, text = text.split(";")
    for earlier in before:
        table.text("Ana", earlier)
    out = table.text("Ana", text)
    assert out == {name: told for name in FIVE[1:]} | {"Ana": told.replace("Ana", "You", 1)}


def test_a_setting_set_to_what_it_is_tells_only_the_host(table: Table):
    table.start(5)
    assert list(table.text("Ana", "SET NUDGE 10")) == FIVE
    for _ in range(3):
        out = table.text("Ana", "SET NUDGE 10")
        assert out == {
            "Ana": "No change: you set reminders after 10 min, then every 10 min, at most 3 per "
            "move. Nobody else was told."
        }
    out = table.text("Ana", "SET DEADLINE OFF")  # off is the default
    assert out == {"Ana": "No change: you turned the deadline off. Nobody else was told."}


def test_settings_can_be_changed_in_the_lobby_and_hold_in_the_game(table: Table):
    table.start(5, before_start=["SET NUDGE 5", "SET DEADLINE 2", "SET QUIET OFF", "SET TZ UTC"])
    out = table.text("Bob", "SETTINGS")
    assert out["Bob"].startswith(
        f"Game {table.code} settings: reminders after 5 min, then every 5 min, at most 3 per move; "
        "quiet hours off, time zone UTC; deadline 2 h per move; bots pause 5 s; room mode off."
    )
    assert list(table.run(table.at(minutes=5))) == [president(table)]


def test_only_the_host_may_change_anything(table: Table):
    table.start(5)
    for text in (
        "SET NUDGE 5",
        "SET QUIET OFF",
        "SET TZ UTC",
        "SET DEADLINE 1",
        "REMIND",
        "PAUSE",
        "RESUME",
    ):
        assert table.text("Bob", text) == {"Bob": "Only the host, Ana, can do that."}, text
    assert table.clock().nudge_minutes is None
    assert not table.clock().paused


@pytest.mark.parametrize(
    "text, usage",
    [
        ("SET", "The host can SET NUDGE"),
        ("SET NUDGE", "SET NUDGE <minutes> (1-1440)"),
        ("SET NUDGE 0", "SET NUDGE <minutes> (1-1440)"),
        ("SET NUDGE soon", "SET NUDGE <minutes> (1-1440)"),
        ("SET QUIET 25-8", "SET QUIET <from>-<to>"),
        ("SET TZ Mars/Olympus", "SET TZ <zone>"),
        ("SET DEADLINE 1000", "SET DEADLINE <hours> (1-168)"),
        ("SET QUEIT 21-8", "Did you mean SET QUIET 21-8?"),
    ],
)
def test_a_bad_setting_gets_usage_and_changes_nothing(table: Table, text: str, usage: str):
    table.start(5)
    out = table.text("Ana", text)
    assert list(out) == ["Ana"]
    assert out["Ana"].startswith(usage), out
    clock = table.clock()
    assert (clock.nudge_minutes, clock.quiet_hours, clock.timezone, clock.deadline_hours) == (
        None,
        None,
        None,
        None,
    )


def test_set_nudge_moves_the_next_reminder(table: Table):
    table.start(5)
    table.at(minutes=5)
    table.text("Ana", "SET NUDGE 10")  # 10 minutes after the wait began, not after the change
    assert table.run(table.at(minutes=4, seconds=59)) == {}
    assert list(table.run(table.at(seconds=1))) == [president(table)]
    assert list(table.run(table.at(minutes=10))) == [president(table)]
    table.text("Ana", "SET NUDGE OFF")
    assert table.clock().due_at is None
    for _ in range(9):
        assert table.run(table.at(hours=1)) == {}


def test_remind_now_at_most_once_per_ten_minutes(table: Table):
    table.start(5)
    pres = president(table)
    out = table.text("Ana", "REMIND")
    assert out["Ana"].endswith(f"Reminded {'you' if pres == 'Ana' else pres}.")
    assert set(out) == {"Ana", pres}
    assert "Reply NOM <name>" in out[pres]
    table.at(minutes=9, seconds=1)
    assert table.text("Ana", "REMIND") == {
        "Ana": "Reminders were just sent. You can REMIND again in 1 min."
    }
    table.at(seconds=59)
    assert pres in table.text("Ana", "REMIND")
    assert table.clock().nudges_sent == 0  # the job's own reminders are not used up


def test_remind_in_a_vote_reminds_only_those_who_have_not_voted(table: Table):
    table.start(5)
    state = table.state()
    pres, chan = table.seat(state.president), table.seat(state.eligible_chancellors()[0])
    table.text(pres, f"NOM {chan}")
    table.text(pres, "JA")
    table.text(chan, "JA")
    out = table.text("Ana", "REMIND")
    waiting = [n for n in FIVE if n not in (pres, chan)]
    reminded = ["you", *waiting[1:]] if waiting[0] == "Ana" else waiting  # the host: "you"
    assert out["Ana"].endswith(f"Reminded {', '.join(reminded)}.")
    for name in waiting:  # neither of the government: they voted
        assert f"Your vote is needed on President {pres} + Chancellor {chan}" in out[name]


def test_host_tools_in_the_lobby(table: Table):
    out = table.text("Ana", "NEW Ana")
    code = out["Ana"].split()[1]
    table.text("Bob", f"JOIN {code} Bob")
    table.new()
    for verb in ("REMIND", "PAUSE", "RESUME"):
        assert table.text("Ana", verb) == {
            "Ana": f"Game {code} has not started, so there is nothing to {verb} yet."
        }
    assert table.text("Ana", "SET NUDGE 15") == {
        "Ana": "You set reminders after 15 min, then every 15 min, at most 3 per move.",
        "Bob": "Ana set reminders after 15 min, then every 15 min, at most 3 per move.",
    }
    assert table.text("Bob", "SET NUDGE 5") == {"Bob": "Only the host, Ana, can do that."}
    assert table.text("Bob", "SETTINGS")["Bob"].startswith(
        f"Game {code} settings: reminders after 15 min"
    )


def test_pause_stops_reminders_and_deadlines_until_resume(table: Table):
    table.start(5, before_start=["SET DEADLINE 1"])
    begin = table.now
    out = table.text("Ana", "PAUSE")
    told = "Ana paused the game: no reminders or deadlines until the host texts RESUME."
    assert set(out) == set(FIVE) and all(out[name].startswith(told) for name in FIVE[1:])
    assert out["Ana"] == (
        "You paused the game: no reminders or deadlines until you text RESUME. Everyone can"
        " still play."
    )
    assert table.text("Ana", "PAUSE") == {
        "Ana": "The game is already paused. RESUME starts reminders again."
    }
    for hours in range(1, 24):
        assert table.run(begin + hours * 60 * MIN) == {}
    # Players may still play while paused; the new wait is not reminded either.
    table.at(hours=3)
    state = table.state()
    table.text(table.seat(state.president), f"NOM {table.seat(state.eligible_chancellors()[0])}")
    assert table.run(table.at(hours=2)) == {}
    assert table.state().phase == "vote"

    out = table.text("Ana", "RESUME")
    told = "Ana resumed the game: reminders and any deadline count again from now."
    assert out == {name: told for name in FIVE[1:]} | {"Ana": told.replace("Ana", "You", 1)}
    assert table.text("Ana", "RESUME") == {
        "Ana": "The game is not paused. PAUSE stops reminders and deadlines."
    }
    resumed = table.now
    assert table.run(resumed + 29 * MIN) == {}
    assert len(table.run(resumed + 30 * MIN)) == 5  # every voter
    out = table.run(resumed + 60 * MIN)
    for name, body in out.items():  # every voter's time ran out; each reads "you" first
        others = ", ".join(n for n in FIVE if n != name)
        assert body.startswith(f"Time ran out for you, {others};"), body


def test_help_for_the_host_tools(table: Table):
    table.start(5)
    assert table.text("Bob", "HELP SET")["Bob"].startswith("The host can SET NUDGE")
    assert table.text("Bob", "HELP PAUSE")["Bob"].startswith("PAUSE (host)")
    assert table.text("Bob", "HELP REMIND")["Bob"].startswith("REMIND (host)")
