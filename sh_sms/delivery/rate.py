"""One send rate shared by every worker: a row holding the next free send slot.

Each claim advances the slot atomically under the row's lock, `next = max(now, next) + n / mps`,
so however many workers run, together they hand Twilio at most `mps` messages a second.
"""

from __future__ import annotations

import math

from sqlmodel import Session

from ..store import SendRate
from .rows import locked

TWILIO_RATE = "twilio"


class Slots:
    """The send slots one claim may take: from `start`, one every 1/mps seconds."""

    def __init__(self, session: Session, mps: float, now: float, name: str = TWILIO_RATE) -> None:
        """Lock the shared rate row (created if missing); nothing is taken until `take`."""
        if mps <= 0:
            raise ValueError(f"the send rate must be positive, not {mps}")
        self.row = locked(session, SendRate, {"name": name}, {"next_slot": 0.0})
        self.mps = mps
        self.start = max(now, self.row.next_slot)

    def room(self, until: float) -> int:
        """How many slots start before `until` (a claim must not outlive its lease)."""
        return max(0, math.ceil((until - self.start) * self.mps))

    def take(self, count: int) -> list[float]:
        """Take `count` slots; return their times (epoch seconds), earliest first."""
        self.row.next_slot = self.start + count / self.mps
        return [self.start + i / self.mps for i in range(count)]
