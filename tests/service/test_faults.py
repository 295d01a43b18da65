"""Nothing acknowledged is lost, nothing is applied twice: a database connection killed in the
middle of a text, a text that cannot be applied at all (503, kept, applied later in order), a
bug in handling one text (an apology), a player removed while their text waited for the game
lock, and two copies of one MessageSid at the same moment. On PostgreSQL and SQLite."""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import replace

import pytest
from faults import ConnectionKiller, Poster, is_postgres, wait_until_blocked
from harness import Table, deck, seated
from sqlalchemy import event, func
from sqlmodel import Session, select

from sh_sms.conversation import intake
from sh_sms.jobs import Worker
from sh_sms.store import Game, Inbound, Outbox, Player
from sh_sms.store.faults import RetryPolicy

NO_WAIT = RetryPolicy(sleep=lambda _seconds: None)
INTRO = "Secret Hitler by text."


def counts(table: Table):
    return intake.dead_letter_counts(table.engine)


def bodies_to(table: Table, number: str) -> list[str]:
    with Session(table.engine) as session:
        query = select(Outbox.body).where(Outbox.to_number == number).order_by(Outbox.id)
        return list(session.exec(query))


def retry_kept(table: Table) -> int:
    """One round of the worker's dead-letter job."""
    rt = table.app.extensions["sh_sms"]
    return intake.retry_due(table.engine, rt.settings, table.clock, NO_WAIT)


@pytest.fixture
def killer(table: Table, database_url: str):
    """Start killing connections with `killer(**options)`; stopped after the test."""
    made: list[ConnectionKiller] = []

    def start(**options) -> ConnectionKiller:
        made.append(ConnectionKiller(table.engine, database_url, **options))
        return made[-1]

    yield start
    for k in made:
        k.close()


@pytest.mark.parametrize("at", ["statement", "commit"])
def test_a_connection_killed_mid_text_is_retried_and_the_text_applied_once(
    table: Table, killer, caplog, at
):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    table["Ana"].send("NOM Bob")
    version = table.game(code).version
    kill = killer(at=at)
    with caplog.at_level(logging.WARNING):
        table["Cy"].send("JA")  # answered 200, no error logged (the harness checks both)
    assert kill.kills == 1
    assert "db_retry what=receive run=1" in caplog.text
    assert table.game(code).version == version + 1
    assert table.state(code).votes[2] is True
    assert counts(table).pending == 0


def test_a_text_that_cannot_be_applied_gets_a_503_and_is_kept_then_applied_once(
    table: Table, killer
):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    table["Ana"].send("NOM Bob")
    version = table.game(code).version
    kill = killer(times=3)  # every run the retry policy allows
    sid = "SM" + "c" * 32
    response = table.post(table["Cy"].number, "JA", sid=sid)
    assert response.status_code == 503  # Twilio's Fallback URL sends it again
    assert kill.kills == 3
    assert table.game(code).version == version
    assert (counts(table).pending, counts(table).failed) == (1, 0)
    # Twilio's fallback, with the same MessageSid: the kept text goes first, this copy is a
    # duplicate of it; the vote counts once.
    assert table.send(table["Cy"].number, "JA", sid=sid) == {}
    assert table.game(code).version == version + 1
    assert table.state(code).votes[2] is True
    assert counts(table).pending == 0
    assert table.send(table["Cy"].number, "JA", sid=sid) == {}
    assert table.game(code).version == version + 1


