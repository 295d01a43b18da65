"""Settings from the environment, as SMS.md's configuration table lists them."""

from __future__ import annotations

import dataclasses

import pytest

from sh_sms.config import SIMULATOR, TWILIO, InvalidSettings, Settings


@pytest.mark.parametrize(
    ("raw", "url"),
    [
        ("postgres://u:p@db:5432/sh", "postgresql+psycopg://u:p@db:5432/sh"),  # Heroku's form
        ("postgresql://u@db/sh", "postgresql+psycopg://u@db/sh"),
        ("postgresql+psycopg://u@db/sh", "postgresql+psycopg://u@db/sh"),
        ("sqlite:////tmp/x.db", "sqlite:////tmp/x.db"),
    ],
)
def test_database_url_accepts_heroku_postgres(raw: str, url: str):
    assert Settings.from_env({"DATABASE_URL": raw}).database_url == url


def test_defaults_are_the_documented_ones():
    s = Settings.from_env({})
    assert s.database_url == "sqlite:///sh_sms.db"
    assert (s.nudge_after_seconds, s.nudge_repeat_seconds, s.nudge_max) == (1800, 3600, 3)
    assert (s.quiet_hours, s.timezone) == ("21-8", "America/New_York")
    assert s.twilio_mps == 1.0 and s.worker_in_web is False
    assert s.backend == SIMULATOR


def test_values_are_typed_and_empty_means_default():
    s = Settings.from_env(
        {"NUDGE_MAX": "5", "TWILIO_MPS": "2.5", "WORKER_IN_WEB": "yes", "QUIET_HOURS": ""}
    )
    assert (s.nudge_max, s.twilio_mps, s.worker_in_web, s.quiet_hours) == (5, 2.5, True, "21-8")


def test_twilio_backend_needs_both_credentials():
    assert Settings.from_env({"TWILIO_AUTH_TOKEN": "t"}).backend == SIMULATOR
    both = {"TWILIO_ACCOUNT_SID": "AC1", "TWILIO_AUTH_TOKEN": "t"}
    assert Settings.from_env(both).backend == TWILIO


def test_overrides_win_over_the_environment():
    s = Settings.from_env({"NUDGE_MAX": "5"}, nudge_max=1, database_url="postgres://h/db")
    assert s.nudge_max == 1
    assert s.database_url == "postgresql+psycopg://h/db"


@pytest.mark.parametrize(
    ("name", "raw", "example"),
    [
        ("NUDGE_AFTER_SECONDS", "30m", "NUDGE_AFTER_SECONDS=1800"),  # was a traceback
        ("TWILIO_MPS", "-1", "TWILIO_MPS=1"),  # was a worker failing every round
        ("TWILIO_SEGMENTS_PER_SECOND", "0", "TWILIO_SEGMENTS_PER_SECOND=1"),
        ("TIMEZONE", "Mars/Base", "TIMEZONE=America/New_York"),  # was UTC, silently
        ("LOG_LEVEL", "chatty", "LOG_LEVEL=INFO"),  # was INFO, silently
        ("DELIVERY_ORDER", "random", "DELIVERY_ORDER=critical"),  # was the default, silently
        ("QUIET_HOURS", "22-", "QUIET_HOURS=21-8"),  # was a warning at the first reminder
        ("DATABASE_URL", "mysql://u@db/sh", "DATABASE_URL=sqlite:///sh_sms.db"),  # was a traceback
        ("WORKER_IN_WEB", "maybe", "WORKER_IN_WEB=0"),  # was off, silently
        ("DEFAULT_REGION", "USA", "DEFAULT_REGION=US"),
        ("PROMPT_VALIDITY_SECONDS", "86400", "PROMPT_VALIDITY_SECONDS=600"),  # Twilio's max: 10 h
        ("TWILIO_MESSAGING_SERVICE_SID", "PN123", "TWILIO_MESSAGING_SERVICE_SID=MG"),
        ("TWILIO_ACCOUNT_SID", "SK123", "TWILIO_ACCOUNT_SID=AC"),
    ],
)
def test_a_bad_value_is_refused_with_one_line_naming_it_what_was_read_and_an_example(
    name, raw, example
):
    with pytest.raises(InvalidSettings) as refused:
        Settings.from_env({name: raw})
    [line] = refused.value.lines
    assert line.startswith(f"{name}={raw} "), line
    assert example in line


def test_every_bad_value_gets_its_own_line_at_once():
    env = {"NUDGE_MAX": "x", "TIMEZONE": "Nowhere", "LOG_LEVEL": "loud", "NUDGE_AFTER_SECONDS": "1"}
    with pytest.raises(InvalidSettings) as refused:
        Settings.from_env(env)
    assert [line.split("=")[0] for line in refused.value.lines] == [
        "NUDGE_MAX", "TIMEZONE", "LOG_LEVEL"
    ]  # fmt: skip


@pytest.mark.parametrize(
    "raw",
    [
        "my-app.herokuapp.com",  # no scheme: every text was answered 403, callbacks refused
        "http://my-app.herokuapp.com",  # Twilio calls https: every signature was wrong
        "https://my-app.herokuapp.com/sms",  # a path: /sms/sms, /sms/sms/status
        "https://my-app.herokuapp.com?x=1",
        "https://",
        "ftp://my-app.herokuapp.com",
    ],
)
def test_public_base_url_must_be_an_https_address_with_nothing_after_the_host(raw):
    with pytest.raises(InvalidSettings) as refused:
        Settings.from_env({"PUBLIC_BASE_URL": raw})
    [line] = refused.value.lines
    assert line.startswith(f"PUBLIC_BASE_URL={raw} ")
    assert "PUBLIC_BASE_URL=https://my-app.herokuapp.com" in line


@pytest.mark.parametrize(
    "raw",
    [
        "https://my-app.herokuapp.com",
        "https://my-app.herokuapp.com/",
        "https://sms.example.org:8443",
        "http://localhost:5000",  # on this machine, plain http is what there is
        "http://127.0.0.1:5000/",
    ],
)
def test_an_https_address_and_a_local_http_one_are_accepted(raw):
    assert Settings.from_env({"PUBLIC_BASE_URL": raw}).public_base_url == raw


def test_a_refusal_never_quotes_a_password_or_the_auth_token():
    env = {"DATABASE_URL": "mysql://me:s3cret@db/sh", "TWILIO_AUTH_TOKEN": "tok"}
    with pytest.raises(InvalidSettings) as refused:
        Settings.from_env(env, twilio_auth_token=42)  # not text: refused, and not quoted
    text = str(refused.value)
    assert "s3cret" not in text and "42" not in text
    assert "TWILIO_AUTH_TOKEN=(hidden)" in text


def test_a_refusal_is_one_line_whatever_was_read():
    with pytest.raises(InvalidSettings) as refused:
        Settings.from_env({"TIMEZONE": "Mars\nBase"})
    [line] = refused.value.lines
    assert "\n" not in line and "TIMEZONE=Mars\\nBase" in line


def test_constructing_settings_checks_too_and_replace_keeps_checking():
    with pytest.raises(ValueError):
        Settings(nudge_max=-1)
    with pytest.raises(ValueError):
        dataclasses.replace(Settings(), public_base_url="sms.example.org")
