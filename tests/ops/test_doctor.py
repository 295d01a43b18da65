"""`sh-sms doctor`: recent delivery failures by cause with the fix for each, texts nobody sends,
games whose host was told; exit 1 when something needs doing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session

from sh_sms.cli import main as cli
from sh_sms.config import Settings
from sh_sms.delivery.errors import SENDER_CODES
from sh_sms.doctor import cause_text, report
from sh_sms.ops.wording import has
from sh_sms.store import FAILED, QUEUED, SENT, UNDELIVERED, Game, Outbox, SenderAlert

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def add(engine, *rows) -> None:
    """Store rows."""
    with Session(engine) as session:
        session.add_all(rows)
        session.commit()


def text(status: str, code: str | None = None, *, ago: float = 1, game_id=None, **extra) -> Outbox:
    """An outbox row last touched `ago` hours before NOW."""
    at = NOW - timedelta(hours=ago)
    return Outbox(
        to_number="+15550100001",
        body="hi",
        status=status,
        error_code=code,
        game_id=game_id,
        created_at=at,
        updated_at=at,
        **extra,
    )


def game(engine, code: str) -> int:
    """A game row; its id."""
    with Session(engine) as session:
        row = Game(code=code, seed=1, created_at=NOW, updated_at=NOW)
        session.add(row)
        session.commit()
        return row.id


@pytest.mark.parametrize("code", sorted(SENDER_CODES))
def test_every_failure_of_the_senders_has_its_own_fix(code):
    assert has(f"causes/{code}")
    assert "twilio.com/docs/errors" not in cause_text(str(code))  # not the generic pointer


def test_an_empty_outbox_is_all_fine(db_engine, database_url):
    out, healthy = report(db_engine, Settings(database_url=database_url), NOW, 24)
    assert healthy
    assert out.splitlines()[-1] == "All fine."


def test_failures_are_grouped_by_cause_with_the_fix(db_engine, database_url):
    one, two = game(db_engine, "BCDF"), game(db_engine, "GHJK")
    add(
        db_engine,
        text(UNDELIVERED, "30034", game_id=one),
        text(FAILED, "30034", game_id=two),
        text(FAILED, "21211", game_id=one),
        text(FAILED, "21999"),
        text(FAILED, "30034", ago=30),  # before the window
        text(SENT),
        SenderAlert(
            game_id=one,
            first_code="30034",
            last_code="30034",
            failures=1,
            first_at=NOW,
            last_at=NOW,
            host_told=True,
        ),
    )
    out, healthy = report(db_engine, Settings(database_url=database_url), NOW, 24)
    assert not healthy
    lines = out.splitlines()
    first = lines.index(next(line for line in lines if "error 30034" in line))
    assert lines[first].startswith("2 texts failed with error 30034 (2 games")
    assert "A2P 10DLC" in lines[first + 1]
    assert any("error 21211" in line for line in lines)
    assert any("cannot get texts" in line for line in lines)  # the recipient's: nothing to fix
    assert any("twilio.com/docs/errors/21999" in line for line in lines)
    assert any(line.endswith("told (the board page shows it too): BCDF.") for line in lines)
    assert lines[-1] == "Something above needs doing."


def test_only_recipient_failures_need_nothing_done(db_engine, database_url):
    add(db_engine, text(FAILED, "21614"), text(FAILED, "30005"))
    out, healthy = report(db_engine, Settings(database_url=database_url), NOW, 24)
    assert healthy and "2 texts failed with error" not in out
    assert "the failures above are the recipients'" in out.splitlines()[-1]


def test_texts_nobody_sends_ask_for_a_worker(db_engine, database_url):
    add(
        db_engine,
        text(QUEUED, ago=2),
        text(QUEUED, ago=0.01),  # just queued
        text(QUEUED, ago=2, next_attempt_at=NOW + timedelta(minutes=1)),  # backing off
    )
    out, healthy = report(db_engine, Settings(database_url=database_url), NOW, 24)
    assert not healthy
    [line] = [line for line in out.splitlines() if "waiting" in line]
    assert (
        line.startswith("1 text waiting more than 5 minutes") and "heroku ps:scale worker=1" in line
    )


def test_settings_problems_come_first(db_engine, database_url):
    settings = Settings(database_url=database_url, twilio_account_sid="AC1", twilio_auth_token="t")
    out, healthy = report(db_engine, settings, NOW, 24)
    assert not healthy
    assert "TWILIO_FROM_NUMBER" in out.splitlines()[1]


@pytest.mark.parametrize(("rows", "status"), [([], 0), ([("30032", FAILED)], 1)])
def test_the_command_prints_the_report_and_exits_by_it(
    rows, status, db_engine, database_url, monkeypatch, capsys, tmp_path
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", database_url)
    for name in ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "DYNO"):
        monkeypatch.delenv(name, raising=False)
    now = datetime.now(UTC)
    add(
        db_engine,
        *[
            Outbox(
                to_number="+15550100001",
                body="x",
                status=s,
                error_code=c,
                created_at=now,
                updated_at=now,
            )
            for c, s in rows
        ],
    )
    assert cli(["doctor"]) == status
    out = capsys.readouterr().out
    assert out.startswith("sh-sms doctor: simulator backend")
    if rows:
        assert "toll-free verification" in out


def test_kept_inbound_texts_are_counted_and_pending_ones_need_doing(db_engine):
    from sh_sms.store import LETTER_FAILED, LETTER_PENDING, DeadLetter

    settings = Settings(database_url="sqlite://")
    text_, healthy = report(db_engine, settings, NOW, 24)
    assert "Inbound texts kept" not in text_
    letter = {"number": "+15550100001", "body": "JA", "received_at": NOW}
    letter |= {"next_attempt_at": NOW, "updated_at": NOW}
    add(db_engine, DeadLetter(sid="SM" + "1" * 32, status=LETTER_FAILED, **letter))
    text_, healthy = report(db_engine, settings, NOW, 24)
    assert "Inbound texts kept: 0 waiting to be applied, 1 that broke the code" in text_
    add(db_engine, DeadLetter(sid="SM" + "2" * 32, status=LETTER_PENDING, **letter))
    text_, healthy = report(db_engine, settings, NOW, 24)
    assert "1 waiting to be applied (oldest received 2026-05-01 12:00 UTC" in text_
    assert not healthy
