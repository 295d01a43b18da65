"""A finished game told again step by step, from its stored event log: events in, steps out.

A step is one round: the candidate, the nomination, the vote by name, what the government held
and passed (hidden while the game ran), what was enacted and the power used. Every step carries
the public board as it stood when the step ended, worked out from the public events alone, so
the same fold could follow a running game without knowing a secret. Pure: no database, no words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from .engine import Event
from .engine.boards import (
    FASCIST_POLICIES,
    LIBERAL_POLICIES,
    PEEK,
    SMALL_TABLE,
    VETO_AT,
)
from .engine.ruleset import Ruleset

DECK = LIBERAL_POLICIES + FASCIST_POLICIES


@dataclass(frozen=True)
class Board:
    """The public board at one moment: counts, the living, term limits, who was investigated."""

    alive: tuple[bool, ...]
    liberal: int = 0
    fascist: int = 0
    tracker: int = 0
    draw_pile: int = DECK
    discards: int = 0
    last_government: tuple[int | None, int | None] = (None, None)  # last *elected* (R5)
    investigated: tuple[int, ...] = ()  # as the engine lists them: investigation targets...
    shown: tuple[int, ...] = ()  # ...then Presidents who showed their party (house rules)
    veto_zone: int = VETO_AT  # the game's rules: the board is public, and so are they

    @property
    def not_investigable(self) -> tuple[int, ...]:
        """Seats nobody may investigate any more, in the engine's order (R15, house rules)."""
        shown = [seat for seat in dict.fromkeys(self.shown) if seat not in self.investigated]
        return (*self.investigated, *shown)

    @classmethod
    def dealt(cls, players: int, rules: Ruleset | None = None) -> Board:
        """The board at the deal: empty, or with the policies house rules enact from the start."""
        if rules is None:
            return cls(alive=(True,) * players)
        return cls(
            alive=(True,) * players,
            liberal=rules.liberal_start,
            fascist=rules.fascist_start,
            draw_pile=rules.deck - rules.liberal_start - rules.fascist_start,
            veto_zone=rules.veto_zone,
        )

    @property
    def veto_unlocked(self) -> bool:
        """Whether a Chancellor may propose a veto (R13)."""
        return self.fascist >= self.veto_zone

    @property
    def term_limited(self) -> list[int]:
        """Seats that may not be nominated Chancellor next (R5), as the engine counts them."""
        president, chancellor = self.last_government
        limited = [] if chancellor is None else [chancellor]
        if president is not None and sum(self.alive) > SMALL_TABLE:
            limited.append(president)
        return [seat for seat in limited if self.alive[seat]]


def next_board(board: Board, event: Event) -> Board:
    """The public board after one event; a private event changes nothing the table can see."""
    if event.to is not None:
        return board
    kind, data = event.kind, event.data
    if kind == "election" and data["passed"]:
        return replace(board, last_government=(data["president"], data["chancellor"]))
    if kind == "session":  # the President draws three
        return replace(board, draw_pile=board.draw_pile - 3)
    if kind == "passed":  # the President discarded one
        return replace(board, discards=board.discards + 1)
    if kind == "enacted":
        board = replace(board, liberal=data["liberal"], fascist=data["fascist"], tracker=0)
        if data["chaos"]:  # the top card, and term limits are forgotten (R9)
            return replace(board, draw_pile=board.draw_pile - 1, last_government=(None, None))
        return replace(board, discards=board.discards + 1)  # the Chancellor's other card
    if kind == "tracker":
        return replace(board, tracker=data["tracker"])
    if kind == "veto_answered" and data["agreed"]:
        return replace(board, discards=board.discards + 2)
    if kind == "reshuffle":
        return replace(board, draw_pile=data["draw_pile"], discards=0)
    if kind == "executed":
        alive = list(board.alive)
        alive[data["target"]] = False
        return replace(board, alive=tuple(alive))
    if kind == "investigated":
        return replace(board, investigated=(*board.investigated, data["target"]))
    if kind == "showed_party":  # house rules: the President counts as investigated
        return replace(board, shown=(*board.shown, data["president"]))
    if kind == "drop_decided" and data["dropped"]:  # house rules: the top card, unseen
        return replace(board, draw_pile=board.draw_pile - 1, discards=board.discards + 1)
    return board


