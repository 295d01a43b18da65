"""What one seat knows at a point of the game: the governments it saw, and suspicion scores.

`Record` is the data and the questions a playbook asks of it; `Notebook` (notebook.py) fills it
from the seat's events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sh_sms.games.standard.engine.boards import FASCIST, HITLER, LIBERAL

from .claims import Claim

SUSPECT_AT = 1.0  # a score from which a seat counts as suspected


@dataclass
class Government:
    """One elected government, with what this seat saw of its session."""

    president: int
    chancellor: int
    ja: frozenset[int]
    nein: frozenset[int]
    drew: tuple[str, ...] | None = None  # my draw, when I was its President
    discarded: str | None = None
    got: tuple[str, ...] | None = None  # what I was handed, when I was its Chancellor
    enacted: str | None = None
    vetoed: bool = False
    claims: dict[str, Claim] = field(default_factory=dict)

    @property
    def passed(self) -> tuple[str, ...] | None:
        """What I passed on as its President, if I was."""
        if self.drew is None or self.discarded is None:
            return None
        rest = list(self.drew)
        rest.remove(self.discarded)
        return tuple(rest)


class Record:
    """One seat's knowledge: facts, owed claims and suspicion scores.

    Scores: `public[p]` is what anyone at the table could conclude about seat p from public events
    and claims; `private[p]` adds what only this seat saw (its hands, its investigations).
    Higher means more likely fascist. Fascists use `public` to judge how exposed a teammate is.
    """

    def __init__(self, view: dict) -> None:
        self.seat: int = view["seat"]
        self.role: str = view["role"]
        self.players = len(view["public"]["players"])
        rules = view["public"]["rules"]  # the game's ruleset: the same for the whole table
        self.hitler_zone: int = rules["hitler_zone"]
        hitler = view["hitler"] if self.role == FASCIST else None
        self.hitler: int | None = self.seat if self.role == HITLER else hitler
        self.team = frozenset(view["fascists"]) | ({hitler} if hitler is not None else set())
        self.bad_count = rules["fascists"] + 1  # fascists + Hitler
        self.public = [0.0] * self.players
        self.private = [0.0] * self.players
        self.cleared: set[int] = set()  # shown not to be Hitler (elected in the zone)
        self.investigated: dict[int, str] = {}  # my own investigations: seat -> party
        self.dead: set[int] = set()
        self.governments: list[Government] = []
        self.owed: list[tuple[str, Government | int]] = []  # claims I still owe the table
        self.liberal, self.fascist = rules["liberal_start"], rules["fascist_start"]
        self.seen = 0

    # --- what the seat concludes -----------------------------------------------------------

    def score(self, seat: int) -> float:
        """How fascist `seat` looks to me."""
        return self.public[seat] + self.private[seat]

    def living_others(self) -> list[int]:
        """Every other seat still alive."""
        return [p for p in range(self.players) if p != self.seat and p not in self.dead]

    def suspects(self) -> set[int]:
        """Seats that look fascist: among the most suspected (as many as there are fascists and
        Hitler), those whose score reached SUSPECT_AT. A fascist ranks itself too, as the table
        would; anyone else knows it is not a suspect."""
        ranked = self.living_others()
        if self.role == FASCIST:
            ranked.append(self.seat)
        ranked.sort(key=lambda p: -self.score(p))
        return {p for p in ranked[: self.bad_count] if self.score(p) >= SUSPECT_AT}

    def not_hitler(self, seat: int) -> bool:
        """Whether this seat knows `seat` cannot be Hitler."""
        if self.hitler is not None:
            return seat != self.hitler
        return seat in self.cleared or self.investigated.get(seat) == LIBERAL or seat == self.seat

    def in_hitler_zone(self) -> bool:
        """Whether electing Hitler Chancellor now wins for the fascists (R7)."""
        return self.fascist >= self.hitler_zone

    def tie_break(self, seat: int) -> int:
        """A fixed order among equals that does not favour low seat numbers."""
        return (seat - self.seat) % self.players
