"""The vault's rules: plain data and pure functions, seeded (see the package docstring)."""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field, replace

from sh_sms.gamekind.kit import (
    GAME_OVER,
    INVALID_TARGET,
    NOT_YOUR_TURN,
    UNKNOWN_ACTION,
    Action,
    Event,
    IllegalAction,
)

LOWEST, HIGHEST = 1, 20
TRIES = 4
GUESS, TIMEOUT, END = "guess", "timeout", "end"
CREW, INSIDER = "crew", "insider"


@dataclass(frozen=True)
class VaultState:
    """A vault game: who plays, the secret and who knows it, the guesses so far."""

    names: list[str]
    secret: int
    insider: int
    tries: int
    turn: int  # the seat whose guess it is
    low: int = LOWEST  # what is still possible
    high: int = HIGHEST
    guesses: list[list] = field(default_factory=list)  # [seat, number, by the clock]
    winner: str | None = None  # CREW or INSIDER; None while it runs, or when the host ended it
    over: bool = False

    def to_json(self) -> str:
        """The saved form."""
        return json.dumps({"vault": asdict(self)})

    @classmethod
    def from_json(cls, text: str) -> VaultState:
        """A state from its saved form."""
        return cls(**json.loads(text)["vault"])


def new_game(names: list[str], seed: int, tries: int = TRIES) -> tuple[VaultState, list[Event]]:
    """Deal: the secret, the insider (told alone) and the first to guess, from the seed."""
    rng = random.Random(seed)
    state = VaultState(
        list(names),
        rng.randint(LOWEST, HIGHEST),
        rng.randrange(len(names)),
        tries,
        rng.randrange(len(names)),
    )
    dealt = [
        Event(
            "dealt",
            seat,
            {
                "insider": seat == state.insider,
                "secret": state.secret if seat == state.insider else None,
            },
        )
        for seat in range(len(names))
    ]
    return state, [*dealt, Event("begun", None, {"tries": tries, "first": state.turn})]


def awaiting(state: VaultState) -> list[int]:
    """Who the game waits on: the seat whose guess it is (nobody once it is over)."""
    return [] if state.over else [state.turn]


def legal(state: VaultState, seat: int) -> list[Action]:
    """The guesses `seat` may make now."""
    if state.over or seat != state.turn:
        return []
    return [Action(GUESS, n) for n in range(state.low, state.high + 1)]


def apply(state: VaultState, seat: int | None, action: Action) -> tuple[VaultState, list[Event]]:
    """The next state and its events; IllegalAction when the rules refuse the action."""
    if state.over:
        raise IllegalAction(GAME_OVER)
    if action.kind == END and seat is None:
        return replace(state, over=True), [_reveal(state, None, None)]
    if action.kind == TIMEOUT and seat is None:
        return _guess(state, state.turn, (state.low + state.high) // 2, clock=True)
    if action.kind != GUESS or seat is None:
        raise IllegalAction(UNKNOWN_ACTION)
    if seat != state.turn:
        raise IllegalAction(NOT_YOUR_TURN, turn=state.turn)
    if not isinstance(action.arg, int) or not state.low <= action.arg <= state.high:
        raise IllegalAction(INVALID_TARGET, low=state.low, high=state.high)
    return _guess(state, seat, action.arg, clock=False)


def _guess(state: VaultState, seat: int, n: int, clock: bool) -> tuple[VaultState, list[Event]]:
    guesses = [*state.guesses, [seat, n, clock]]
    hint = "open" if n == state.secret else ("higher" if n < state.secret else "lower")
    left = state.tries - len(guesses)
    events = [
        Event(
            "guessed", None, {"seat": seat, "number": n, "hint": hint, "clock": clock, "left": left}
        )
    ]
    low = n + 1 if hint == "higher" else state.low
    high = n - 1 if hint == "lower" else state.high
    after = replace(state, guesses=guesses, low=low, high=high, turn=(seat + 1) % len(state.names))
    if hint == "open" or left == 0:
        winner = CREW if hint == "open" else INSIDER
        after = replace(after, winner=winner, over=True)
        events.append(_reveal(state, winner, seat if hint == "open" else None))
    return after, events


def _reveal(state: VaultState, winner: str | None, opener: int | None) -> Event:
    return Event(
        "over",
        None,
        {"winner": winner, "insider": state.insider, "secret": state.secret, "opener": opener},
    )


def public_view(state: VaultState) -> dict:
    """What the whole table may know: the guesses, what is left, and the secret once over."""
    return {
        "turn": None if state.over else state.turn,
        "low": state.low,
        "high": state.high,
        "left": state.tries - len(state.guesses),
        "guesses": [list(g) for g in state.guesses],
        "winner": state.winner,
        "over": state.over,
        "insider": state.insider if state.over else None,
        "secret": state.secret if state.over else None,
    }


def player_view(state: VaultState, seat: int) -> dict:
    """What one seat may know: the public view, and the secret if the seat is the insider."""
    view = public_view(state)
    mine = seat == state.insider
    return {
        **view,
        "you": seat,
        "insider_you": mine,
        "secret": state.secret if mine or state.over else None,
    }


def decide(view: dict) -> Action | None:
    """A computer player's guess from its view: the middle of what is left; the insider never
    names the secret while it has another choice."""
    if view["over"] or view["turn"] != view["you"]:
        return None
    low, high = view["low"], view["high"]
    n = (low + high) // 2
    if view["insider_you"] and n == view["secret"] and low < high:
        n = n + 1 if n < high else n - 1
    return Action(GUESS, n)
