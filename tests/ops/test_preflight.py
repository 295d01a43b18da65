"""Settings no process may start with: web, worker and release each refuse them with one line
saying what to set, and a non-zero exit (under gunicorn: the master exits)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sh_sms.cli import main as cli
from sh_sms.config import Settings
from sh_sms.ops.preflight import UnsafeConfiguration, problems, warnings
from sh_sms.web import create_app

ROOT = Path(__file__).resolve().parents[2]
SID, TOKEN, FROM = "AC" + "1" * 32, "token", "+15550009999"
POSTGRES = "postgresql+psycopg://u@db.example/sh"
UNREACHABLE = "postgresql+psycopg://postgres@127.0.0.1:1/nothing"  # nothing listens on port 1
TWILIO_ENV = {"TWILIO_ACCOUNT_SID": SID, "TWILIO_AUTH_TOKEN": TOKEN, "TWILIO_FROM_NUMBER": FROM}


@pytest.mark.parametrize(
    ("settings", "must_name"),
    [
        (Settings(twilio_account_sid=SID, twilio_auth_token=TOKEN), "TWILIO_FROM_NUMBER"),
        (Settings(twilio_account_sid=SID, twilio_from_number=FROM), "TWILIO_AUTH_TOKEN"),
        (Settings(twilio_from_number=FROM), "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN"),
        (Settings(twilio_messaging_service_sid="MG1"), "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN"),
        (
            Settings(
                twilio_account_sid=SID, twilio_auth_token=TOKEN, twilio_from_number="555-0199"
            ),
            "+15551234567",
        ),
        (Settings(dyno="web.1", simulator=True), "DATABASE_URL"),  # each process has its own disk
        (Settings(dyno="web.1", database_url=POSTGRES), "SIMULATOR=1"),  # /sim open to anyone
        (Settings(dyno="web.1", database_url=POSTGRES, twilio_auth_token=TOKEN), "SIMULATOR=1"),
        (
            Settings(
                dyno="worker.1",
                twilio_account_sid=SID,
                twilio_auth_token=TOKEN,
                twilio_from_number=FROM,
            ),
            "heroku addons:create heroku-postgresql",
        ),
    ],
)
def test_each_unsafe_setting_gets_one_line_naming_what_to_set(settings, must_name):
    [line] = problems(settings)
    assert "\n" not in line
    assert must_name in line


@pytest.mark.parametrize(
    "settings",
    [
        Settings(),  # a laptop: SQLite and the simulator
        Settings(twilio_auth_token=TOKEN),  # the simulator, with signed webhooks
        Settings(twilio_account_sid=SID, twilio_auth_token=TOKEN, twilio_from_number=FROM),
        Settings(
            twilio_account_sid=SID, twilio_auth_token=TOKEN, twilio_messaging_service_sid="MG1"
        ),
        Settings(dyno="web.1", database_url=POSTGRES, simulator=True),  # the simulator on purpose
        Settings(
            dyno="web.1",
            database_url=POSTGRES,
            twilio_account_sid=SID,
            twilio_auth_token=TOKEN,
            twilio_from_number=FROM,
        ),
    ],
)
def test_safe_settings_pass(settings):
    assert problems(settings) == []


def test_the_app_factory_refuses_an_unreachable_database():
    with pytest.raises(UnsafeConfiguration, match=r"does not answer.*DATABASE_URL"):
        create_app(Settings(database_url=UNREACHABLE))


def test_the_app_factory_refuses_twilio_without_a_sender(database_url):
    with pytest.raises(UnsafeConfiguration, match="TWILIO_FROM_NUMBER"):
        create_app(
            {"database_url": database_url, "twilio_account_sid": SID, "twilio_auth_token": TOKEN}
        )


@pytest.mark.parametrize("command", ["worker", "migrate"])
def test_worker_and_release_exit_1_with_the_line(command, monkeypatch, tmp_path, caplog):
    monkeypatch.chdir(tmp_path)  # no .env here
    for name, value in {**TWILIO_ENV, "DATABASE_URL": f"sqlite:///{tmp_path}/x.db"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DYNO", f"{command}.1")
    with caplog.at_level(logging.ERROR):
        assert cli([command]) == 1
    [line] = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert line.startswith("Refusing to start: DATABASE_URL is SQLite")
    assert "PostgreSQL" in line
    assert not (tmp_path / "x.db").exists()  # nothing was migrated or opened


@pytest.mark.parametrize("command", ["worker", "migrate"])
def test_worker_and_release_refuse_an_unreachable_database(command, monkeypatch, tmp_path, caplog):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", UNREACHABLE)
    for name in ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "DYNO"):
        monkeypatch.delenv(name, raising=False)
    with caplog.at_level(logging.ERROR):
        assert cli([command]) == 1
    assert any("does not answer" in r.getMessage() for r in caplog.records)


def test_web_and_worker_refuse_a_database_without_the_migrations_but_release_applies_them(
    monkeypatch, tmp_path, caplog
):
    url = f"sqlite:///{tmp_path}/x.db"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", url)
    for name in ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "DYNO"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(UnsafeConfiguration, match="Run sh-sms migrate"):
        create_app(Settings(database_url=url))
    with caplog.at_level(logging.ERROR):
        assert cli(["worker", "--once"]) == 1
    assert "is at migration empty" in caplog.text
    assert cli(["migrate"]) == 0
    assert cli(["worker", "--once"]) == 0


@pytest.mark.parametrize(
    ("setting", "line"),
    [
        ({"DATABASE_URL": "sqlite:///x.db"}, "Refusing to start: DATABASE_URL is SQLite"),
        (  # a value the settings model refuses, before anything else is looked at
            {"PUBLIC_BASE_URL": "my-app.herokuapp.com"},
            "Refusing to start: PUBLIC_BASE_URL=my-app.herokuapp.com is not an absolute",
        ),
    ],
)
def test_gunicorn_exits_when_the_app_refuses_to_start(tmp_path, setting, line):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path}/x.db",
        "DYNO": "web.1",
        **TWILIO_ENV,
        **setting,
    }
    command = [sys.executable, "-m", "gunicorn", "app:app", "--bind", "127.0.0.1:0"]
    run = subprocess.run(  # from the root: gunicorn.conf.py is read, as on a dyno
        [*command, "--workers", "2"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0  # the master exits instead of booting workers again and again
    output = run.stdout + run.stderr
    assert line in output
    assert "sh-sms did not start" in output  # the master checked before any worker booted
    assert "Booting worker" not in output
    assert "Traceback" not in output  # the line says it all


def test_the_web_process_logs_to_stdout_with_numbers_masked(tmp_path):
    code = (
        "from sh_sms.store.migrate import upgrade; import os; upgrade(os.environ['DATABASE_URL']);"
        "from app import app;"  # the module gunicorn loads
        "r = app.test_client().post('/sms', data={'From': '+15550104321', 'Body': 'NEW Ana',"
        " 'MessageSid': 'SM1'}); assert r.status_code == 200"
    )
    env = {"PATH": os.environ.get("PATH", ""), "DATABASE_URL": f"sqlite:///{tmp_path}/x.db"}
    env["LOG_LEVEL"] = "DEBUG"  # one line per text, at debug
    env["PYTHONPATH"] = str(ROOT)
    run = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert "sms_received from=+1******4321 sid=SM1" in run.stdout
    assert "5550104321" not in run.stdout + run.stderr


def test_twilio_without_public_base_url_says_at_start_what_signatures_are_checked_against():
    twilio = Settings(twilio_account_sid=SID, twilio_auth_token=TOKEN, twilio_from_number=FROM)
    [line, _callbacks] = warnings(twilio)
    assert line.startswith("PUBLIC_BASE_URL is not set") and "Host header" in line
    with_url = Settings(
        twilio_account_sid=SID,
        twilio_auth_token=TOKEN,
        twilio_from_number=FROM,
        public_base_url="https://sms.example.org",
    )
    assert warnings(with_url) == []


def test_the_simulator_on_a_host_is_refused_in_one_line_unless_asked_for(monkeypatch, tmp_path):
    for name in ("TWILIO_ACCOUNT_SID", "TWILIO_FROM_NUMBER", "SIMULATOR"):
        monkeypatch.delenv(name, raising=False)
    env = {"DYNO": "web.1", "DATABASE_URL": POSTGRES, "TWILIO_AUTH_TOKEN": TOKEN}
    [line] = problems(Settings.from_env(env))
    assert "/sim" in line and "SIMULATOR=1" in line and "TWILIO_ACCOUNT_SID" in line
    assert problems(Settings.from_env({**env, "SIMULATOR": "1"})) == []
    assert problems(Settings.from_env({"TWILIO_AUTH_TOKEN": TOKEN})) == []  # a laptop