def test_the_worker_applies_kept_texts_oldest_first_for_each_sender(table: Table, killer):
    table.lobby(["Ana", "Bob", "Cy"])
    ana, bob, cy = (table[n] for n in ("Ana", "Bob", "Cy"))
    kill = killer(marker="INSERT INTO outbox", times=9)
    assert table.post(ana.number, "SAY first words").status_code == 503
    # Ana's second text tries her first one again (three runs), then waits behind it.
    assert table.post(ana.number, "SAY second words").status_code == 503
    assert table.post(bob.number, "SAY from bob").status_code == 503
    assert kill.kills == 9
    kill.close()
    assert counts(table).pending == 3
    before = len(bodies_to(table, cy.number))
    table.clock.advance(minutes=10)  # Ana's first text was tried again already: it waits
    assert retry_kept(table) == 2  # Ana's first and Bob's: one per sender per round
    assert retry_kept(table) == 1  # Ana's second, now that her first is in
    assert retry_kept(table) == 0
    relayed = bodies_to(table, cy.number)[before:]
    assert relayed == ["Ana: first words", "Bob: from bob", "Ana: second words"]
    assert counts(table).pending == 0


def test_a_text_waits_behind_its_senders_kept_texts(table: Table, killer):
    table.lobby(["Ana", "Bob"])
    ana, bob = table["Ana"], table["Bob"]
    kill = killer(marker="INSERT INTO outbox", times=3)
    assert table.post(ana.number, "SAY one").status_code == 503
    kill.close()
    assert table.post(ana.number, "SAY two").status_code == 200  # the kept text goes first
    assert bodies_to(table, bob.number)[-2:] == ["Ana: one", "Ana: two"]
    assert counts(table).pending == 0


def test_a_bug_in_one_text_gets_an_apology_is_counted_and_not_retried(
    table: Table, monkeypatch, caplog
):
    table.lobby(["Ana", "Bob"])
    real = intake.receive

    def broken(engine, settings, number, body, sid, now, media=0, **options):
        if body == "SAY boom":
            raise ZeroDivisionError("a bug, and +15550001234 in its message")
        return real(engine, settings, number, body, sid, now, **options)

    monkeypatch.setattr(intake, "receive", broken)
    with caplog.at_level(logging.ERROR):
        response = table.post(table["Ana"].number, "SAY boom", sid="SM" + "b" * 32)
    assert response.status_code == 200
    assert bodies_to(table, table["Ana"].number)[-1].startswith("Sorry, something went wrong")
    assert "receive_failed" in caplog.text and "ZeroDivisionError" in caplog.text
    assert "5550001234" not in caplog.text and table["Ana"].number not in caplog.text
    assert (counts(table).pending, counts(table).failed) == (0, 1)
    assert retry_kept(table) == 0  # it would fail again
    # Twilio's retry of it changes nothing: no second apology.
    assert table.post(table["Ana"].number, "SAY boom", sid="SM" + "b" * 32).status_code == 200
    assert len([b for b in bodies_to(table, table["Ana"].number) if b.startswith("Sorry")]) == 1
    table.send(table["Ana"].number, "SAY fine")  # the next text is handled as ever


@pytest.mark.parametrize(
    ("setup", "sender", "body"),
    [
        ("IDIOMA ES", "Ana", "DI boom"),  # her seat reads Spanish
        (None, "+15550009876", "hola, como se juega? boom"),  # a stranger writing Spanish
    ],
    ids=["seat", "stranger"],
)
def test_the_apology_comes_in_the_senders_language(table: Table, monkeypatch, setup, sender, body):
    table.lobby(["Ana", "Bob"])
    number = table[sender].number if sender == "Ana" else sender
    if setup:
        table.send(number, setup)
    real = intake.receive

    def broken(engine, settings, number, text, sid, now, media=0, **options):
        if text.endswith("boom"):
            raise ZeroDivisionError("a bug")
        return real(engine, settings, number, text, sid, now, **options)

    monkeypatch.setattr(intake, "receive", broken)
    assert table.post(number, body).status_code == 200
    assert bodies_to(table, number)[-1].startswith("Perdon, algo ha fallado")


