"""The tables. Engine state is kept whole as JSON in `games.state`; everything else is rows."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

LOBBY = "lobby"
ACTIVE = "active"
OVER = "over"  # finished with a winner
ENDED = "ended"  # stopped by the host
OPEN_STATUSES = (LOBBY, ACTIVE)


class Game(SQLModel, table=True):
    """One game, from lobby to the end. `version` grows with every change of state."""

    __tablename__ = "games"
    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=8, unique=True, index=True)
    status: str = Field(default=LOBBY, max_length=16)
    seed: int
    state: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    version: int = 0
    created_at: datetime
    updated_at: datetime


class Player(SQLModel, table=True):
    """A phone in a game. `seat` is the join order in the lobby and the engine seat once started.

    `open_number` holds the number while the game is unfinished and is unique, so the database
    itself guarantees a number is in at most one unfinished game.
    """

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "name_key"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    number: str = Field(max_length=20, index=True)
    open_number: str | None = Field(default=None, max_length=20, unique=True)
    name: str = Field(max_length=12)
    name_key: str = Field(max_length=12)
    seat: int
    is_host: bool = False
    joined_at: datetime


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
    sid: str = Field(primary_key=True, max_length=64)
    number: str = Field(max_length=20, index=True)
    game_id: int | None = None
    received_at: datetime


class Outbox(SQLModel, table=True):
    """A text waiting to be sent, or sent. Rows are written in the same transaction as the game."""

    __tablename__ = "outbox"
    id: int | None = Field(default=None, primary_key=True)
    to_number: str = Field(max_length=20, index=True)
    body: str = Field(sa_column=Column(Text, nullable=False))
    game_id: int | None = Field(default=None, index=True)
    status: str = Field(default="queued", max_length=16, index=True)
    segments: int = 1
    attempts: int = 0
    provider_sid: str | None = Field(default=None, max_length=64)
    error_code: str | None = Field(default=None, max_length=16)
    created_at: datetime
    sent_at: datetime | None = None


class Contact(SQLModel, table=True):
    """What we remember about a number outside any game: the last introduction, opt-out."""

    __tablename__ = "contacts"
    number: str = Field(primary_key=True, max_length=20)
    last_intro_at: datetime | None = None
    opted_out: bool = False
