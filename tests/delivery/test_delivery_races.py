"""Two failures for one number (or one game) handled at once, in two transactions on PostgreSQL:
the table hears once that a player can no longer be reached, and the host once that the game's
number cannot send. Which failure tells is decided in the database (a conditional UPDATE), not
by what a transaction read before it waited for the other."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from delivery_helpers import START, Phones, bodies_to, last_id, rows
from sqlalchemy import text
from sqlmodel import Session

from sh_sms.delivery.notices import mark_unreachable
from sh_sms.delivery.rows import contact
from sh_sms.delivery.sender_alerts import report_sender_problem
from sh_sms.store import Contact, Outbox, SenderAlert, transaction

pytestmark = pytest.mark.postgres
ON_POSTGRES = pytest.mark.parametrize("database_url", ["postgres"], indirect=True)


@pytest.fixture
def lobby(make_app, db_engine):
    """Ana (host), Bob and Cy in a lobby; their numbers and the game's id."""
    phones = Phones(make_app().test_client())
    _code, numbers = phones.lobby(db_engine, ["Ana", "Bob", "Cy"])
    [game_id] = {r.game_id for r in rows(db_engine)}
    with transaction(db_engine) as session:
        for number in numbers:
            contact(session, number)  # each number has its row, reachable
    return numbers, game_id


def waiting_for_a_lock(engine) -> None:
    """Return once another connection of this database waits for a row lock (10 s at most)."""
    deadline = time.monotonic() + 10
    query = text(
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    while time.monotonic() < deadline:
        with engine.connect() as conn:
            if conn.execute(query).scalar():
                return
        time.sleep(0.01)  # polling for a state, not timing anything
    raise AssertionError("the second transaction never waited for the first")


def at_once(engine, first, second) -> list[bool]:
    """Run `first` in one transaction and, while it holds its locks, `second` in another (in a
    thread; it reads before it waits, as a transaction that loaded the roster would); then
    commit the first and let the second finish. What each returned."""
    results: dict[str, bool] = {}
    errors: list[BaseException] = []

    def run_second() -> None:
        try:
            with transaction(engine) as session:
                results["second"] = second(session)
        except BaseException as exc:  # reported in the main thread
            errors.append(exc)

    with transaction(engine) as session:
        results["first"] = first(session)
        thread = threading.Thread(target=run_second)
        thread.start()
        waiting_for_a_lock(engine)
    thread.join(30)
    assert not errors, errors
    return [results["first"], results["second"]]


@ON_POSTGRES
def test_two_failures_for_one_number_at_once_tell_the_table_once(db_engine, lobby):
    (ana, bob, cy), _game_id = lobby
    mark = last_id(db_engine)

    def stale_then_fail(session: Session) -> bool:
        session.get(Contact, bob)  # read before the other committed (pass_host reads contacts)
        return mark_unreachable(session, bob, START + timedelta(seconds=1), opted_out=False)

    told = at_once(
        db_engine, lambda s: mark_unreachable(s, bob, START, opted_out=False), stale_then_fail
    )
    assert told == [True, False]
    for other in (ana, cy):
        news = [b for b in bodies_to(db_engine, other, mark) if "Bob can no longer be reached" in b]
        assert len(news) == 1, news
    with Session(db_engine) as session:
        assert session.get(Contact, bob).unreachable


@ON_POSTGRES
def test_two_sender_failures_of_one_game_at_once_tell_the_host_once(db_engine, lobby):
    (ana, bob, cy), game_id = lobby
    mark = last_id(db_engine)
    with Session(db_engine) as session:
        failed = {
            n: session.exec(Outbox.__table__.select().where(Outbox.to_number == n).limit(1))
            .first()
            .id
            for n in (bob, cy)
        }

    def fail(number: str):
        def work(session: Session) -> bool:
            row = session.get(Outbox, failed[number])
            row.error_code = "21408"
            return report_sender_problem(session, row, START)

        return work

    told = at_once(db_engine, fail(bob), fail(cy))
    assert told == [True, False]
    [notice] = [b for b in bodies_to(db_engine, ana, mark) if "did not arrive" in b]
    assert notice.startswith("A text to Bob did not arrive")
    with Session(db_engine) as session:
        alert = session.get(SenderAlert, game_id)
        assert (alert.failures, alert.host_told) == (2, True)  # both counted
