"""Issue 27: a SEND into an empty district begins the next voting round at once, so in that one
step every person it waits on is texted the VOTE prompt and every bot it waits on is scheduled
by the bot job, which then votes (the round never falls to the timer for want of a prompt)."""

from __future__ import annotations

from bot_phones import PAUSE, Phones

from sh_sms.games.districts.engine import SYSTEM, Action, DistrictsState, apply, awaiting
from sh_sms.games.districts.engine.actions import (
    DISCARD,
    MOVE_ACTION,
    PLAY_ACTION,
    TIMEOUT,
    VOTE_ACTION,
)
from sh_sms.games.districts.engine.state import MOVE, VOTE


def ana_must_send(state: DistrictsState) -> DistrictsState:
    """Ana (seat 0) alone in D1, the four bots in D2, D3 empty: Ana is elected, D2 runs out of
    time, and Ana, the capitol on her own, plays the L1S she is dealt: she must send someone."""
    for seat, district in enumerate([1, 2, 2, 2, 2]):
        state, _ = apply(state, seat, Action(MOVE_ACTION, district))
    state, _ = apply(state, 0, Action(VOTE_ACTION, 0))
    state, _ = apply(state, SYSTEM, Action(TIMEOUT), 0)  # starts the timer
    draw = list(state.draw)
    for code in ("L1S", "F0-", "F0-"):
        draw.remove(code)
    state = state.clone()
    state.draw = ["L1S", "F0-", "F0-", *draw]
    state, _ = apply(state, SYSTEM, Action(TIMEOUT), state.timer_ends)  # D2 sends nobody
    state, _ = apply(state, 0, Action(DISCARD, "F0-"))
    state, _ = apply(state, 0, Action(DISCARD, "F0-"))
    state, _ = apply(state, 0, Action(PLAY_ACTION))  # Ana plays the L1S left to her
    assert state.phase == MOVE and awaiting(state) == [0]
    return state


def test_a_send_into_an_empty_district_prompts_everyone_and_wakes_the_bots(phones: Phones):
    phones.start(people=1, bots=4, seed=5, before=("RULES DISTRICTS",))
    phones.put_state(ana_must_send(phones.state()))
    names = phones.state().names
    bob = names[1]
    out = phones.text("Ana", f"SEND {bob} 3")
    state = phones.state()
    assert state.phase == VOTE and state.where[1] == 3
    assert sorted(awaiting(state)) == [0, 1, 2, 3, 4]
    assert out["Ana"].endswith(
        "Round 2, D1: only you. Elect one for the capitol: VOTE <name> (you too); 1 vote elects."
    ), out["Ana"]
    assert phones.clock().bot_due_at is not None  # the bot job will look at the game
    phones.bots(phones.now + PAUSE)
    after = phones.state()
    assert awaiting(after) == [0], after.votes  # every bot voted, or its district elected
    assert after.reps[1] is not None and after.reps[2] == 1  # D2 elected, D3 sends BenBot
