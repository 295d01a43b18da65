"""Persistence: SQLModel tables and the transaction each inbound text runs in."""

from .db import lock_game, make_engine, transaction
from .models import (
    ACTIVE,
    ENDED,
    LOBBY,
    OPEN_STATUSES,
    OVER,
    Contact,
    Game,
    GameEvent,
    Inbound,
    Outbox,
    Player,
)

__all__ = [
    "ACTIVE",
    "ENDED",
    "LOBBY",
    "OPEN_STATUSES",
    "OVER",
    "Contact",
    "Game",
    "GameEvent",
    "Inbound",
    "Outbox",
    "Player",
    "lock_game",
    "make_engine",
    "transaction",
]