@pytest.mark.parametrize("removal", ["KICK", "LEAVE"])
def test_a_player_removed_while_their_text_waited_for_the_lock_is_in_no_game(
    table: Table, database_url: str, monkeypatch, caplog, removal
):
    """The host's KICK of Bob (or Bob's own LEAVE) has been handled and holds the game's lock,
    not yet committed, when Bob's text comes in. PostgreSQL: Bob's text finds him in the game
    (one statement finds the game and locks it) and waits for that lock; when it gets it, he is
    gone. SQLite runs whole transactions one at a time: Bob's text waits for the write lock.
    Either way it is answered as from a number in no game."""
    table.lobby(["Ana", "Bob", "Cy"])
    bob = table["Bob"]
    remover = (
        Poster(table.app, table["Ana"].number, "KICK Bob", "SM" + "9" * 32)
        if removal == "KICK"
        else Poster(table.app, bob.number, "LEAVE", "SM" + "9" * 32)
    )
    poster = Poster(table.app, bob.number, "anyone there?", "SM" + "a" * 32)
    real_handle = __import__("sh_sms.conversation.receive", fromlist=["handle"]).handle
    removed, go, poster_checks_out = threading.Event(), threading.Event(), threading.Event()

    def handle(turn, body):
        done = real_handle(turn, body)
        if threading.current_thread() is remover:
            turn.session.flush()  # Bob is out, the game locked, nothing committed yet
            removed.set()
            assert go.wait(20)
        return done

    def checks_out(*_args):
        if threading.current_thread() is poster:
            poster_checks_out.set()

    monkeypatch.setattr("sh_sms.conversation.receive.handle", handle)
    event.listen(table.engine, "checkout", checks_out)
    try:
        with caplog.at_level(logging.ERROR):
            remover.start()
            assert removed.wait(20)
            poster.start()
            if is_postgres(table.engine):
                wait_until_blocked(database_url)  # found in the game, waiting for its lock
            else:
                assert poster_checks_out.wait(20)  # about to wait for SQLite's write lock
            go.set()
            assert (remover.result(), poster.result()) == (200, 200)
    finally:
        event.remove(table.engine, "checkout", checks_out)
    assert "receive_failed" not in caplog.text and "Error" not in caplog.text
    assert bodies_to(table, bob.number)[-1].startswith(INTRO)  # a number in no game
    with Session(table.engine) as session:
        assert session.exec(select(Player).where(Player.number == bob.number)).first() is None


def test_two_copies_of_one_sid_at_once_apply_once_without_an_error(
    table: Table, database_url: str, monkeypatch, caplog
):
    """The first copy has recorded the MessageSid and is still working when the second arrives:
    on PostgreSQL the second one's insert waits for the first to commit, then does nothing; on
    SQLite the second waits for the write lock. Either way: one game, one reply, no error."""
    sid = "SM" + "d" * 32
    ana = table.phone("Ana")
    real_handle = __import__("sh_sms.conversation.receive", fromlist=["handle"]).handle
    recorded, go, second_checks_out = threading.Event(), threading.Event(), threading.Event()
    first = Poster(table.app, ana.number, "NEW Ana", sid)
    second = Poster(table.app, ana.number, "NEW Ana", sid)

    def handle(turn, body):
        if threading.current_thread() is first:
            recorded.set()
            assert go.wait(20)
        return real_handle(turn, body)

    def checks_out(*_args):  # a connection is taken from the pool, before its BEGIN
        if threading.current_thread() is second:
            second_checks_out.set()

    monkeypatch.setattr("sh_sms.conversation.receive.handle", handle)
    event.listen(table.engine, "checkout", checks_out)
    try:
        with caplog.at_level(logging.WARNING):
            first.start()
            assert recorded.wait(20)
            second.start()
            if is_postgres(table.engine):
                wait_until_blocked(database_url)  # its insert waits on the first one's row
            else:
                assert second_checks_out.wait(20)  # about to wait for SQLite's write lock
            go.set()
            assert (first.result(), second.result()) == (200, 200)
    finally:
        event.remove(table.engine, "checkout", checks_out)
    assert "ERROR" not in caplog.text and "IntegrityError" not in caplog.text
    with Session(table.engine) as session:
        assert session.exec(select(func.count()).select_from(Game)).one() == 1
        assert session.exec(select(func.count()).select_from(Inbound)).one() == 1
    assert len(bodies_to(table, ana.number)) == 1


