"""What an attack caused, in outbound segments, and the clock moving at a given pace."""

from __future__ import annotations

from collections.abc import Iterable

from harness import Delivery, Table

from sh_sms.config import Settings


def segments_caused(deliveries: Iterable[Delivery], *, leaving_out: str | None = None) -> int:
    """Outbound segments the deliveries queued (`leaving_out`: not counting those to that
    number)."""
    return sum(row.segments for d in deliveries for row in d.rows if row.to_number != leaving_out)


def send_paced(table: Table, label: str, bodies: Iterable[str], seconds: float) -> list[Delivery]:
    """Text each body from `label`, the clock moving `seconds` before each one."""
    out = []
    for body in bodies:
        table.clock.advance(seconds=seconds)
        out.append(table[label].send(body))
    return out


def settings(table: Table) -> Settings:
    """The settings the table's app runs with."""
    return table.app.extensions["sh_sms"].settings
