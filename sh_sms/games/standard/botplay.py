"""Bots at an engine-level table: the one place that turns a GameState into what a bot may know.

`sh_sms.games.standard.bots` decides from a seat's `player_view` and the events that seat has
seen; this module builds both from the state and the events, and plays whole games with bot
seats for the benchmark and the tests. A bot's claim is logged as a public `claim` event after
the action that ended its turn in office, President first, so the Chancellor's claim can answer
the President's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from .bots import Claim, Notebook, claim, decide
from .engine import Action, Event, GameState, apply, awaiting, new_game, player_view
from .engine.bot import RandomBot
from .engine.ruleset import Ruleset
from .engine.state import OVER


def seen_by(events: Iterable[Event], seat: int) -> list[Event]:
    """The events `seat` may see: every public one and its own private ones."""
    return [event for event in events if event.to is None or event.to == seat]


def act_for(
    state: GameState, seat: int, history: list[Event], notebook: Notebook | None = None
) -> Action | None:
    """The action the bot in `seat` takes now, decided from its view and history only."""
    return decide(player_view(state, seat), history, notebook)


def claim_for(
    state: GameState, seat: int, history: list[Event], notebook: Notebook | None = None
) -> Claim | None:
    """The claim the bot in `seat` owes the table now, if any."""
    return claim(player_view(state, seat), history, notebook)


class Seat(Protocol):
    """Whoever plays one seat at an engine-level table."""

    def observe(self, events: list[Event]) -> None:
        """See the events of one step (the seat filters what it may see)."""

    def act(self, state: GameState) -> Action:
        """The action to take now; only called when the game waits on this seat."""

    def owed_claim(self, state: GameState) -> Claim | None:
        """A claim to make now, if any."""


class StrategySeat:
    """A strategy bot: its history and notebook are kept between decisions."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.history: list[Event] = []
        self.notebook: Notebook | None = None

    def observe(self, events: list[Event]) -> None:
        """Add the events this seat may see to its history."""
        seat = self.seat
        self.history.extend(event for event in events if event.to is None or event.to == seat)

    def act(self, state: GameState) -> Action:
        """Decide from the seat's view and history."""
        view = player_view(state, self.seat)
        self.notebook = self.notebook or Notebook(view)
        action = decide(view, self.history, self.notebook)
        assert action is not None, "asked to act while the game waits on someone else"
        return action

    def owed_claim(self, state: GameState) -> Claim | None:
        """The claim the strategy owes the table now (a cheap check first)."""
        if self.notebook is not None and not self.notebook.read(self.history).owed:
            return None
        view = player_view(state, self.seat)
        self.notebook = self.notebook or Notebook(view)
        return claim(view, self.history, self.notebook)


class RandomSeat:
    """The engine's RandomBot in one seat: a uniformly random legal action, and no table talk."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.bot = RandomBot(seed * 16 + seat)

    def observe(self, events: list[Event]) -> None:
        """A random player learns nothing."""

    def act(self, state: GameState) -> Action:
        """Any legal action."""
        return self.bot.act(state, self.seat)

    def owed_claim(self, state: GameState) -> Claim | None:
        """A random player makes no claims."""
        return None


Watch = Callable[[GameState, int, Action], None]


def play_game(
    players: int,
    seed: int,
    seat_for: Callable[[int, str], Seat],
    log: list[Event] | None = None,
    watch: Watch | None = None,
    rules: Ruleset | None = None,
) -> GameState:
    """Play one game to its end with `seat_for(seat, role)` in each seat; return the final state.

    Every event, claims included, is appended to `log` when one is given; `watch(state, seat,
    action)` is called before each action is applied. `rules`: house rules (None: standard).
    """
    state, events = new_game([f"P{i + 1}" for i in range(players)], seed, rules=rules)
    seats = [seat_for(seat, role) for seat, role in enumerate(state.roles)]
    _tell(seats, events, log)
    while state.phase != OVER:
        seat = awaiting(state)[0]
        before, action = state, seats[seat].act(state)
        if watch is not None:
            watch(state, seat, action)
        state, events = apply(state, seat, action)
        _tell(seats, events, log)
        if state.phase == OVER:
            break
        for office in (before.president, before.chancellor):
            said = seats[office].owed_claim(state) if office is not None else None
            if said is not None:
                _tell(seats, [said.event()], log)
    return state


def _tell(seats: list[Seat], events: list[Event], log: list[Event] | None) -> None:
    for seat in seats:
        seat.observe(events)
    if log is not None:
        log.extend(events)
