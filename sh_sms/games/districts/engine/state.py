"""The variant's game state: plain data that survives a round trip through JSON unchanged."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, fields

from .tables import FACTIONS, OLIGARCH, policy

# Phases.
SETTLE = "settle"  # every player picks a district
VOTE = "vote"  # each district elects its representative
INVESTIGATE = "investigate"  # the capitol's investigate card is played
DRAW = "draw"  # the draw card holder discards one of three
TAKE = "take"  # the take card holder discards one of two
PLAY = "play"  # the action player holds the last policy and plays it (PLAY)
MOVE = "move"  # the action player moves players as the enacted card says
OVER = "over"

VARIANT = "districts"  # stored in every state, so a saved game says which engine reads it

# Why a district sends nobody this round.
ELECTED, EMPTY, TIMED_OUT = "elected", "empty", "timer"


@dataclass
class DistrictsState:
    """Everything the engine knows about one game. Seats are 0-based; districts 1-based.

    Top-level lists and dicts are copied by `clone()` and may be changed in a clone; the lists
    inside them (investigation pairs) are never changed in place.
    """

    seed: int
    names: list[str]
    cards: list[str]  # each seat's alignment card: "liberal", "fascist", "oligarch-2"
    boxed: str  # the alignment card discarded to the box, unseen until the end
    districts: int
    rules: dict
    draw: list[str]  # the policy deck, top card first
    discards: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # what the draw or take holder holds
    enacted: list[str] = field(default_factory=list)  # every policy played, in order
    points: list[int] = field(default_factory=list)  # per district
    where: list[int | None] = field(default_factory=list)  # each seat's district
    phase: str = SETTLE
    round: int = 0
    votes: list[int | None] = field(default_factory=list)  # each seat's vote this round
    reps: list[int | None] = field(default_factory=list)  # per district: its representative
    closed: list[str | None] = field(default_factory=list)  # per district: None while voting
    timer_ends: int | None = None  # when the capitol's timer runs out (seconds)
    capitol: dict[str, int] = field(default_factory=dict)  # capitol card -> holder
    investigations: list[list[int]] = field(default_factory=list)  # [investigator, target]
    shuffles: int = 0
    winners: list[int] | None = None
    reason: str | None = None
    variant: str = VARIANT

    def clone(self) -> DistrictsState:
        """A copy whose top-level lists and dicts may be changed without touching this one."""
        new = object.__new__(DistrictsState)
        new.__dict__.update(
            {
                k: list(v) if type(v) is list else dict(v) if type(v) is dict else v
                for k, v in self.__dict__.items()
            }
        )
        return new

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    def members(self, district: int) -> list[int]:
        """Seats whose district is `district` (representatives included)."""
        return [p for p, d in enumerate(self.where) if d == district]

    def voters(self, district: int) -> list[int]:
        """Seats of `district` still in it (not in the capitol)."""
        return [p for p in self.members(district) if p not in self.reps]

    def in_capitol(self) -> list[int]:
        """The representatives in the capitol this round, by district."""
        return [r for r in self.reps if r is not None]

    def holder(self, role: str) -> int | None:
        """Who holds capitol card `role` this round, if it was dealt."""
        return self.capitol.get(role)

    def track(self, faction: str) -> int:
        """Policies on `faction`'s track (the privilege card counts for the oligarchs)."""
        count = sum(1 for code in self.enacted if policy(code).faction == faction)
        return count + (self.rules["privilege"] if faction == OLIGARCH else 0)

    def tracks(self) -> dict[str, int]:
        """Every faction's track."""
        return {f: self.track(f) for f in FACTIONS}

    def rng(self, purpose: str) -> random.Random:
        """A generator derived from the stored seed, so replaying the same actions replays luck."""
        return random.Random(f"{self.seed}/{purpose}/{self.round}/{self.shuffles}")

    def to_json(self) -> str:
        """Serialise to a compact JSON string."""
        return json.dumps(self.__dict__, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> DistrictsState:
        """Rebuild a state from `to_json` output."""
        data = json.loads(text)
        return cls(**{f.name: data[f.name] for f in fields(cls)})
