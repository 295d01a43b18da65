"""The outbox learns from the service which texts a game waits on: exactly the rows that ask
their reader to act (a prompt, a hand, a vote request, a reminder) are critical."""

from __future__ import annotations

from sqlmodel import Session

from sh_sms.store import outbox_after


def critical_since(table, after: int) -> dict[str, bool]:
    """Phone name -> whether its row queued after outbox id `after` is critical."""
    with Session(table.engine) as session:
        rows = outbox_after(session, after)
    table.last_id = max([table.last_id, *(r.id for r in rows)])
    return {table.names[r.to_number]: r.critical for r in rows}


def last_id(table) -> int:
    """The newest outbox id so far."""
    table.new()
    return table.last_id


def test_only_the_players_the_game_waits_on_get_critical_texts(table):
    mark = last_id(table)
    table.start(players=5)
    state = table.state()
    president = table.seat(state.president)
    started = critical_since(table, mark)
    assert started == {name: name == president for name in started}

    chancellor = state.names[state.eligible_chancellors()[0]]
    mark = last_id(table)
    table.text(president, f"NOM {chancellor}")
    assert set(critical_since(table, mark).values()) == {True}  # everyone is asked to vote

    for seat in range(5):
        mark = last_id(table)
        table.text(table.seat(seat), "JA")
    after_vote = critical_since(table, mark)  # the last vote: the result, and the hand
    assert len(after_vote) == 5
    assert after_vote == {name: name == president for name in after_vote}


def test_a_status_reply_is_critical_only_for_a_player_the_game_waits_on(table):
    table.start(players=5)
    state = table.state()
    president = table.seat(state.president)
    bystander = table.seat((state.president + 1) % 5)
    mark = last_id(table)
    table.text(president, "STATUS")
    table.text(bystander, "STATUS")
    assert critical_since(table, mark) == {president: True, bystander: False}


def test_reminders_are_critical_and_table_talk_is_not(table):
    table.start(players=5)
    president = table.seat(table.state().president)
    bystander = table.seat((table.state().president + 1) % 5)
    mark = last_id(table)
    table.text(bystander, "hurry up")
    assert set(critical_since(table, mark).values()) == {False}
    mark = last_id(table)
    table.run(table.at(seconds=table.settings.nudge_after_seconds + 1))
    assert critical_since(table, mark) == {president: True}
