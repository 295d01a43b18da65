"""The game state: plain data that survives a round trip through JSON unchanged."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, fields

from .boards import FASCIST, HITLER, SMALL_TABLE
from .ruleset import Ruleset, standard

# Phases, named as the public state of SMS.md names them.
NOMINATE = "nominate"
VOTE = "vote"
PRESIDENT_DISCARD = "president_discard"
CHANCELLOR_ENACT = "chancellor_enact"
VETO = "veto"
POWER = "power"
OVER = "over"


@dataclass
class GameState:
    """Everything the engine knows about one game. Seats are 0-based indexes into `names`.

    Lists are never changed in place once a state exists: a rule that changes one builds a new
    list, so `clone()` can be shallow and earlier states stay valid.
    """

    seed: int
    names: list[str]
    roles: list[str]
    alive: list[bool]
    draw: list[str]  # the draw pile, top card first
    discards: list[str]
    hand: list[str]  # the cards the President or Chancellor holds, in draw order
    liberal: int = 0
    fascist: int = 0
    tracker: int = 0
    phase: str = NOMINATE
    round: int = 0
    president: int = 0  # candidate or office holder
    chancellor: int | None = None  # nominee or office holder
    rotation: int = 0  # seat the regular rotation continues from (R4, R16)
    last_president: int | None = None  # last *elected* government, for term limits (R5)
    last_chancellor: int | None = None
    votes: list[bool | None] | None = None
    last_votes: list[bool | None] | None = None
    power: str | None = None
    veto_proposed: bool = False
    investigations: list[list[int]] | None = None  # [investigator, target] pairs
    peek: list | None = None  # [president, [cards]] of the latest peek
    shuffles: int = 0
    winner: str | None = None
    reason: str | None = None
    # House rules (ruleset.py); None: the standard game for this table size. Fields from here on
    # are left out of the JSON while None, so a standard game's saved state reads as it always did.
    ruleset: Ruleset | None = None
    shown: list[list[int]] | None = None  # [president, target] pairs of reverse investigations

    def clone(self) -> GameState:
        """Return a shallow copy; safe because lists are replaced, never mutated."""
        new = object.__new__(GameState)
        new.__dict__.update(self.__dict__)
        return new

    @property
    def rules(self) -> Ruleset:
        """The rules this game is played by."""
        return self.ruleset or standard(len(self.names))

    @property
    def players(self) -> int:
        """Number of seats, dead or alive."""
        return len(self.names)

    def living(self) -> int:
        """Number of players still alive."""
        return sum(self.alive)

    def next_alive(self, seat: int) -> int:
        """The next living seat after `seat` in seat order (R4); `seat` itself may be dead."""
        n = len(self.alive)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self.alive[candidate]:
                return candidate
        raise AssertionError("no living player")  # unreachable: a game always has 3+ alive

    def term_limited(self) -> list[int]:
        """Seats that may not be nominated Chancellor right now (R5, R9)."""
        limited = []
        if self.last_chancellor is not None:
            limited.append(self.last_chancellor)
        if self.last_president is not None and self.living() > SMALL_TABLE:
            limited.append(self.last_president)
        return [seat for seat in limited if self.alive[seat]]  # the dead need no limit

    def eligible_chancellors(self) -> list[int]:
        """Seats the current presidential candidate may nominate (R5)."""
        limited = self.term_limited()
        return [
            seat
            for seat, up in enumerate(self.alive)
            if up and seat != self.president and seat not in limited
        ]

    def investigated(self) -> list[int]:
        """Seats already investigated by anyone (R15); a President who showed their party in a
        reverse investigation counts as investigated (secrethitler.io, policy-powers.js)."""
        seats = [target for _, target in self.investigations or ()]
        if self.shown:
            shown = dict.fromkeys(president for president, _ in self.shown)
            seats += [president for president in shown if president not in seats]
        return seats

    @property
    def veto_unlocked(self) -> bool:
        """Whether the Chancellor may propose a veto (R13)."""
        return self.fascist >= self.rules.veto_zone

    def party(self, seat: int) -> str:
        """The party membership an investigation shows (R15: Hitler shows Fascist)."""
        return FASCIST if self.roles[seat] in (FASCIST, HITLER) else self.roles[seat]

    def rng(self, purpose: str) -> random.Random:
        """A generator derived from the stored seed, so replaying the same actions replays luck."""
        return random.Random(f"{self.seed}/{purpose}/{self.shuffles}")

    def to_json(self) -> str:
        """Serialise to a compact JSON string (stable key order)."""
        if self.ruleset is None and self.shown is None:  # a standard game saves as it always did
            text = json.dumps(self.__dict__, separators=(",", ":"))
            if text.endswith(_UNSET_TAIL):  # the optional fields come last: cut them off
                return text[: -len(_UNSET_TAIL)] + "}"
        data = {k: v for k, v in self.__dict__.items() if k not in _OPTIONAL or v is not None}
        if self.ruleset is not None:
            data["ruleset"] = self.ruleset.to_data()
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Rebuild a state from `to_json` output (a state saved before house rules: standard)."""
        data = json.loads(text)
        state = cls(**{f.name: data[f.name] for f in fields(cls) if f.name not in _OPTIONAL})
        for name in _OPTIONAL:
            if data.get(name) is not None:
                setattr(state, name, data[name])
        if state.ruleset is not None:
            state.ruleset = Ruleset.from_data(state.ruleset)
        return state


_OPTIONAL = ("ruleset", "shown")
_UNSET_TAIL = ',"ruleset":null,"shown":null}'
