"""Constraints and transactions of the store, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from sh_sms.store import OVER, Game, Inbound, Player, lock_game, make_engine, transaction
from sh_sms.store.games import open_game

NUMBER = "+15555550100"
WAIT = 10  # seconds before a handshake between the threads counts as failed


def new_game(code: str) -> Game:
    """An unsaved lobby game."""
    now = datetime.now(UTC)
    return Game(code=code, seed=1, created_at=now, updated_at=now)


def new_player(game_id: int, number: str, seat: int = 0) -> Player:
    """An unsaved player of an unfinished game, so holding `open_number`."""
    return Player(
        game_id=game_id,
        number=number,
        open_number=number,
        name=f"P{seat}",
        name_key=f"p{seat}",
        seat=seat,
        joined_at=datetime.now(UTC),
    )


def saved_games(engine, *codes: str) -> list[int]:
    """Save lobby games with these codes; return their ids."""
    with transaction(engine) as session:
        games = [new_game(code) for code in codes]
        session.add_all(games)
    return [game.id for game in games]


def test_a_number_is_in_at_most_one_unfinished_game(db_engine):
    first, second = saved_games(db_engine, "AAAA", "BBBB")
    with transaction(db_engine) as session:
        session.add(new_player(first, NUMBER))
    with pytest.raises(IntegrityError), transaction(db_engine) as session:
        session.add(new_player(second, NUMBER))

    with transaction(db_engine) as session:  # the first game finishes and lets the number go
        session.get(Game, first).status = OVER
        session.exec(select(Player)).one().open_number = None
    with transaction(db_engine) as session:
        session.add(new_player(second, NUMBER))
    with Session(db_engine) as session:
        players = session.exec(select(Player).order_by(Player.game_id)).all()
    assert [(p.game_id, p.number, p.open_number) for p in players] == [
        (first, NUMBER, None),
        (second, NUMBER, NUMBER),
    ]


def test_an_inbound_sid_is_recorded_once(db_engine):
    def inbound() -> Inbound:
        return Inbound(sid="SM0123", number=NUMBER, received_at=datetime.now(UTC))

    with transaction(db_engine) as session:
        session.add(inbound())
    with pytest.raises(IntegrityError), transaction(db_engine) as session:
        session.add(inbound())


def test_transaction_commits_when_the_block_ends(db_engine):
    [game_id] = saved_games(db_engine, "KEEP")
    with Session(db_engine) as session:
        assert session.get(Game, game_id).code == "KEEP"


def test_transaction_rolls_back_on_error(db_engine):
    with pytest.raises(RuntimeError), transaction(db_engine) as session:
        session.add(new_game("GONE"))
        session.flush()
        raise RuntimeError
    with Session(db_engine) as session:
        assert session.exec(select(Game)).all() == []


def wait_until_blocking(session: Session, give_up: threading.Event) -> None:
    """On PostgreSQL, poll until another backend waits for a lock this session holds."""
    blocked = text(
        "SELECT count(*) FROM pg_locks"
        " WHERE NOT granted AND pg_backend_pid() = ANY(pg_blocking_pids(pid))"
    )
    deadline = time.monotonic() + WAIT
    while not session.connection().execute(blocked).scalar():
        assert not give_up.is_set(), "the second writer read the game without waiting"
        assert time.monotonic() < deadline, "the second writer never waited for the lock"
        give_up.wait(0.005)


def test_lock_game_serialises_two_writers(database_url, db_engine):
    """Two writers (separate engines, like two web workers) each lock, read and bump `version`.

    The first holds its lock until the second has asked for it: SQLite's `BEGIN IMMEDIATE`
    (tried when its transaction begins, again while the lock is held) or PostgreSQL's
    `SELECT ... FOR UPDATE`, which must be seen waiting. So the second can only read the game
    after the first commits.
    """
    [game_id] = saved_games(db_engine, "LOCK")
    other = make_engine(database_url)
    first_locked = threading.Event()
    second_asked = threading.Event()  # the second requested the lock (or, if broken, read)
    reads: dict[str, int] = {}

    @event.listens_for(other.pool, "checkout")  # SQLite: its BEGIN IMMEDIATE comes next
    def _beginning(*_args) -> None:
        if other.dialect.name == "sqlite":
            second_asked.set()

    @event.listens_for(other, "before_cursor_execute")
    def _asking(_conn, _cursor, statement, *_args) -> None:
        if "FOR UPDATE" in statement:
            second_asked.set()

    def first() -> None:
        with transaction(db_engine) as session:
            game = lock_game(session, game_id)
            reads["first"] = game.version
            first_locked.set()
            assert second_asked.wait(WAIT), "the second writer never asked for the lock"
            if db_engine.dialect.name == "postgresql":
                wait_until_blocking(session, give_up=second_read)
            game.version += 1

    second_read = threading.Event()

    def second() -> None:
        assert first_locked.wait(WAIT), "the first writer never took the lock"
        with transaction(other) as session:
            game = lock_game(session, game_id)
            reads["second"] = game.version
            second_read.set()
            second_asked.set()
            game.version += 1

    try:
        with ThreadPoolExecutor(2) as pool:
            writers = [pool.submit(first), pool.submit(second)]
            for writer in writers:
                writer.result(timeout=3 * WAIT)
    finally:
        other.dispose()
    assert reads == {"first": 0, "second": 1}
    with Session(db_engine) as session:
        assert session.get(Game, game_id).version == 2


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)  # SQLite: a busy timeout
def test_postgres_gives_up_on_a_held_lock_and_a_silent_server_within_seconds(database_url):
    """A game lock held by a stuck transaction, or a server that never answers, fails the
    attempt in seconds (then retried, then 503 for Twilio's fallback) instead of hanging."""
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SHOW lock_timeout")).scalar() == "3s"
            assert conn.connection.dbapi_connection.info.get_parameters()["connect_timeout"] == "3"
    finally:
        engine.dispose()


def test_the_roster_a_text_reads_is_the_one_after_the_lock(database_url, db_engine):
    """A text finds its game, locks it and reads its roster in one statement (issue 35, point
    7). A player who joins while the text waits for the lock is in the roster it reads: on
    PostgreSQL the function of migration 0018 reads the roster only once the lock is held."""
    [game_id] = saved_games(db_engine, "RACE")
    with transaction(db_engine) as session:
        session.add(new_player(game_id, NUMBER))
    other = make_engine(database_url)
    joining, found = threading.Event(), {}
    text_waits = threading.Event()

    @event.listens_for(other.pool, "checkout")
    def _asking(*_args) -> None:
        text_waits.set()

    def join() -> None:
        with transaction(db_engine) as session:
            lock_game(session, game_id)
            joining.set()
            assert text_waits.wait(WAIT), "the text never asked for its game"
            if db_engine.dialect.name == "postgresql":
                wait_until_blocking(session, give_up=threading.Event())
            session.add(new_player(game_id, "+15555550101", seat=1))

    def a_text() -> None:
        assert joining.wait(WAIT), "the join never locked the game"
        with transaction(other) as session:
            game, players = open_game(session, NUMBER)
            found["game"], found["seats"] = game.id, [p.seat for p in players]

    try:
        with ThreadPoolExecutor(2) as pool:
            for done in [pool.submit(join), pool.submit(a_text)]:
                done.result(timeout=3 * WAIT)
    finally:
        other.dispose()
    assert found == {"game": game_id, "seats": [0, 1]}
