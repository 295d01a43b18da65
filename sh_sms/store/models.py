"""The tables. Engine state is kept whole as JSON in `games.state`; everything else is rows."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from ..gamekind.registry import DEFAULT as DEFAULT_GAME

LOBBY = "lobby"
ACTIVE = "active"
OVER = "over"  # finished with a winner
ENDED = "ended"  # stopped by the host
OPEN_STATUSES = (LOBBY, ACTIVE)


# Literal, so the planner can match queries to the partial index (as PENDING_WHERE below).
OPEN_WHERE = text("status IN ('lobby', 'active')")


class Game(SQLModel, table=True):
    """One game, from lobby to the end. `version` grows with every change of state.

    A code names one unfinished game at a time (`uq_games_open_code`); a finished game keeps its
    code for its board and replay until `store.games.new_code` gives it out again after a
    cool-off, so the newest game with a code is the one it names.
    """

    __tablename__ = "games"
    __table_args__ = (
        Index(
            "uq_games_open_code",
            "code",
            unique=True,
            postgresql_where=OPEN_WHERE,
            sqlite_where=OPEN_WHERE,
        ),
    )
    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=8, index=True)
    status: str = Field(default=LOBBY, max_length=16)
    seed: int
    state: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    version: int = 0
    created_at: datetime
    updated_at: datetime
    rematch_of: int | None = Field(default=None, index=True)  # the finished game it replays
    # The host's house rules while in the lobby (sh_sms.houserules.Choice as JSON; None: the
    # default preset, no knob set). Once started, the game's state carries the resolved rules.
    house_rules: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # The game it plays, by its registry name (sh_sms.gamekind.registry): set in the lobby by a
    # RULES preset, copied by REMATCH.
    game: str = Field(
        default=DEFAULT_GAME, max_length=16, sa_column_kwargs={"server_default": DEFAULT_GAME}
    )
    lang: str | None = Field(default=None, max_length=8)  # the host's SET LANG; None: English
    # The service number it texts from (sh_sms.pool: "" the home number), chosen when it opens.
    line: str = Field(default="", max_length=20)


class Player(SQLModel, table=True):
    """A phone in a game. `seat` is the join order in the lobby and the engine seat once started.

    `open_number` holds the number while the game is unfinished; with `line`, the game's service
    number (sh_sms.pool), it is unique, so the database itself guarantees that a phone holds at
    most one seat per service number (`uq_players_open_seat`).

    A computer player (`is_bot`) has no phone: its `number` is `bot:<name>` (sh_sms.text.numbers
    BOT_PREFIX, never a phone number, so no text can come from it or be queued for it) and its
    `open_number` stays NULL, so it never takes a seat of a phone on a service number.
    """

    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("game_id", "name_key"),
        Index("uq_players_open_seat", "open_number", "line", unique=True),
    )
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    number: str = Field(max_length=20, index=True)
    open_number: str | None = Field(default=None, max_length=20)
    line: str = Field(default="", max_length=20)  # the game's service number (sh_sms.pool)
    name: str = Field(max_length=12)
    name_key: str = Field(max_length=12)
    seat: int
    is_host: bool = False
    joined_at: datetime
    is_bot: bool = False
    lang: str | None = Field(default=None, max_length=8)  # the language it reads; None: the game's


class GameEvent(SQLModel, table=True):
    """The append-only log of engine events (and lobby happenings) of a game."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    seq: int
    kind: str = Field(max_length=32)
    to_seat: int | None = None
    data: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime


class Inbound(SQLModel, table=True):
    """Every processed inbound text, keyed by Twilio's MessageSid so a retry changes nothing."""

    __tablename__ = "inbound"
    # By number and time: how many texts a number sent lately is counted as each one is recorded.
    __table_args__ = (Index("ix_inbound_number_received", "number", "received_at"),)
    sid: str = Field(primary_key=True, max_length=64)
    number: str = Field(max_length=20)
    game_id: int | None = None
    received_at: datetime


# Dead-letter statuses: `pending` texts are tried again by the worker, oldest first per sender;
# `failed` ones broke the code, not the database: their sender got an apology; kept for operators.
LETTER_PENDING = "pending"
LETTER_FAILED = "failed"


