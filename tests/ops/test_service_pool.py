"""The operator's side of a pool of numbers (issue 35), against the fake Twilio REST API with the
real `twilio` Client: a Messaging Service's numbers read when a process starts, `sh-sms twilio`
pointing every number of TWILIO_NUMBERS here, and `sh-sms doctor` naming the number whose
texts fail for the sender's reasons."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fake_twilio_api import ACCOUNT, TOKEN, FakeTwilioApi, number, service
from sqlmodel import Session

from sh_sms.config import Settings
from sh_sms.doctor import report
from sh_sms.ops.preflight import UnsafeConfiguration
from sh_sms.ops.service_pool import with_service_numbers
from sh_sms.pool import HOME
from sh_sms.store import FAILED, LOBBY, Game, Outbox

MG = "MG" + "d" * 32
PHONES = ("+12025550101", "+12025550102", "+12025550103")
NOW = datetime(2026, 5, 6, 7, 8, tzinfo=UTC)


@pytest.fixture
def api():
    fake = FakeTwilioApi().start()
    yield fake
    fake.close()


def service_settings(api, database_url: str, **overrides) -> Settings:
    values = {
        "database_url": database_url,
        "twilio_account_sid": ACCOUNT,
        "twilio_auth_token": TOKEN,
        "twilio_messaging_service_sid": MG,
        "twilio_api_url": api.url,
        **overrides,
    }
    return Settings(**values)


def with_pool(api) -> None:
    api.services[MG] = service(MG)
    for i, phone in enumerate(PHONES):
        api.add_number(number(phone, "PN" + str(i) * 32), MG)


def test_a_services_numbers_are_read_at_start_the_from_number_first(api, database_url):
    with_pool(api)
    read = with_service_numbers(service_settings(api, database_url))
    assert read.pool.numbers == PHONES and not read.pool.single
    assert read.pool.sender(PHONES[2]) == {"messaging_service_sid": MG, "from_": PHONES[2]}
    first = with_service_numbers(service_settings(api, database_url, twilio_from_number=PHONES[1]))
    assert first.pool.numbers == (PHONES[1], PHONES[0], PHONES[2])


def test_listed_numbers_are_not_read(api, database_url):
    with_pool(api)
    listed = service_settings(api, database_url, twilio_numbers=",".join(PHONES[:2]))
    assert with_service_numbers(listed) is listed
    assert api.requests == []


def test_a_service_that_cannot_be_read_runs_as_one_number_until_games_play_on_others(
    api, database_url, db_engine, caplog
):
    with_pool(api)
    api.failing[f"/v1/Services/{MG}/PhoneNumbers"] = 500
    settings = service_settings(api, database_url)
    assert with_service_numbers(settings).pool.single  # as before the pool
    assert "could not be asked for the numbers" in caplog.text
    with Session(db_engine) as session:
        lobby = Game(code="BCDF", seed=1, created_at=NOW, updated_at=NOW, line=PHONES[1])
        assert lobby.status == LOBBY  # unfinished, on a number of the pool that is not home
        session.add(lobby)
        session.commit()
    with pytest.raises(UnsafeConfiguration) as refused:
        with_service_numbers(settings)
    assert "Set TWILIO_NUMBERS" in refused.value.lines[0]


def test_sh_sms_twilio_points_every_number_of_the_pool_here(api, monkeypatch, capsys, tmp_path):
    from sh_sms.cli import main as cli

    monkeypatch.chdir(tmp_path)
    for i, phone in enumerate(PHONES):
        api.add_number(number(phone, "PN" + str(i) * 32))
    env = {
        "TWILIO_ACCOUNT_SID": ACCOUNT,
        "TWILIO_AUTH_TOKEN": TOKEN,
        "TWILIO_API_URL": api.url,
        "PUBLIC_BASE_URL": "https://game.example",
        "TWILIO_FROM_NUMBER": PHONES[0],
        "TWILIO_NUMBERS": ",".join(PHONES[1:]),
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("TWILIO_MESSAGING_SERVICE_SID", raising=False)
    cli(["twilio"])
    lines = capsys.readouterr().out.splitlines()
    for phone in PHONES:
        assert any(line.startswith(f"changed: number {phone} sms_url") for line in lines), lines
    assert {n["sms_url"] for n in api.numbers.values()} == {"https://game.example/sms"}


def test_sh_sms_twilio_names_a_listed_number_the_service_lacks(api, monkeypatch, capsys, tmp_path):
    from sh_sms.cli import main as cli

    monkeypatch.chdir(tmp_path)
    with_pool(api)
    env = {
        "TWILIO_ACCOUNT_SID": ACCOUNT,
        "TWILIO_AUTH_TOKEN": TOKEN,
        "TWILIO_API_URL": api.url,
        "PUBLIC_BASE_URL": "https://game.example",
        "TWILIO_MESSAGING_SERVICE_SID": MG,
        "TWILIO_NUMBERS": f"{PHONES[0]},+12025550199",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("TWILIO_FROM_NUMBER", raising=False)
    assert cli(["twilio"]) == 1
    problems = [line for line in capsys.readouterr().out.splitlines() if "PROBLEM" in line]
    lacking = "+12025550199 is in TWILIO_NUMBERS but not in the sender pool"
    assert any(lacking in problem for problem in problems)


def test_doctor_names_the_numbers_whose_texts_fail_for_the_senders_reasons(db_engine, database_url):
    at = NOW - timedelta(hours=1)
    with Session(db_engine) as session:
        for line in (HOME, PHONES[2], PHONES[2]):
            row = Outbox(to_number="+15550100001", body="hi", status=FAILED, error_code="30034")
            row.line, row.created_at, row.updated_at = line, at, at
            session.add(row)
        session.commit()
    pool = {"twilio_from_number": PHONES[0], "twilio_numbers": ",".join(PHONES[1:])}
    pool |= {"twilio_account_sid": ACCOUNT, "twilio_auth_token": TOKEN}
    settings = Settings(database_url=database_url, **pool)
    out, healthy = report(db_engine, settings, NOW, 24)
    assert not healthy
    assert f"  From {PHONES[0]}, {PHONES[2]}: every game on these numbers is affected" in out
    single, _ = report(db_engine, Settings(database_url=database_url), NOW, 24)
    assert "  From " not in single
