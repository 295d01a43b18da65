"""Events: what happened, and who may see it."""

from __future__ import annotations

from typing import Any, NamedTuple

EVERYONE = None


class Event(NamedTuple):
    """One thing that happened. `to` is a seat for private knowledge, or None for the table."""

    kind: str
    to: int | None
    data: dict[str, Any]
