"""A districts game's clock through the reminders job (docs/districts.md, D8 and D16), on a fake
clock: the timer a player starts runs out when it says (quiet hours or not), a district split
with every vote in starts the timer by itself, and a host's deadline makes the rules' default
move once the people it waits on were reminded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reminder_table import NAMES, Table

MIN = timedelta(minutes=1)
FIVE = NAMES[:5]


def districts(table: Table, *before_start: str) -> None:
    """Five people in a started districts game (settling), with the host's settings first."""
    table.start(5, seed=3, before_start=["RULES DISTRICTS", *before_start])
    assert table.state().phase == "settle"


def settle(table: Table, where: list[int]) -> None:
    for seat, district in enumerate(where):
        table.text(NAMES[seat], f"MOVE {district}")
    assert table.state().phase == "vote"


def test_the_timer_runs_out_when_it_says(table: Table):
    districts(table, "RULES TIMER 5")
    settle(table, [1, 1, 2, 2, 3])
    table.text("Eve", "VOTE Eve")
    out = table.text("Eve", "TIMER")
    assert out["Ana"] == (
        "Eve started the timer: D1, D2 must elect in 5 min or send nobody this round."
    )
    start = table.now
    assert table.clock().timer_at.replace(tzinfo=UTC) == start + 5 * MIN
    assert table.run(start + 5 * MIN - timedelta(seconds=1)) == {}
    out = table.run(start + 5 * MIN)
    assert set(out) == set(FIVE)
    assert out["Ana"].startswith(
        "D1 elected nobody in time.\nD2 elected nobody in time.\nCapitol: Eve draws 3"
    )
    state = table.state()
    assert state.phase == "draw" and state.closed == ["timer", "timer", "elected"]
    assert table.clock().timer_at is None


def test_a_split_district_starts_the_timer_by_itself(table: Table):
    districts(table)
    settle(table, [1, 1, 2, 2, 3])
    for voter, candidate in (("Cy", "Cy"), ("Dee", "Cy"), ("Eve", "Eve"), ("Ana", "Ana")):
        table.text(voter, f"VOTE {candidate}")
    out = table.text("Bob", "VOTE Bob")  # D1 split one to one, and nobody else votes
    assert out["Cy"] == ("The timer is running: D1 must elect in 10 min or send nobody this round.")
    assert table.state().timer_ends is not None
    out = table.text("Bob", "VOTE Ana")  # votes may change until the timer runs out
    assert "Ana goes to the capitol for D1" in out["Eve"]
    assert table.state().phase in ("draw", "investigate")


def test_the_timer_ignores_quiet_hours(table: Table):
    table.now = datetime(2026, 6, 10, 0, 58, tzinfo=UTC)  # 20:58 in New York: quiet at 21:00
    districts(table, "RULES TIMER 5")
    settle(table, [1, 1, 2, 2, 3])
    table.text("Eve", "VOTE Eve")
    table.text("Eve", "TIMER")
    out = table.run(table.now + 5 * MIN)  # 21:03, in quiet hours: the players started it
    assert "D1 elected nobody in time" in out["Ana"]


def test_a_deadline_makes_the_rules_default_move(table: Table):
    districts(table, "SET DEADLINE 1")
    begin = table.now
    table.text("Ana", "MOVE 1")
    table.text("Bob", "MOVE 1")
    out = table.run(begin + 30 * MIN)  # a reminder first, to those still to choose
    assert set(out) == {"Cy", "Dee", "Eve"}
    assert out["Cy"].startswith(
        f"Reminder, game {table.code} is waiting for you. Pick a district: MOVE 1"
    )
    assert "the game goes on without your choice" in out["Cy"]
    out = table.run(begin + 60 * MIN)  # the rest settle where fewest are (D16)
    state = table.state()
    assert state.where == [1, 1, 2, 3, 2] and state.phase == "vote"
    assert out["Cy"].startswith("Time ran out: you settle in D2, where the fewest were.\nRound 1")
    assert set(out) == set(FIVE)  # everyone learns their district and is asked to vote
    begin = table.now = begin + 60 * MIN
    table.run(begin + 30 * MIN)
    out = table.run(begin + 60 * MIN)  # nobody voted: the timer starts (D16)
    assert out["Ana"].startswith("The timer is running: D1, D2, D3 must elect in 10 min")
    out = table.run(begin + 70 * MIN)  # nobody reached the capitol: the top policy is played
    assert out["Ana"].startswith("Nobody reached the capitol this round.\nThe top policy of")
    assert "was played: Fascist, with no points and no move." in out["Ana"]
    state = table.state()
    assert state.round == 2 and len(state.enacted) == 1 and state.phase == "vote"


def capitol_with_a_deadline(table: Table) -> None:
    """A districts game with a one-hour deadline whose three districts each elected: the
    capitol holds its cards."""
    districts(table, "SET DEADLINE 1")
    settle(table, [1, 1, 2, 2, 3])
    for voter, candidate in (("Ana", "Ana"), ("Bob", "Ana"), ("Cy", "Cy"), ("Dee", "Cy")):
        table.text(voter, f"VOTE {candidate}")
    table.text("Eve", "VOTE Eve")


def test_the_host_reminds_and_a_deadline_discards_at_random(table: Table):
    capitol_with_a_deadline(table)
    state = table.state()
    assert state.phase == "draw"
    drawer = NAMES[state.capitol["draw"]]
    begin = table.now
    out = table.text("Ana", "REMIND")
    assert out[drawer].startswith(f"Reminder, game {table.code} is waiting for you. You drew: 1)")
    assert set(out) == {drawer} | {"Ana"}
    table.run(begin + 30 * MIN)
    out = table.run(begin + 60 * MIN)
    assert set(out) == set(FIVE)
    for name, body in out.items():
        expected = (
            "Time ran out: a random policy was discarded for you."
            if name == drawer
            else f"{drawer} did not choose in time: a random policy was discarded."
        )
        assert body.startswith(expected)
    assert table.state().phase == "take"


def test_the_action_player_is_asked_and_only_the_deadline_plays_for_them(table: Table):
    capitol_with_a_deadline(table)
    state = table.state()
    if state.phase == "investigate":
        table.text(
            NAMES[state.capitol["investigate"]],
            "INV Eve" if state.capitol["investigate"] != 4 else "INV Ana",
        )
    state = table.state()
    table.text(NAMES[state.capitol["draw"]], "DISCARD 1")
    out = table.text(NAMES[table.state().capitol["take"]], "DISCARD 1")
    state = table.state()
    actor = NAMES[state.capitol["action"]]
    assert state.phase == "play" and state.enacted == []
    assert "Reply PLAY to play it for D" in out[actor]
    assert not any("played" in body for body in out.values())
    begin = table.now
    table.run(begin + 30 * MIN)  # the reminder first
    assert table.state().enacted == []
    out = table.run(begin + 60 * MIN)
    assert out[actor].startswith("Time ran out: your policy was played for you.")
    other = next(n for n in FIVE if n != actor)
    assert out[other].startswith(f"Time ran out: {actor}'s policy was played for them.")
    assert len(table.state().enacted) == 1
