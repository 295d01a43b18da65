"""The watchers table (issue 29): numbers in no game that follow one game's news by text."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel


class Watcher(SQLModel, table=True):
    """A number in no game that follows one game's public news (WATCH <code>): it holds no
    seat, and a number watches at most one game (`ix_watchers_number`). The row goes when the
    watch ends (LEAVE, KICK, SET WATCH OFF, a seat taken, the game's end)."""

    __tablename__ = "watchers"
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    number: str = Field(max_length=20, index=True, unique=True)
    name: str = Field(max_length=12)  # Watcher1..WatcherN: what the host's KICK names
    joined_at: datetime
