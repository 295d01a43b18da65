"""Settings from the environment (and `.env`), as SMS.md lists them."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

SIMULATOR = "simulator"
TWILIO = "twilio"


def database_url(raw: str) -> str:
    """Accept Heroku's `postgres://` and plain `postgresql://`, using the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix) :]
    return raw


@dataclass(frozen=True)
class Settings:
    """Every setting the service reads; defaults suit a laptop with no Twilio account."""

    database_url: str = "sqlite:///sh_sms.db"
    twilio_account_sid: str | None = None
    twilio_auth_token: str | None = None
    twilio_from_number: str | None = None
    twilio_messaging_service_sid: str | None = None
    public_base_url: str | None = None
    nudge_after_seconds: int = 1800
    nudge_repeat_seconds: int = 3600
    nudge_max: int = 3
    quiet_hours: str = "21-8"
    timezone: str = "America/New_York"
    default_region: str = "US"  # for numbers typed without a country code
    intro_every_seconds: int = 600

    @property
    def backend(self) -> str:
        """Twilio once credentials are set, else the built-in simulator."""
        return TWILIO if self.twilio_account_sid and self.twilio_auth_token else SIMULATOR

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides) -> Settings:
        """Read settings from `environ` (default: os.environ after loading `.env`)."""
        if environ is None:
            from dotenv import load_dotenv

            load_dotenv()
            environ = os.environ
        values = {}
        for f in fields(cls):
            raw = environ.get(f.name.upper())
            if raw is None or raw == "":
                continue
            values[f.name] = int(raw) if f.type == "int" else raw
        settings = replace(cls(**values), **overrides)
        return replace(settings, database_url=database_url(settings.database_url))
