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


def flag(raw: str) -> bool:
    """An environment flag: 1/true/yes/on (any case) is true, anything else false."""
    return raw.strip().lower() in ("1", "true", "yes", "on")


_PARSE = {"int": int, "float": float, "bool": flag}


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
    after_game_hours: float = 6.0  # a finished game still answers STATUS, ROLE, LOG and relays talk
    log_level: str = "INFO"
    dyno: str | None = None  # set by Heroku in every process (web.1, worker.1, release.2345)
    # Delivery (sh_sms.delivery): the worker that drains the outbox.
    # Message segments per second per sender, summed over every worker process (a 3-segment text
    # takes 3 slots). TWILIO_SEGMENTS_PER_SECOND; the older name TWILIO_MPS is read when it is 0.
    twilio_segments_per_second: float = 0.0
    twilio_mps: float = 1.0
    delivery_order: str = "critical"  # "fifo": strictly oldest first, nothing joined (to compare)
    claim_ahead_seconds: float = 0.2  # under a rate, rows are chosen this close to their slot
    twilio_api_url: str | None = None  # another base URL for Twilio's REST API (tests)
    status_callback_url: str | None = None  # default: PUBLIC_BASE_URL + /sms/status
    worker_in_web: bool = False  # also drain the outbox from a thread of each web process
    worker_threads: int = 4  # sends in flight at once per worker (never two to one number)
    worker_batch: int = 100  # rows claimed per round trip (a send rate claims only what is due)
    worker_poll_seconds: float = 0.25  # pause when the outbox is empty
    send_timeout_seconds: float = 10.0  # per request to Twilio
    lease_seconds: int = 60  # a claimed row is taken back after this long
    max_attempts: int = 5  # sends of one message before it is given up
    retry_base_seconds: float = 2.0  # first backoff; doubles per attempt, with jitter
    retry_max_seconds: float = 300.0
    # Faults (store.faults, conversation.intake): database errors while a text is applied.
    db_attempts: int = 3  # runs of one text's transaction before it is kept as a dead letter
    db_retry_base_seconds: float = 0.05  # pause before the second run; doubles, with jitter
    dead_letter_poll_seconds: float = 5.0  # how often the worker tries kept texts again
    # Reminders (sh_sms.reminders): the periodic job and the host's REMIND.
    reminder_poll_seconds: float = 5.0  # how often the job looks for due reminders and deadlines
    remind_every_seconds: int = 600  # the host's REMIND, at most this often per game
    # Retention (sh_sms.store.retention): sent texts of finished games, and old inbound ids.
    retention_days: int = 30  # 0: keep everything
    retention_every_seconds: float = 3600.0
    # Computer players (sh_sms.botplay): their pause before a move, and how often the job looks.
    bot_seconds: int = 5  # the default of SET BOTSPEED
    bot_poll_seconds: float = 1.0
    # Limits (sh_sms.conversation.limits; README "Limits"): what one number can make us send.
    texts_per_minute: int = 20  # texts of one number acted on per minute; then one notice, none
    talk_segments_per_minute: int = 150  # segments one player's relayed talk may cost a minute
    talk_segments_per_hour: int = 6000  # segments one game's relayed talk may cost an hour
    host_notices_per_hour: int = 12  # table told of the host's changes (SET, PAUSE, BOT, KICK)
    reach_notices_per_hour: int = 4  # table told a number opted out or back in (STOP, START)
    stranger_texts: int = 10  # texts answered per window from a number in no game; then one notice
    stranger_window_seconds: int = 600
    games_per_number_per_hour: int = 6  # games one number may open (NEW, REMATCH) an hour
    games_per_hour: int = 600  # games the whole service may open an hour
    lobby_joins: int = 3  # times one number may join one lobby (after a KICK: never)
    joins_per_hour: int = 6  # lobbies one number may join an hour
    code_cooloff_days: int = 30  # a played game's code is not given to a new game before this
    reply_countries: str = ""  # ISO codes replies may go to ("US,CA"); "": the service number's
    reply_also_to: str = "+1555#######"  # numbers always answered (# a digit): fictional +1 555

    @property
    def callback_url(self) -> str | None:
        """Where Twilio posts status callbacks: STATUS_CALLBACK_URL, else from PUBLIC_BASE_URL."""
        if self.status_callback_url:
            return self.status_callback_url
        if self.public_base_url:
            return self.public_base_url.rstrip("/") + "/sms/status"
        return None

    @property
    def segment_rate(self) -> float:
        """Segments per second the sender may send: TWILIO_SEGMENTS_PER_SECOND, else TWILIO_MPS."""
        return self.twilio_segments_per_second or self.twilio_mps

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
            values[f.name] = _PARSE.get(f.type, str)(raw)
        settings = replace(cls(**values), **overrides)
        return replace(settings, database_url=database_url(settings.database_url))
