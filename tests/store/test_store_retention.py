"""Retention: sent texts of games finished more than RETENTION_DAYS ago go, and old inbound
ids; nothing still waiting to be sent, no live game's text, no game, player or event log."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlmodel import Session, select

from sh_sms.config import Settings
from sh_sms.reminders.scheduler import RETENTION_JOB_ID, retain, start_scheduler
from sh_sms.store import (
    ACTIVE,
    DELIVERED,
    FAILED,
    JOINED,
    OVER,
    QUEUED,
    SENT,
    Game,
    GameEvent,
    Inbound,
    Outbox,
    SendTurn,
)
from sh_sms.store.retention import prune

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def game(session: Session, code: str, status: str, finished: datetime) -> int:
    """A game row in `status`, last changed at `finished`; return its id."""
    row = Game(code=code, status=status, seed=1, created_at=finished, updated_at=finished)
    session.add(row)
    session.flush()
    return row.id


def text(session: Session, game_id: int | None, status: str, at: datetime) -> None:
    session.add(Outbox(to_number="+15550100001", body="hi", game_id=game_id, status=status,
                       created_at=at))  # fmt: skip


def setup(engine) -> dict[str, int]:
    with Session(engine) as session:
        old = game(session, "OLDG", OVER, NOW - 31 * DAY)
        recent = game(session, "NEWG", OVER, NOW - 29 * DAY)
        live = game(session, "LIVE", ACTIVE, NOW - 60 * DAY)
        for status in (SENT, DELIVERED, FAILED, JOINED):
            text(session, old, status, NOW - 40 * DAY)
        text(session, old, QUEUED, NOW - 40 * DAY)  # somehow still waiting: never deleted
        text(session, recent, DELIVERED, NOW - 40 * DAY)
        text(session, live, DELIVERED, NOW - 60 * DAY)
        text(session, None, DELIVERED, NOW - 31 * DAY)  # an introduction, say
        text(session, None, DELIVERED, NOW - 29 * DAY)
        session.add(GameEvent(game_id=old, seq=1, kind="started", data="{}", created_at=NOW))
        session.add(Inbound(sid="SMold", number="+15550100001", received_at=NOW - 31 * DAY))
        session.add(Inbound(sid="SMnew", number="+15550100001", received_at=NOW - 29 * DAY))
        session.add(SendTurn(game_id=old, served_at=1.0))
        session.add(SendTurn(game_id=live, served_at=1.0))
        session.commit()
        return {"old": old, "recent": recent, "live": live}


def left(engine) -> list[tuple[int | None, str]]:
    with Session(engine) as session:
        rows = session.exec(select(Outbox).order_by(Outbox.id)).all()
        return [(r.game_id, r.status) for r in rows]


def test_prune_deletes_only_what_finished_games_no_longer_need(db_engine):
    ids = setup(db_engine)
    counts = prune(db_engine, NOW, days=30, batch=2)  # small batches: several transactions
    assert counts == {"outbox": 5, "inbound": 1, "allowances": 0, "send_turns": 1}
    assert left(db_engine) == [
        (ids["old"], QUEUED),
        (ids["recent"], DELIVERED),
        (ids["live"], DELIVERED),
        (None, DELIVERED),
    ]
    with Session(db_engine) as session:
        assert len(session.exec(select(Game)).all()) == 3
        assert len(session.exec(select(GameEvent)).all()) == 1
        assert [r.sid for r in session.exec(select(Inbound))] == ["SMnew"]
        assert [t.game_id for t in session.exec(select(SendTurn))] == [ids["live"]]
    nothing = {"outbox": 0, "inbound": 0, "allowances": 0, "send_turns": 0}
    assert prune(db_engine, NOW, days=30) == nothing


def test_the_workers_scheduler_runs_retention_unless_it_is_off(database_url, db_engine):
    setup(db_engine)
    settings = Settings(database_url=database_url)
    assert retain(db_engine, settings, lambda: NOW)["outbox"] == 5
    scheduler = start_scheduler(db_engine, settings, lambda: NOW)
    try:
        assert scheduler.get_job(RETENTION_JOB_ID) is not None
    finally:
        scheduler.shutdown(wait=False)
    scheduler = start_scheduler(db_engine, Settings(database_url=database_url, retention_days=0))
    try:
        assert scheduler.get_job(RETENTION_JOB_ID) is None
    finally:
        scheduler.shutdown(wait=False)
