"""What a bot makes of the events it has seen: who chose which policies, and what it knows."""

from __future__ import annotations

from collections.abc import Iterable

from ....gamekind.kit import Event
from ..engine.tables import DRAW, FACTIONS, TAKE, faction, policy


class Memory:
    """Per seat, how often each faction's policy came out of a capitol where it chose cards;
    and the alignment cards this seat has seen (its own investigations)."""

    def __init__(self, players: int) -> None:
        self.chose = [dict.fromkeys(FACTIONS, 0) for _ in range(players)]
        self.known: dict[int, str] = {}
        self._holders: dict[str, int] = {}
        self._read = 0

    def read(self, history: list[Event]) -> Memory:
        """Take in the events not read yet (`history` only ever grows)."""
        self._take(history[self._read :])
        self._read = len(history)
        return self

    def _take(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.kind == "capitol":
                self._holders = event.data["holders"]
            elif event.kind == "enacted":
                side = policy(event.data["card"]).faction
                choosers = {self._holders.get(DRAW), self._holders.get(TAKE)} - {None}
                for seat in choosers if side else ():
                    self.chose[seat][side] += 1
            elif event.kind == "investigation":
                self.known[event.data["target"]] = event.data["card"]

    def leaning(self, seat: int, side: str) -> float:
        """How much `seat` has chosen for `side` against the other factions (known cards win)."""
        card = self.known.get(seat)
        if card is not None:
            return 5.0 if faction(card) == side else -5.0
        tally = self.chose[seat]
        return tally[side] - 0.5 * sum(v for f, v in tally.items() if f != side)
