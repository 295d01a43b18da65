"""A finished districts game told again round by round, from its stored event log (pure: events
in, rounds out; no database, no words).

The public board at each moment (who is where, points, tracks, policies played) is worked out
from the public events alone; the secrets of each capitol (the three policies drawn, the two
handed on, what an investigation showed) come from the private events, which only a finished
game's replay reads. The end reveals every alignment card and the one in the box.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from .engine import Event
from .engine.tables import FACTIONS


@dataclass(frozen=True)
class Table:
    """The public board at one moment."""

    where: tuple[int | None, ...]
    points: tuple[int, ...]
    tracks: tuple[tuple[str, int], ...]
    played: int = 0

    def members(self, district: int) -> list[int]:
        """Seats in `district`."""
        return [seat for seat, d in enumerate(self.where) if d == district]

    @property
    def districts(self) -> range:
        """The district numbers, from 1."""
        return range(1, len(self.points) + 1)

    def track(self, faction: str) -> int:
        """Policies on `faction`'s track (the privilege card included)."""
        return dict(self.tracks)[faction]


@dataclass
class Round:
    """One round: the elections, the capitol's cards and secrets, the policy, the moves."""

    round: int
    start: Table  # who was where as the voting began
    board: Table  # the board when the round ended
    elected: list[tuple[int, int]] = field(default_factory=list)  # (district, seat)
    unrepresented: list[int] = field(default_factory=list)
    timer: bool = False
    holders: dict[str, int] = field(default_factory=dict)  # capitol card -> seat
    investigated: tuple[int, int] | None = None  # (by, target)
    investigation: str | None = None  # hidden: the card the investigator saw
    drawn: list[str] | None = None  # hidden: the drawer's three policies
    handed: list[str] | None = None  # hidden: the two the taker held
    enacted: str | None = None
    actor: int | None = None  # the action player (None: nobody in the capitol)
    district: int | None = None  # the district the policy scored for
    moves: list[tuple[int | None, int, int]] = field(default_factory=list)  # (by, seat, to)
    rotated: bool = False
    public: list[Event] = field(default_factory=list)  # the table's events, in order

    def rep_of(self, district: int) -> int | None:
        """The representative `district` elected this round, if any."""
        return next((seat for d, seat in self.elected if d == district), None)

    @property
    def drawer_discarded(self) -> str | None:
        """The policy the drawer threw away."""
        return _left_out(self.drawn, self.handed)

    @property
    def taker_discarded(self) -> str | None:
        """The policy the taker threw away."""
        return _left_out(self.handed, [self.enacted] if self.enacted else None)


def _left_out(held: list[str] | None, kept: list[str] | None) -> str | None:
    if held is None or kept is None:
        return None
    rest = list(held)
    for card in kept:
        if card in rest:
            rest.remove(card)
    return rest[0] if len(rest) == 1 else None


@dataclass
class DistrictsReplay:
    """The whole story: the settling, each round, and the end with every card."""

    names: list[str]
    setup: Table  # once everyone had settled
    rounds: list[Round]
    final: Table
    winners: list[int] | None = None
    reasons: list[str] = field(default_factory=list)
    cards: list[str] | None = None
    boxed: str | None = None
    ended_by_host: bool = False


def build_replay(names: list[str], districts: int, privilege: int, events: Iterable[Event]):
    """Fold a finished districts game's events (private ones included, in log order)."""
    tracks = tuple((f, privilege if f == "oligarch" else 0) for f in FACTIONS)
    table = Table(where=(None,) * len(names), points=(0,) * districts, tracks=tracks)
    replay = DistrictsReplay(names=list(names), setup=table, rounds=[], final=table)
    current: Round | None = None
    for event in events:
        table = next_table(table, event)
        if event.kind == "voting":
            if current is None:  # everyone has settled: where they went is told now
                replay.setup = table
            current = Round(round=event.data["round"], start=table, board=table)
            replay.rounds.append(current)
        if event.kind in ("game_over", "ended"):
            _finish(replay, event)
        if current is None:
            replay.setup = table
        else:
            current.board = table
            if event.to is None:
                current.public.append(event)
            _record(current, event)
    replay.final = table
    return replay


def next_table(table: Table, event: Event) -> Table:
    """The public board after one event; a private event changes nothing the table can see."""
    if event.to is not None:
        return table
    kind, data = event.kind, event.data
    if kind == "settled":  # an old game's public settling; now each is told only the settler
        where = list(table.where)
        where[data["seat"]] = data["district"]
        return replace(table, where=tuple(where))
    if kind == "voting":  # who is where, as every round (the first included) begins
        where = list(table.where)
        for district, members in enumerate(data["districts"], 1):
            for seat in members:
                where[seat] = district
        return replace(table, where=tuple(where))
    if kind == "moved":
        where = list(table.where)
        where[data["seat"]] = data["district"]
        return replace(table, where=tuple(where))
    if kind == "rotated":
        return replace(table, where=tuple(data["where"]))
    if kind == "enacted":
        tracks = tuple((f, data["tracks"][f]) for f in FACTIONS)
        return replace(table, points=tuple(data["points"]), tracks=tracks, played=data["played"])
    return table


def _finish(replay: DistrictsReplay, event: Event) -> None:
    replay.cards = list(event.data["cards"])
    replay.boxed = event.data["boxed"]
    replay.ended_by_host = event.kind == "ended"
    replay.winners = list(event.data.get("winners") or [])
    replay.reasons = list(event.data.get("reasons") or [])


def _record(step: Round, event: Event) -> None:
    """Note what one event of the round says."""
    kind, data = event.kind, event.data
    if kind == "elected":
        step.elected.append((data["district"], data["seat"]))
    elif kind == "unrepresented":
        step.unrepresented.append(data["district"])
    elif kind == "timer":
        step.timer = True
    elif kind == "capitol":
        step.holders = {role: seat for role, seat in data["holders"].items()}
    elif kind == "investigated":
        step.investigated = (data["by"], data["target"])
    elif kind == "investigation":
        step.investigation = data["card"]
    elif kind == "drawn":
        step.drawn = list(data["cards"])
    elif kind == "handed" and step.handed is None:  # the taker's two (the action player's
        step.handed = list(data["cards"])  # one follows: it is the policy played)
    elif kind == "enacted":
        step.enacted, step.actor, step.district = data["card"], data["by"], data["district"]
    elif kind == "moved":
        step.moves.append((data["by"], data["seat"], data["district"]))
    elif kind == "rotated":
        step.rotated = True
