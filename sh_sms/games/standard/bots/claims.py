"""Claims: what a bot says it saw in office, as data (the wording is in templates/sms/bots/).

A claim is table talk, so it goes into the game's log as a public `claim` event; bots read each
other's claims from there like any other event.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sh_sms.games.standard.engine import Event

CLAIM = "claim"  # the event kind a claim is logged as
PRESIDENT = "president"  # "I drew F F L, passed F L"
CHANCELLOR = "chancellor"  # "I got F L, enacted F" (nothing kept: vetoed)
INVESTIGATOR = "investigator"  # "I investigated Bo: FASCIST"


class Claim(NamedTuple):
    """One statement a seat makes about its own turn in office."""

    seat: int
    office: str
    cards: tuple[str, ...] = ()  # drawn (President) or handed (Chancellor)
    kept: tuple[str, ...] = ()  # passed on (President) or enacted (Chancellor); () = vetoed
    target: int | None = None  # the investigated seat
    party: str | None = None  # the party claimed for the target

    def event(self) -> Event:
        """The public log event that records this claim."""
        return Event(CLAIM, None, self.data())

    def data(self) -> dict[str, Any]:
        """JSON-able fields, as stored in the event log."""
        data = self._asdict()
        data["cards"], data["kept"] = list(self.cards), list(self.kept)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Claim:
        """Rebuild a claim from `data()`."""
        fields = dict(data)
        fields["cards"], fields["kept"] = tuple(data["cards"]), tuple(data["kept"])
        return cls(**fields)


def in_order(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Cards as a claim states them: fascists first, so a hand reads the same whatever its order."""
    return tuple(sorted(cards))