class DeadLetter(SQLModel, table=True):
    """An inbound text that could not be applied when it came in, kept whole to be tried again.

    `sid` is the MessageSid (one is made up for a text without one), so trying it again is as
    safe as Twilio retrying it: the service applies each MessageSid at most once.
    """

    __tablename__ = "dead_letters"
    id: int | None = Field(default=None, primary_key=True)
    sid: str = Field(max_length=64, unique=True)
    number: str = Field(max_length=20, index=True)
    body: str = Field(sa_column=Column(Text, nullable=False))
    opt_out_type: str | None = Field(default=None, max_length=16)
    media: int = 0  # pictures the text carried (an MMS): its caption, if any, is the body
    to_number: str | None = Field(default=None, max_length=20)  # the service number texted
    status: str = Field(default=LETTER_PENDING, max_length=16, index=True)
    attempts: int = 0
    error: str | None = Field(default=None, max_length=200)  # the last one: class and SQLSTATE
    received_at: datetime
    next_attempt_at: datetime
    updated_at: datetime


class Contact(SQLModel, table=True):
    """What we remember about a number outside any game: the last introduction, opt-out.

    `opted_out`: it texted STOP (or the carrier says so); nothing is sent to it until START.
    `unreachable`: texts to it fail for good (or it opted out); its table has been told.
    """

    __tablename__ = "contacts"
    number: str = Field(primary_key=True, max_length=20)
    last_intro_at: datetime | None = None
    opted_out: bool = False
    unreachable: bool = False
    told_dropped: bool = False  # told once that emoji and the like cannot go by SMS
    lang: str | None = Field(default=None, max_length=8)  # chosen (LANG, NUEVO...); None: not


class Invite(SQLModel, table=True):
    """A seat kept in a rematch lobby for a player of the finished game: JOIN alone takes it."""

    __tablename__ = "invites"
    __table_args__ = (UniqueConstraint("game_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    number: str = Field(max_length=20, index=True)
    name: str = Field(max_length=12)
    created_at: datetime


class GameClock(SQLModel, table=True):
    """Per game: the host's settings (reminders, bots, room mode) and the wait it is in.

    Settings left None follow the service defaults. A wait is one decision point (`wait_key`);
    `due_at` is when the reminder job must next look at the game (None: never), so the job only
    reads rows with `due_at <= now`.
    """

    __tablename__ = "game_clocks"
    game_id: int = Field(foreign_key="games.id", primary_key=True)
    nudge_minutes: int | None = None  # 0: no reminders
    quiet_hours: str | None = Field(default=None, max_length=16)  # "21-8" or "off"
    timezone: str | None = Field(default=None, max_length=64)
    deadline_hours: int | None = None
    paused: bool = False
    last_remind_at: datetime | None = None  # the host's last REMIND
    wait_key: str | None = Field(default=None, max_length=32)
    wait_since: datetime | None = None
    nudges_sent: int = 0
    last_nudge_at: datetime | None = None
    deadline_at: datetime | None = None
    # A game's timer (GameKind.timer_at): when it runs out; players started it, so quiet hours
    # do not move it (None: no timer runs).
    timer_at: datetime | None = None
    due_at: datetime | None = Field(default=None, index=True)
    # Computer players (sh_sms.botplay): the host's pause before a bot moves (None: the default)
    # and when the bot job must next look at the game (None: nothing for a bot to do).
    bot_seconds: int | None = None
    bot_due_at: datetime | None = Field(default=None, index=True)
    # Room mode (the table shares the board's screen): news goes to the board, not the phones,
    # from this round on (None: off; 1: from the start).
    room_from: int | None = None
    # Public events not texted yet because a computer player moves within seconds: they ride in
    # the texts of that move (a JSON list of [kind, data]; None: nothing held).
    held_news: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # When the host was last asked to confirm ENDGAME: a bare YES or NO soon after is asked
    # about, not taken for a vote (None: not asked lately).
    endgame_asked_at: datetime | None = None
    # Watchers (issue 29): the host's SET WATCH OFF, and how many numbers watch now (the step
    # texts look for watchers only when some watch).
    watch_off: bool = False
    watchers: int = 0


class Allowance(SQLModel, table=True):
    """One limit's counter (sh_sms.store.allowances): what `key` (a number, a game, a number in
    a game...) has used in the window that began at `window_start` (epoch seconds).

    `refusals`: calls refused in this window (the first one is told why); `last_ok`: whether the
    latest call fitted. `cap` and `last_cost` are that call's limit and cost, so one statement
    can charge several keys at once.
    """

    __tablename__ = "allowances"
    key: str = Field(primary_key=True, max_length=80)
    window_start: int = 0
    used: int = 0
    cap: int = 0
    last_cost: int = 0
    refusals: int = 0
    last_ok: bool = True
