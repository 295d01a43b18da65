"""The outbox and the tables of sending it: each sender's next slot, the games' turns under a
send rate, and the alerts about texts that failed for the sender's reason."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text, text
from sqlmodel import Field, SQLModel

# Outbox statuses. A row is queued, claimed by a worker (sending), handed to the provider (sent),
# then delivered, undelivered or failed as status callbacks say; cancelled when its recipient
# opted out before it left. A transient failure queues it again, due at a later next_attempt_at.
QUEUED = "queued"
SENDING = "sending"
SENT = "sent"
DELIVERED = "delivered"
UNDELIVERED = "undelivered"
FAILED = "failed"
CANCELLED = "cancelled"
JOINED = "joined"  # sent as part of an earlier row to the same number (`joined_into`)
PENDING_STATUSES = (QUEUED, SENDING)  # not yet handed to the provider
# Literal, not bound parameters, so the planner can match queries to the partial index.
PENDING_WHERE = text("status IN ('queued', 'sending')")


class Outbox(SQLModel, table=True):
    """A text waiting to be sent, or sent. Rows are written in the same transaction as the game.

    A worker claims a row by setting `claimed_by` and `lease_until`; once the lease has expired
    another worker may claim it again (the first one died, or hangs). `critical`: the text asks
    its reader to act (the game waits on them), so under a send rate it goes first. Only pending
    rows are in `ix_outbox_pending`, so claims stay fast however long the history grows.
    """

    __tablename__ = "outbox"
    __table_args__ = (
        Index(
            "ix_outbox_pending",
            "to_number",
            "id",
            postgresql_where=PENDING_WHERE,
            sqlite_where=PENDING_WHERE,
        ),
    )
    id: int | None = Field(default=None, primary_key=True)
    to_number: str = Field(max_length=20, index=True)
    body: str = Field(sa_column=Column(Text, nullable=False))
    game_id: int | None = Field(default=None, index=True)
    status: str = Field(default=QUEUED, max_length=16)
    segments: int = 1
    critical: bool = False
    joined_into: int | None = None
    attempts: int = 0
    provider_sid: str | None = Field(default=None, max_length=64, index=True)
    error_code: str | None = Field(default=None, max_length=16)
    created_at: datetime
    sent_at: datetime | None = None
    next_attempt_at: datetime | None = None
    claimed_by: str | None = Field(default=None, max_length=64)
    lease_until: datetime | None = None
    updated_at: datetime | None = None
    # When an attempt whose outcome is unknown began (its request timed out, or its worker died
    # mid-send): Twilio may have the message, so it is looked up there before any new attempt.
    unsure_since: datetime | None = None
    # The service number it is sent from (sh_sms.pool: "" the home number): its game's, or,
    # outside any game, the number the phone texted.
    line: str = Field(default="", max_length=20)


class SendRate(SQLModel, table=True):
    """The next free send slot (epoch seconds) of a sender, shared by every worker process."""

    __tablename__ = "send_rate"
    name: str = Field(primary_key=True, max_length=32)
    next_slot: float = 0.0


class SenderAlert(SQLModel, table=True):
    """Per game: texts failed for a reason that is the sender's (trial account, unregistered
    number, bad credentials...), not the recipient's. One row per game; its host is told once."""

    __tablename__ = "sender_alerts"
    game_id: int = Field(foreign_key="games.id", primary_key=True)
    first_code: str = Field(max_length=16)
    last_code: str = Field(max_length=16)
    failures: int = 0
    first_at: datetime
    last_at: datetime
    host_told: bool = False  # a text to the host was queued about it


class SendTurn(SQLModel, table=True):
    """When a game (0: texts outside any game) last got a send slot: under a send rate, games
    take turns, the one served longest ago first."""

    __tablename__ = "send_turns"
    game_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    served_at: float = 0.0
