"""One send rate per service number, shared by every worker: a row holding its next free slot.

The rate counts message segments, as carriers do: a text of n segments takes n slots, so the
next text may start n / rate seconds after it. Each claim advances the slot atomically under the
row's lock, so however many workers run, together they hand Twilio at most `rate` segments a
second, and Twilio's own queue (where our order no longer decides anything) stays empty.
"""

from __future__ import annotations

import math

from sqlmodel import Session

from ..store import SendRate
from .rows import locked

TWILIO_RATE = "twilio"


def rate_name(line: str) -> str:
    """The rate row of a service number's line: the home number keeps the row it always had."""
    return f"{TWILIO_RATE}:{line}" if line else TWILIO_RATE


class Slots:
    """The send slots one claim may take: from `start`, one segment every 1/rate seconds."""

    def __init__(self, session: Session, rate: float, now: float, name: str = TWILIO_RATE) -> None:
        """Lock the shared rate row (created if missing); nothing is taken until `take`."""
        if rate <= 0:
            raise ValueError(f"the send rate must be positive, not {rate}")
        self.row = locked(session, SendRate, {"name": name}, {"next_slot": 0.0})
        self.rate = rate
        self.start = max(now, self.row.next_slot)

    def room(self, until: float) -> int:
        """How many one-segment slots start before `until` (a claim must not outlive its lease)."""
        return max(0, math.ceil((until - self.start) * self.rate))

    def plan(self, segments: list[int], until: float) -> list[float]:
        """The start times (epoch seconds) of the leading texts of `segments` that start before
        `until`, each after the segments of the ones before it. Nothing is taken yet."""
        times, at = [], self.start
        for count in segments:
            if at >= until:
                break
            times.append(at)
            at += max(1, count) / self.rate
        return times

    def take(self, segments: list[int]) -> list[float]:
        """Take the slots of texts of `segments` segments, in order; return their start times."""
        times = self.plan(segments, math.inf)
        self.row.next_slot = self.start + sum(max(1, n) for n in segments) / self.rate
        return times
