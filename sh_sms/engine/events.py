"""Events: what happened, and who may see it."""

from __future__ import annotations

from typing import Any, NamedTuple

EVERYONE = None


class Event(NamedTuple):
    """One thing that happened. `to` is a seat for private knowledge, or None for the table."""

    kind: str
    to: int | None
    data: dict[str, Any]

    def visible_to(self, seat: int) -> bool:
        """Whether the player in `seat` may see this event."""
        return self.to is None or self.to == seat

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form for the event log."""
        return {"kind": self.kind, "to": self.to, "data": self.data}
