"""Helpers for the districts tests: games brought to a chosen situation through legal actions."""

from __future__ import annotations

from sh_sms.games.districts.engine import Action, DistrictsState, apply, new_game
from sh_sms.games.districts.engine.actions import DISCARD, MOVE_ACTION, PLAY_ACTION, VOTE_ACTION
from sh_sms.games.districts.engine.tables import ACTION


def names(players: int) -> list[str]:
    """Player names Ann, Bob, ... for a table of `players`."""
    return ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"][:players]


def settled(where: list[int], seed: int = 0, **rules) -> DistrictsState:
    """A new game whose players have settled into `where` (each seat's district): round 1."""
    state, _ = new_game(names(len(where)), seed, rules or None)
    for seat, district in enumerate(where):
        state, _ = apply(state, seat, Action(MOVE_ACTION, district))
    return state


def elect(state: DistrictsState, reps: dict[int, int]) -> DistrictsState:
    """Every voter of each district in `reps` votes for its chosen representative."""
    for district, rep in reps.items():
        for voter in state.voters(district):
            if state.closed[district - 1] is None:
                state, _ = apply(state, voter, Action(VOTE_ACTION, rep))
    return state


def with_deck(state: DistrictsState, top: list[str]) -> DistrictsState:
    """The same state with `top` put on top of the policy deck (taken out of the deck where it
    is, so every card stays in exactly one place)."""
    s = state.clone()
    draw = list(s.draw)
    for code in top:
        draw.remove(code)
    s.draw = top + draw
    return s


def discard(state: DistrictsState, seat: int, code: str):
    """`seat` discards `code`; returns (state, events)."""
    return apply(state, seat, Action(DISCARD, code))


def play(state: DistrictsState):
    """The action player, asked to, plays the policy handed to them; returns (state, events)."""
    return apply(state, state.capitol[ACTION], Action(PLAY_ACTION))


def take_and_play(state: DistrictsState, seat: int, code: str):
    """`seat` (the taker) discards `code`, then the action player plays the last policy;
    returns (state, events of both steps)."""
    state, events = discard(state, seat, code)
    state, more = play(state)
    return state, [*events, *more]