@dataclass
class Step:
    """One round of a finished game, public facts and the secrets of its government."""

    round: int
    president: int
    board: Board  # as it stood when the round ended
    special: bool = False  # the candidate was chosen by a special election (R16)
    chancellor: int | None = None
    ja: list[int] = field(default_factory=list)
    nein: list[int] = field(default_factory=list)
    passed: bool | None = None  # None: no vote was taken
    drawn: list[str] | None = None  # hidden: the President's three cards, in draw order
    discarded: str | None = None  # hidden: the President's discard
    handed: list[str] | None = None  # hidden: the two cards the Chancellor held
    enacted: str | None = None
    chaos: bool = False
    veto: bool | None = None  # None: no veto proposed; else whether the President agreed
    power: str | None = None
    target: int | None = None
    skipped: bool = False  # the power could not be used (R15)
    investigation: str | None = None  # hidden: the party the President was shown
    peek: list[str] | None = None  # hidden: the three cards (one: peek and drop) the President saw
    dropped: bool | None = None  # peek and drop: whether the top policy was discarded
    shown: str | None = None  # hidden: the party a reverse investigation showed the target
    public: list[Event] = field(default_factory=list)  # the table's events, in order

    @property
    def chancellor_discarded(self) -> str | None:
        """The card the Chancellor threw away when enacting the other one."""
        if self.handed is None or self.enacted is None or self.chaos or self.veto:
            return None
        rest = list(self.handed)
        if self.enacted not in rest:
            return None
        rest.remove(self.enacted)
        return rest[0] if rest else None


@dataclass
class Replay:
    """The whole story: the board at the deal, each round, and the end."""

    names: list[str]
    setup: Board
    steps: list[Step]
    winner: str | None = None
    reason: str | None = None
    roles: list[str] | None = None
    ended_by_host: bool = False

    @property
    def final(self) -> Board:
        """The board as the game ended."""
        return self.steps[-1].board if self.steps else self.setup


def build_replay(names: list[str], events: Iterable[Event], rules: Ruleset | None = None) -> Replay:
    """Fold a finished game's events (private ones included, in log order) into a replay;
    `rules`: the game's house rules (None: standard)."""
    board = Board.dealt(len(names), rules)
    replay = Replay(names=list(names), setup=board, steps=[])
    step: Step | None = None
    special = False
    for event in events:
        board = next_board(board, event)
        if event.kind == "round":
            step = Step(round=event.data["round"], president=event.data["president"], board=board)
            step.special, special = special, False
            replay.steps.append(step)
        elif event.kind == "special_election":
            special = True
        if event.kind in ("game_over", "ended"):
            _finish(replay, event)
        if step is None:
            replay.setup = board
            continue
        step.board = board
        if event.to is None:
            step.public.append(event)
        _record(step, event)
    return replay


def _finish(replay: Replay, event: Event) -> None:
    replay.roles = event.data.get("roles")
    replay.winner = event.data.get("winner")
    replay.reason = event.data.get("reason")
    replay.ended_by_host = event.kind == "ended"


def _record(step: Step, event: Event) -> None:
    """Note what one event of the round says about its government."""
    kind, data = event.kind, event.data
    if kind == "nominated":
        step.chancellor = data["chancellor"]
    elif kind == "election":
        votes = data["votes"]
        step.ja = [seat for seat, vote in enumerate(votes) if vote is True]
        step.nein = [seat for seat, vote in enumerate(votes) if vote is False]
        step.passed = data["passed"]
    elif kind == "drawn":
        step.drawn = list(data["cards"])
    elif kind == "discarded":
        step.discarded = data["card"]
    elif kind == "handed":
        step.handed = list(data["cards"])
    elif kind == "enacted":
        step.enacted, step.chaos = data["policy"], data["chaos"]
    elif kind == "veto_answered":
        step.veto = data["agreed"]
    elif kind == "power":
        step.power = data["power"]
    elif kind in ("investigated", "special_election", "executed", "showed_party"):
        step.target = data["target"]
    elif kind == "peeked":
        step.power = PEEK
    elif kind in ("peek_cards", "peek_top"):
        step.peek = list(data["cards"])
    elif kind == "drop_decided":
        step.dropped = data["dropped"]
    elif kind == "shown_party":
        step.shown = data["party"]
    elif kind == "power_skipped":
        step.power, step.skipped = data["power"], True
    elif kind == "investigation":
        step.investigation = data["party"]
