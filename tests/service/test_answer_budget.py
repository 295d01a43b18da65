"""Twilio waits 15 s for the answer to a text: every retry, pause and lock wait of one text ends
inside REQUEST_BUDGET_SECONDS (10), leaving time to keep the text for later. Before, a game lock
held elsewhere cost three 5 s waits: the 503 came after 15.14 s, when Twilio had given up."""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime

import psycopg
import pytest
from harness import Table, make_app
from sqlalchemy import create_engine, make_url, text
from sqlmodel import Session, select

from sh_sms.config import Settings
from sh_sms.conversation import intake
from sh_sms.store import DeadLetter, Inbound, Player, make_engine

NOW = datetime(2026, 3, 4, 17, 0, tzinfo=UTC)


class Seconds:
    """A monotonic clock that moves only when something waits."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def lock_timeout() -> psycopg.Error:
    """What PostgreSQL raises when a statement waited lock_timeout for a lock."""
    return psycopg.errors.LockNotAvailable("canceling statement due to lock timeout")


@pytest.mark.parametrize("attempts", [3, 10])
def test_a_text_whose_game_stays_locked_is_answered_within_ten_seconds(
    database_url, monkeypatch, attempts
):
    settings = Settings(database_url=database_url, db_attempts=attempts)  # 10 s, 3 s lock waits
    seconds = Seconds()
    runs = []

    def locked_out(*_args, **_kwargs):  # every run waits the whole lock timeout, then fails
        runs.append(seconds())
        seconds.advance(settings.db_lock_wait_seconds)
        raise lock_timeout()

    monkeypatch.setattr(intake, "apply_text", locked_out)
    policy = intake.policy_for(settings, sleep=seconds.advance, clock=seconds)
    engine = make_engine(database_url)
    try:
        text = intake.Text("+15550100001", "JA", "SM" + "1" * 32)
        assert intake.accept(engine, settings, text, lambda: NOW, policy) == intake.KEPT  # 503
        with Session(engine) as session:
            assert session.exec(select(DeadLetter.sid)).all() == [text.sid]  # kept for later
    finally:
        engine.dispose()
    assert seconds() <= settings.request_budget_seconds
    assert len(runs) == 2  # a third 3 s wait would leave no time to keep the text


def test_when_the_database_answers_nothing_the_text_is_answered_within_ten_seconds(
    database_url, monkeypatch
):
    settings = Settings(database_url=database_url, db_attempts=10)
    seconds = Seconds()

    def silent(*_args, **_kwargs):  # connecting waits its whole timeout, then fails
        seconds.advance(settings.db_lock_wait_seconds)
        raise psycopg.OperationalError("connection timeout expired")

    monkeypatch.setattr(intake, "apply_text", silent)
    monkeypatch.setattr(intake, "_keep_letter", silent)
    policy = intake.policy_for(settings, sleep=seconds.advance, clock=seconds)
    text = intake.Text("+15550100001", "JA", "SM" + "2" * 32)
    assert intake.accept(None, settings, text, lambda: NOW, policy) == intake.LOST  # 503
    assert seconds() <= settings.request_budget_seconds


class GameLock:
    """Hold the game's lock from another connection: its row on PostgreSQL (FOR UPDATE), the
    whole database's write lock on SQLite (BEGIN IMMEDIATE)."""

    def __init__(self, database_url: str, game_id: int) -> None:
        self.url, self.game_id = database_url, game_id

    def __enter__(self) -> GameLock:
        if self.url.startswith("sqlite"):
            self.conn = sqlite3.connect(make_url(self.url).database, isolation_level=None)
            self.conn.execute("BEGIN IMMEDIATE")
        else:
            self.engine = create_engine(self.url)
            self.conn = self.engine.connect()
            query = text("SELECT id FROM games WHERE id = :id FOR UPDATE")
            self.conn.execute(query, {"id": self.game_id})
        return self

    def __exit__(self, *_exc) -> None:
        self.conn.rollback()
        self.conn.close()
        if not self.url.startswith("sqlite"):
            self.engine.dispose()


def test_with_the_games_lock_held_elsewhere_the_answer_comes_inside_the_budget(database_url, clock):
    """The real thing, scaled down: 0.3 s lock waits, a 1.2 s budget and ten runs allowed (ten
    0.3 s waits before); the text is answered 503 inside the budget. On PostgreSQL it is kept
    and applied once the lock is free; SQLite's lock is the whole database's, so there only
    Twilio's Fallback URL, bringing it again, gets it applied."""
    budget, wait = 1.2, 0.3
    app = make_app(
        database_url, clock, request_budget_seconds=budget, db_lock_wait_seconds=wait,
        db_attempts=10,
    )  # fmt: skip
    table = Table(app, clock)
    try:
        table.lobby(["Ana", "Bob", "Cy"])
        bob = table["Bob"].number
        with Session(table.engine) as session:
            game_id = session.exec(select(Player.game_id).where(Player.number == bob)).one()
        sid = "SM" + "3" * 32
        with GameLock(database_url, game_id):
            started = time.monotonic()
            response = table.post(bob, "anyone there?", sid=sid)
            elapsed = time.monotonic() - started
        assert response.status_code == 503  # Twilio's Fallback URL brings it again
        assert elapsed < budget + wait  # ten runs would have taken 3 s
        if database_url.startswith("sqlite"):
            assert table.post(bob, "anyone there?", sid=sid).status_code == 200  # the fallback
        else:
            rt = app.extensions["sh_sms"]
            assert intake.retry_due(table.engine, rt.settings, clock, rt.retry) == 1
        with Session(table.engine) as session:
            assert session.exec(select(Inbound.sid).where(Inbound.sid == sid)).one() == sid
        assert intake.dead_letter_counts(table.engine).pending == 0
    finally:
        table.close()
        app.extensions["sh_sms"].engine.dispose()
