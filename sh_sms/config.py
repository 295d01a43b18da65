"""Every setting the service reads, checked once at start in every process.

Each field is read from the upper-case environment variable of the same name (and `.env`); an
empty value means the default. `Settings.from_env` refuses a value that cannot work with
`InvalidSettings`: one line per variable, saying what was read, why it cannot work and an example
(templates/ops/setting/). Rules that span several settings (Twilio half set up, SQLite on a
host) are in ops.preflight. Adding a setting is one line here: a name, a type and a default.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Any

from pydantic import (
    Field,
    NonNegativeFloat,
    NonNegativeInt,
    PositiveFloat,
    PositiveInt,
    ValidationError,
)
from pydantic.dataclasses import dataclass

from .pool import Pool, kind_rate, sim_numbers
from .setting_values import (
    AccountSid,
    DatabaseUrl,
    DeliveryOrder,
    LogLevel,
    NumberPatterns,
    NumberRates,
    Numbers,
    OptionalBaseUrl,
    QuietHours,
    Region,
    Regions,
    ServiceSid,
    TimeZone,
    Url,
    Validity,
    database_url,
    parse_number_rates,
    refusals,
    shown_url,
)

__all__ = ["SIMULATOR", "TWILIO", "InvalidSettings", "Settings", "database_url", "shown_url"]
SIMULATOR = "simulator"
TWILIO = "twilio"


@dataclass(frozen=True)
class Settings:
    """Every setting the service reads; defaults suit a laptop with no Twilio account."""

    database_url: DatabaseUrl = "sqlite:///sh_sms.db"
    twilio_account_sid: AccountSid | None = Field(None, examples=["AC0123456789abcdef..."])
    twilio_auth_token: str | None = None
    twilio_from_number: str | None = None
    twilio_messaging_service_sid: ServiceSid | None = Field(None, examples=["MG0123456789..."])
    # The pool of service numbers (issue 35), after TWILIO_FROM_NUMBER if that is set too; with
    # a Messaging Service and this unset, its numbers are read when a process starts.
    twilio_numbers: Numbers = Field("", examples=["+15551234567,+15557654321"])
    sim_numbers: Annotated[int, Field(ge=1, le=20)] = 1  # the simulator's service numbers
    # This app's address as Twilio calls it: https://host, nothing after the host.
    public_base_url: OptionalBaseUrl = Field(None, examples=["https://my-app.herokuapp.com"])
    simulator: bool = False  # run the phone simulator on a host (DYNO set) on purpose
    nudge_after_seconds: PositiveInt = 1800
    nudge_repeat_seconds: PositiveInt = 3600
    nudge_max: NonNegativeInt = 3
    quiet_hours: QuietHours = "21-8"
    timezone: TimeZone = "America/New_York"
    default_region: Region = "US"  # for numbers typed without a country code
    intro_every_seconds: NonNegativeInt = 600
    after_game_hours: NonNegativeFloat = 6.0  # a finished game still answers STATUS, ROLE, LOG
    log_level: LogLevel = "INFO"
    dyno: str | None = None  # set by Heroku in every process (web.1, worker.1, release.2345)
    # Delivery (sh_sms.delivery): the worker that drains the outbox.
    # Message segments per second per sender, summed over every worker process (a 3-segment text
    # takes 3 slots). TWILIO_SEGMENTS_PER_SECOND; the older name TWILIO_MPS is read when unset.
    twilio_segments_per_second: PositiveFloat | None = Field(None, examples=[1])
    twilio_mps: PositiveFloat = 1.0
    # In a pool, each number keeps to its own rate: a long code to the rate above, a toll-free
    # number to 3, a short code to 100, unless listed here (`+18005550100=10`).
    twilio_number_rates: NumberRates = Field("", examples=["+18005550100=3,+15551230002=1"])
    delivery_order: DeliveryOrder = "critical"  # "fifo": strictly oldest first, nothing joined
    claim_ahead_seconds: NonNegativeFloat = 0.2  # under a rate, rows are chosen this close
    # A text that asks a player to act and still waits in Twilio's queue after this long is
    # dropped there (error 30036): the game has moved on, and a reminder says what is asked now.
    prompt_validity_seconds: Validity = 600
    twilio_api_url: Url | None = None  # another base URL for Twilio's REST API (tests)
    # Where Twilio posts delivery reports; default: PUBLIC_BASE_URL + /sms/status.
    status_callback_url: Url | None = Field(None, examples=["https://my-app.example/sms/status"])
    worker_in_web: bool = False  # also drain the outbox from a thread of each web process
    worker_threads: PositiveInt = 4  # sends in flight at once per worker (never two to one number)
    worker_batch: PositiveInt = 100  # rows claimed per round trip (a rate claims only what is due)
    worker_poll_seconds: PositiveFloat = 0.25  # pause when the outbox is empty
    send_timeout_seconds: PositiveFloat = 10.0  # per request to Twilio
    lease_seconds: PositiveInt = 60  # a claimed row is taken back after this long
    max_attempts: PositiveInt = 5  # sends of one message before it is given up
    retry_base_seconds: PositiveFloat = 2.0  # first backoff; doubles per attempt, with jitter
    retry_max_seconds: PositiveFloat = 300.0
    # Faults (store.faults, conversation.intake): database errors while a text is applied.
    db_attempts: PositiveInt = 3  # runs of one text's transaction before it is kept
    db_retry_base_seconds: NonNegativeFloat = 0.05  # pause before the second run; doubles
    # The most one text may take inside its request, all runs and pauses together, before it
    # is kept as a dead letter and answered 503 (Twilio waits 15 s for an answer); and the
    # longest one statement of the web app waits for a lock (or a connection) meanwhile.
    request_budget_seconds: Annotated[float, Field(gt=0, le=12)] = 10.0
    db_lock_wait_seconds: Annotated[float, Field(gt=0, le=4)] = 3.0
    dead_letter_poll_seconds: PositiveFloat = 5.0  # how often the worker tries kept texts again
    # Reminders (sh_sms.reminders): the periodic job and the host's REMIND.
    reminder_poll_seconds: PositiveFloat = 5.0  # how often the job looks for due reminders
    remind_every_seconds: NonNegativeInt = 600  # the host's REMIND, at most this often per game
    # Retention (sh_sms.store.retention): sent texts of finished games, and old inbound ids.
    retention_days: NonNegativeInt = 30  # 0: keep everything
    retention_every_seconds: PositiveFloat = 3600.0
    # Computer players (sh_sms.botplay): their pause before a move, and how often the job looks.
    bot_seconds: NonNegativeInt = 5  # the default of SET BOTSPEED
    bot_poll_seconds: PositiveFloat = 1.0
    watchers_max: PositiveInt = 5  # numbers that may WATCH one game at once (issue 29)
    # Limits (sh_sms.conversation.limits; docs/operating.md "Limits"): what one number can make
    # us send.
    texts_per_minute: PositiveInt = 20  # texts of one number acted on a minute; then one notice
    talk_segments_per_minute: PositiveInt = 150  # segments one player's relayed talk costs a minute
    talk_segments_per_hour: PositiveInt = 6000  # segments one game's relayed talk costs an hour
    host_notices_per_hour: PositiveInt = 12  # table told of the host's changes (SET, PAUSE, BOT)
    reach_notices_per_hour: PositiveInt = 4  # table told a number opted out or back in
    stranger_texts: PositiveInt = 10  # texts answered per window from a number in no game
    stranger_window_seconds: PositiveInt = 600
    games_per_number_per_hour: PositiveInt = 6  # games one number may open (NEW, REMATCH) an hour
    games_per_hour: PositiveInt = 600  # games the whole service may open an hour
    lobby_joins: PositiveInt = 3  # times one number may join one lobby (after a KICK: never)
    joins_per_hour: PositiveInt = 6  # lobbies one number may join an hour
    code_cooloff_days: NonNegativeInt = 30  # a played game's code waits this long before reuse
    # ISO codes replies may go to ("US,CA"); empty: the country of the service's own number.
    reply_countries: Regions = Field("", examples=["US,CA"])
    # Numbers always answered (# a digit; "off": none): the fictional +1 555 numbers by default.
    reply_also_to: NumberPatterns = Field("+1555#######", examples=["+1555#######"])

    @property
    def callback_url(self) -> str | None:
        """Where Twilio posts status callbacks: STATUS_CALLBACK_URL, else from PUBLIC_BASE_URL."""
        if self.status_callback_url:
            return self.status_callback_url
        if self.public_base_url:
            return self.public_base_url.rstrip("/") + "/sms/status"
        return None

    @cached_property
    def pool(self) -> Pool:
        """The service numbers texts come from, the home number first (`sh_sms.pool`)."""
        if self.backend == SIMULATOR:
            return Pool(sim_numbers(self.sim_numbers))
        listed = [self.twilio_from_number or "", *self.twilio_numbers.split(",")]
        numbers = tuple(dict.fromkeys(n.strip() for n in listed if n.strip()))
        return Pool(numbers, self.twilio_messaging_service_sid)

    @property
    def segment_rate(self) -> float:
        """Segments per second the sender may send: TWILIO_SEGMENTS_PER_SECOND, else TWILIO_MPS."""
        return self.twilio_segments_per_second or self.twilio_mps

    @cached_property
    def number_rates(self) -> dict[str, float]:
        """The numbers whose rate TWILIO_NUMBER_RATES sets, by number."""
        return parse_number_rates(self.twilio_number_rates)

    def line_rate(self, line: str) -> float:
        """Segments per second the number of `line` may send: a single number the configured
        rate; in a pool its TWILIO_NUMBER_RATES entry, else its kind's (`pool.kind_rate`)."""
        if self.pool.single:
            return self.segment_rate
        number = self.pool.number_of(line) or ""
        return self.number_rates.get(number) or kind_rate(number, self.segment_rate)

    @property
    def backend(self) -> str:
        """Twilio once credentials are set, else the built-in simulator."""
        return TWILIO if self.twilio_account_sid and self.twilio_auth_token else SIMULATOR

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides) -> Settings:
        """Read settings from `environ` (default: os.environ after loading `.env`), then
        `overrides` (field names, typed values). Raise `InvalidSettings` when any is unusable."""
        if environ is None:
            from dotenv import load_dotenv

            load_dotenv()
            environ = os.environ
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            raw = environ.get(f.name.upper())
            if raw is not None and raw != "":
                values[f.name] = raw
        values.update(overrides)
        try:
            return cls(**values)
        except ValidationError as exc:
            raise InvalidSettings(refusals(cls.__pydantic_fields__, exc, values)) from None


class InvalidSettings(RuntimeError):
    """Settings no process may start with; `lines` says, one line each, what to set."""

    def __init__(self, lines: list[str]) -> None:
        """`lines`: one per problem, each naming the variable to set."""
        super().__init__("\n".join(lines))
        self.lines = lines