def test_when_the_database_takes_no_write_at_all_the_answer_is_503(table: Table, killer, caplog):
    table.lobby(["Ana", "Bob"])
    kill = killer(marker="", times=1000)  # every statement, the dead letter's included
    with caplog.at_level(logging.ERROR):
        assert table.post(table["Ana"].number, "SAY anyone?").status_code == 503
    kill.close()
    assert "text_lost" in caplog.text  # only Twilio's fallback can bring it again
    assert counts(table).pending == 0


def test_the_worker_process_loop_applies_kept_texts(table: Table, killer):
    table.lobby(["Ana", "Bob"])
    kill = killer(marker="INSERT INTO outbox", times=3)
    assert table.post(table["Ana"].number, "SAY kept").status_code == 503
    kill.close()
    rt = table.app.extensions["sh_sms"]
    worker = Worker(table.engine, replace(rt.settings, dead_letter_poll_seconds=0.05))
    thread = threading.Thread(target=worker.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while counts(table).pending:  # the loop's scheduler runs in real time: wait for it
            assert time.monotonic() < deadline, "the worker never applied the kept text"
            time.sleep(0.02)
    finally:
        worker.stop()
        thread.join(30)
    assert bodies_to(table, table["Bob"].number)[-1] == "Ana: kept"


def test_one_number_joining_two_lobbies_at_once_ends_up_in_one(
    table: Table, database_url: str, monkeypatch, caplog
):
    """Dee's two JOINs race: the first has seated her (not committed yet) when the second finds
    her in no game and seats her too. On PostgreSQL the second insert waits, then breaks the
    unique `open_number`; that run is retried and answers as for a number already in a game.
    On SQLite the second waits for the write lock and sees the first one's row."""
    first_code = table.lobby(["Ana", "Bob"])
    second_code = new_lobby(table, "Cy")
    dee = table.phone("Dee")
    real_handle = __import__("sh_sms.conversation.receive", fromlist=["handle"]).handle
    seated, go, second_checks_out = threading.Event(), threading.Event(), threading.Event()
    first = Poster(table.app, dee.number, f"JOIN {first_code} Dee", "SM" + "e" * 32)
    second = Poster(table.app, dee.number, f"JOIN {second_code} Dee", "SM" + "f" * 32)

    def handle(turn, body):
        done = real_handle(turn, body)
        if threading.current_thread() is first:
            turn.session.flush()  # her row is written, the transaction still open
            seated.set()
            assert go.wait(20)
        return done

    def checks_out(*_args):
        if threading.current_thread() is second:
            second_checks_out.set()

    monkeypatch.setattr("sh_sms.conversation.receive.handle", handle)
    event.listen(table.engine, "checkout", checks_out)
    try:
        with caplog.at_level(logging.ERROR):
            first.start()
            assert seated.wait(20)
            second.start()
            if is_postgres(table.engine):
                wait_until_blocked(database_url)
            else:
                assert second_checks_out.wait(20)
            go.set()
            assert (first.result(), second.result()) == (200, 200)
    finally:
        event.remove(table.engine, "checkout", checks_out)
    assert "receive_failed" not in caplog.text
    with Session(table.engine) as session:
        rows = session.exec(select(Player).where(Player.number == dee.number)).all()
    assert len(rows) == 1
    replies = bodies_to(table, dee.number)
    assert replies[0].startswith(f"You joined game {first_code}")
    assert replies[1] == f"You are already in game {first_code}. Text LEAVE first to join another."


def new_lobby(table: Table, host: str) -> str:
    """Open one more lobby, hosted by a new phone `host`; return its code."""
    out = table.phone(host).send(f"NEW {host}")
    return out.reply.split("Game ", 1)[1][:4]
