"""Hand-made game situations for the rule tests, and small helpers to play them step by step.

Every helper that moves a game on checks the 17-policy invariant after each action, so a test
that builds a situation by hand cannot silently lose or duplicate a card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import pytest

from sh_sms.games.standard.engine import (
    Action,
    Event,
    GameState,
    IllegalAction,
    apply,
    legal_actions,
    new_game,
)
from sh_sms.games.standard.engine.state import NOMINATE, VOTE

# R1, written out independently of the engine's own table: players -> (liberals, fascists).
ROLE_TABLE = {5: (3, 1), 6: (4, 1), 7: (4, 2), 8: (5, 2), 9: (5, 3), 10: (6, 3)}
# R14, written out independently of the engine's own table: slot F1..F5 -> power.
_SMALL = (None, None, "peek", "execution", "execution")
_MEDIUM = (None, "investigate", "special_election", "execution", "execution")
_LARGE = ("investigate", "investigate", "special_election", "execution", "execution")
POWER_TABLE = {5: _SMALL, 6: _SMALL, 7: _MEDIUM, 8: _MEDIUM, 9: _LARGE, 10: _LARGE}

LETTER_ROLES = {"L": "liberal", "F": "fascist", "H": "hitler"}


def names(players: int) -> list[str]:
    """Join-order names for a table of `players`."""
    return [f"P{i}" for i in range(players)]


def default_roles(players: int) -> list[str]:
    """Liberals in the first seats, then the fascists, Hitler in the last seat."""
    liberals, fascists = ROLE_TABLE[players]
    return ["liberal"] * liberals + ["fascist"] * fascists + ["hitler"]


def check(state: GameState) -> GameState:
    """Assert the 17-policy invariant (R12) and return the state unchanged."""
    cards = state.draw + state.discards + state.hand
    assert len(cards) + state.liberal + state.fascist == 17, state
    assert cards.count("L") + state.liberal == 6, state
    assert cards.count("F") + state.fascist == 11, state
    return state


def make_state(
    players: int = 7,
    *,
    roles: str | list[str] | None = None,
    top: Iterable[str] = (),
    discards: Iterable[str] = (),
    hand: Iterable[str] = (),
    rest: str = "draw",
    liberal: int = 0,
    fascist: int = 0,
    president: int = 0,
    rotation: int | None = None,
    alive: list[bool] | None = None,
    dead: Iterable[int] = (),
    seed: int = 1,
    **fields,
) -> GameState:
    """A state in the nomination phase (unless `fields` say otherwise) with the given facts.

    `top` is the top of the draw pile, in order. The cards not placed anywhere else (so that
    all 17 are accounted for) go below `top` in the draw pile as F, L, F, F, L, F, ..., or, with
    `rest="discards"`, onto the discard pile (which keeps the draw pile exactly `top`).
    """
    if isinstance(roles, str):
        roles = [LETTER_ROLES[c] for c in roles]
    top, discards, hand = list(top), list(discards), list(hand)
    placed = top + discards + hand
    lib_left = 6 - liberal - placed.count("L")
    fas_left = 11 - fascist - placed.count("F")
    assert lib_left >= 0 and fas_left >= 0, "more than 17 policies"
    leftover = []
    while lib_left and fas_left >= 2:  # F, L, F: every default hand holds both letters
        leftover += ["F", "L", "F"]
        lib_left, fas_left = lib_left - 1, fas_left - 2
    leftover += ["F"] * fas_left + ["L"] * lib_left
    if rest == "draw":
        draw = top + leftover
    else:
        draw, discards = top, discards + leftover
    if alive is None:
        alive = [seat not in set(dead) for seat in range(players)]
    base, _ = new_game(names(players), seed)
    state = dataclasses.replace(
        base,
        roles=list(roles or default_roles(players)),
        alive=list(alive),
        draw=draw,
        discards=discards,
        hand=hand,
        liberal=liberal,
        fascist=fascist,
        president=president,
        rotation=president if rotation is None else rotation,
        **fields,
    )
    if state.phase == VOTE and state.votes is None:
        state = dataclasses.replace(state, votes=[None] * players)
    return check(state)


def act(state: GameState, seat: int, kind: str, arg=None) -> tuple[GameState, list[Event]]:
    """Apply one action and check the invariant on the result."""
    new, events = apply(state, seat, Action(kind, arg))
    return check(new), events


def run(state: GameState, steps: Iterable[tuple]) -> tuple[GameState, list[Event]]:
    """Apply (seat, kind[, arg]) steps in order; return the final state and all events."""
    events: list[Event] = []
    for step in steps:
        state, new = act(state, *step)
        events += new
    return state, events


def vote_all(state: GameState, ja=True) -> tuple[GameState, list[Event]]:
    """Every living player votes, in seat order. `ja` is one answer for all, or a per-seat list."""
    answers = ja if isinstance(ja, list) else [ja] * state.players
    steps = [(p, "vote", answers[p]) for p in range(state.players) if state.alive[p]]
    return run(state, steps)


def elect(state: GameState, chancellor: int, ja=True) -> tuple[GameState, list[Event]]:
    """The current candidate nominates `chancellor`, then everyone votes."""
    state, events = act(state, state.president, "nominate", chancellor)
    state, more = vote_all(state, ja)
    return state, events + more


def govern(
    state: GameState, chancellor: int, discard: str, enact: str
) -> tuple[GameState, list[Event]]:
    """A whole successful session: nomination, a unanimous Ja, discard, enactment."""
    president = state.president
    state, events = elect(state, chancellor)
    state, more = run(state, [(president, "discard", discard), (chancellor, "enact", enact)])
    return state, events + more


def fail(state: GameState) -> tuple[GameState, list[Event]]:
    """The candidate nominates the first eligible player and everyone votes Nein."""
    assert state.phase == NOMINATE
    return elect(state, state.eligible_chancellors()[0], ja=False)


def refused(state: GameState, seat, kind: str, arg, code: str) -> IllegalAction:
    """Assert the action is refused with `code`, is not listed as legal, and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        apply(state, seat, Action(kind, arg))
    assert info.value.code == code, (info.value.code, info.value.detail)
    assert state.to_json() == before
    if isinstance(seat, int) and 0 <= seat < state.players:
        # Compared with types too: True == 1 in Python, but the engine tells them apart.
        listed = [(a.kind, a.arg, type(a.arg)) for a in legal_actions(state, seat)]
        assert (kind, arg, type(arg)) not in listed
    return info.value


def public(events: Iterable[Event]) -> list[Event]:
    """The events the whole table sees."""
    return [e for e in events if e.to is None]


def kinds(events: Iterable[Event], to: int | str | None = "any") -> list[str]:
    """Event kinds in order; `to` filters to one audience (None = public)."""
    return [e.kind for e in events if to == "any" or e.to == to]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]


def letters_in(value) -> bool:
    """Whether a policy letter ("L"/"F") appears anywhere inside a JSON-like value."""
    if isinstance(value, str):
        return value in ("L", "F")
    if isinstance(value, dict):
        return any(letters_in(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(letters_in(v) for v in value)
    return False
