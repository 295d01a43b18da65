"""Settings from the environment, as SMS.md's configuration table lists them."""

from __future__ import annotations

import pytest

from sh_sms.config import SIMULATOR, TWILIO, Settings


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
