"""The bot job: bots move one pause after their turn comes, from the worker, once; a restart
loses nothing; claims follow a government; reminders and deadlines never wait on a bot."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime, timedelta

import pytest
from bot_phones import PAUSE, Phones, settings_for, texts_to_bots, wait_for_commit

from sh_sms.botplay import job as bot_job
from sh_sms.delivery.mailbox import Mailbox
from sh_sms.games.standard.engine import awaiting
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.state import NOMINATE, OVER, VOTE
from sh_sms.games.standard.textbot import action_text
from sh_sms.jobs import Worker
from sh_sms.store import lock_game, make_engine, transaction
from sh_sms.text.numbers import bot_number

SECOND = timedelta(seconds=1)
ROLES = [
    "liberal",
    "liberal",
    "fascist",
    "hitler",
    "liberal",
]  # Ana, BenBot, CalBot, DotBot, EliBot


def bot_candidate(phones: Phones, **start) -> None:
    """A started game of Ana and four bots in which BenBot is the candidate, as of now."""
    phones.start(**start)
    phones.rig(roles=ROLES, president=1, rotation=1)


def play_out(phones: Phones, seed: int = 1, until=lambda state: state.phase == OVER) -> None:
    """People make random moves when the game waits on them; otherwise the bots move after a
    pause."""
    chooser = RandomBot(seed)
    people = {p.seat: p.name for p in phones.players() if not p.is_bot}
    for _ in range(2000):
        state = phones.state()
        if until(state) or phones.game().status != "active":
            return
        waiting = [seat for seat in awaiting(state) if seat in people]
        if waiting:
            move = chooser.act(state, waiting[0])
            phones.text(people[waiting[0]], action_text(move, state.names))
        else:
            phones.bots(phones.at(seconds=5))
    raise AssertionError("the game did not get there")


def test_a_bot_moves_one_pause_after_its_turn_comes(phones: Phones):
    bot_candidate(phones)
    begun = phones.now
    assert phones.clock().bot_due_at == begun + PAUSE
    assert phones.bots(begun + PAUSE - SECOND) == {}  # not due yet
    assert phones.state().phase == NOMINATE

    out = phones.bots(phones.at(seconds=5))
    state = phones.state()
    assert state.phase == VOTE and state.president == 1
    assert list(out) == ["Ana"] and out["Ana"].startswith("BenBot nominated ")

    assert phones.bots(phones.at(seconds=4)) == {}  # the bots vote one pause after the vote began
    assert phones.bots(phones.at(seconds=1)) == {}  # ... and nobody hears of it
    state = phones.state()
    assert state.votes[0] is None and None not in state.votes[1:]
    assert phones.clock().bot_due_at is None  # nothing more for the bots until Ana votes

    out = phones.text("Ana", "JA")
    for _ in range(4):  # if the bots move next, the result rides in the text their move brings
        if "ELECTED " in out.get("Ana", "") or "REJECTED " in out.get("Ana", ""):
            break
        assert out == {}, out
        out = phones.bots(phones.at(seconds=5))
    assert "ELECTED " in out["Ana"] or "REJECTED " in out["Ana"]


def test_the_host_sets_the_pause(phones: Phones):
    bot_candidate(phones, before=("SET BOTSPEED 30",))
    assert phones.bots(phones.at(seconds=29)) == {}
    assert phones.state().phase == NOMINATE
    out = phones.text("Ana", "SET BOTSPEED 0")
    assert out == {
        "Ana": "You set the computer players' pause to none: they move as soon as their turn comes."
    }
    assert phones.bots()["Ana"].startswith("BenBot nominated ")
    assert "bots pause 0 s" in phones.text("Ana", "SETTINGS")["Ana"]


def test_two_workers_move_a_bot_once(phones: Phones, database_url: str):
    bot_candidate(phones)
    due = phones.at(seconds=5)
    engines = [make_engine(database_url) for _ in range(2)]
    start = threading.Barrier(2)
    handled: list[int] = []

    def worker(engine) -> None:
        start.wait()
        handled.append(bot_job.run_due(engine, phones.settings, due))

    threads = [threading.Thread(target=worker, args=(engine,)) for engine in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for engine in engines:
        engine.dispose()
    assert sorted(handled) == [0, 1]
    assert len(phones.events("nominated")) == 1
    assert list(phones.new()) == ["Ana"]


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
def test_a_game_held_by_a_text_is_skipped_then_moved(phones: Phones, database_url: str):
    """FOR UPDATE SKIP LOCKED: the job never waits behind a text, and comes back next run."""
    bot_candidate(phones)
    other = make_engine(database_url)
    try:
        with transaction(phones.engine) as session:
            lock_game(session, phones.game().id)  # a text being handled holds the game
            assert bot_job.run_due(other, phones.settings, phones.at(seconds=5)) == 0
        assert phones.events("nominated") == []
        assert bot_job.run_due(other, phones.settings, phones.at(seconds=1)) == 1
        assert len(phones.events("nominated")) == 1
    finally:
        other.dispose()


def test_a_failed_run_changes_nothing_and_is_tried_again(
    phones: Phones, database_url: str, monkeypatch: pytest.MonkeyPatch
):
    """A run that fails midway (a crash, a killed worker) commits nothing; the due time stays in
    the database, so another worker (or the same after a restart) makes the move, once."""
    bot_candidate(phones)
    real = bot_job.act

    def crash(turn, seat, action):
        real(turn, seat, action)
        raise RuntimeError("the worker died")

    monkeypatch.setattr(bot_job, "act", crash)
    assert phones.bots(phones.at(seconds=5)) == {}
    assert phones.events("nominated") == [] and phones.state().phase == NOMINATE
    assert phones.clock().bot_due_at == phones.now + bot_job.RETRY_AFTER

    monkeypatch.setattr(bot_job, "act", real)
    restarted = make_engine(database_url)
    try:
        assert phones.bots(phones.at(seconds=30), engine=restarted) == {}  # not yet
        out = phones.bots(phones.at(seconds=30), engine=restarted)
    finally:
        restarted.dispose()
    assert out["Ana"].startswith("BenBot nominated ")
    assert len(phones.events("nominated")) == 1


def test_a_bot_in_office_states_its_claim_as_table_talk(phones: Phones):
    bot_candidate(phones)
    play_out(phones, until=lambda state: state.liberal + state.fascist == 1)
    phones.bots(phones.at(seconds=5))  # the claims come one pause after the policy
    claims = phones.events("claim")
    assert claims and all(row.to_seat is None for row in claims)  # public: other bots read them
    names = [p.name for p in phones.players()]
    heard = phones.inbox("Ana")
    for row in claims:
        claim = json.loads(row.data)
        assert names[claim["seat"]].endswith("Bot")
        assert any(line.startswith(f"{names[claim['seat']]}: I ") for line in heard)


def test_reminders_and_deadlines_never_wait_on_bots(phones: Phones):
    bot_candidate(phones, before=("SET DEADLINE 1",))
    begun = phones.now
    # A wait on a bot alone: no reminder, no deadline move, even when the bot is late.
    assert phones.reminders(begun + timedelta(minutes=30)) == {}
    assert phones.clock().due_at is None
    assert phones.reminders(begun + timedelta(hours=2)) == {}
    assert phones.state().phase == NOMINATE
    assert phones.text("Ana", "REMIND") == {
        "Ana": "Nobody to remind: the game waits on computer players, who move by themselves."
    }

    phones.bots(phones.at(seconds=5))  # BenBot nominates: the vote waits on Ana and the bots
    voting = phones.now
    out = phones.reminders(voting + timedelta(minutes=30))  # the bots have not voted (late)
    assert list(out) == ["Ana"] and out["Ana"].startswith("Your vote is needed")
    out = phones.reminders(voting + timedelta(hours=1))  # the deadline moves for Ana alone
    assert out["Ana"].startswith("Time ran out for you; a vote was cast at random.")
    state = phones.state()
    assert state.phase == VOTE and state.votes[0] is not None and state.votes[1:] == [None] * 4
    out = phones.bots(voting + timedelta(hours=1))
    assert phones.state().phase != VOTE  # the bots voted, the election is decided


def test_a_whole_game_queues_nothing_for_a_bot(phones: Phones):
    phones.start(people=2, bots=3, seed=11)
    play_out(phones, seed=3)
    assert phones.state().phase == OVER
    assert texts_to_bots(phones.engine) == 0
    assert phones.clock().bot_due_at is None


def test_rematch_seats_the_bots_again(phones: Phones):
    phones.start(seed=5)
    play_out(phones, seed=5)
    out = phones.text("Ana", "REMATCH")
    code = out["Ana"].split()[1]
    assert "Back at the table: BenBot, CalBot, DotBot, EliBot." in out["Ana"]
    phones.code = code
    game = phones.game()
    rows = phones.players()
    assert [(p.name, p.is_bot, p.is_host) for p in rows] == [
        ("Ana", False, True),
        *((name, True, False) for name in ("BenBot", "CalBot", "DotBot", "EliBot")),
    ]
    assert game.rematch_of is not None
    assert list(phones.text("Ana", "START")) == ["Ana"]


def test_the_mailbox_never_queues_for_a_bot():
    mail = Mailbox()
    mail.add(bot_number("FinBot"), "You are LIBERAL.")
    mail.say(bot_number("GiaBot"), "reply/talk", name="Ana", text="hi")
    mail.add("", "a text for nobody")
    assert mail.bodies() == {}
    mail.add("+15550100001", "hi")
    assert list(mail.bodies()) == ["+15550100001"]


def test_the_worker_process_moves_the_bots(db_engine, database_url):
    """`sh-sms worker` (and WORKER_IN_WEB) runs the bot job beside the reminders."""
    settings = settings_for(database_url, bot_poll_seconds=0.05, worker_poll_seconds=0.05)
    phones = Phones(db_engine, settings, now=datetime.now(UTC))
    bot_candidate(phones, before=("SET BOTSPEED 0",))
    worker = Worker(db_engine, settings)
    thread = threading.Thread(target=worker.run, daemon=True)
    thread.start()
    try:
        assert wait_for_commit(lambda: phones.events("nominated"))
    finally:
        worker.stop()
        thread.join(30)
    assert phones.state().phase == VOTE
