"""A move in a started game: apply it with the engine, store the result, queue what it tells.

Shared by the players' own moves (handlers.play), the moves made for them when a deadline
passes (reminders.job) and the computer players' moves (botplay.job).

When the game then waits only on computer players who move within seconds, the step's public
news is held and rides in the texts of their move (a vote prompt, say), so a person is not
texted twice in a few seconds; secrets and prompts are never held.
"""

from __future__ import annotations

import json
from datetime import timedelta

from ..botplay.plan import pause, plan
from ..games.standard.engine import Action, Event, GameState, IllegalAction, apply, awaiting
from ..games.standard.engine.state import OVER
from ..public.links import replay_url
from ..reminders.wait import clock_for, track
from ..store import OVER as GAME_OVER
from ..store import GameClock
from ..store.games import append_events, close_game, save_state
from ..text.steps import step_texts
from .replies import refusal
from .turn import Turn

NEWS_HOLD = timedelta(seconds=30)  # "within seconds": a longer bot pause texts the news at once


def act(turn: Turn, seat: int, action: Action) -> bool:
    """Apply `action` for `seat`; store the new state and events; queue each player's texts.

    An illegal action changes nothing and gets the sender a refusal. Return whether it applied.
    """
    state = turn.state
    try:
        after, events = apply(state, seat, action)
    except IllegalAction as refused:
        refusal(turn, seat, refused)
        return False
    save_state(turn.game, after, turn.now)
    clock = track(turn.session, turn.game, after, turn.now, turn.settings)
    plan(clock, turn.players, state, after, events, turn.now, turn.settings)
    append_events(turn.session, turn.game, events, turn.now)
    if after.phase == OVER:
        close_game(turn.game, turn.players, GAME_OVER, turn.now)
    turn.state = after
    told = _held(clock) + events
    if _bots_move_soon(turn, clock, after):
        clock.held_news = json.dumps([[e.kind, e.data] for e in told if e.to is None])
        told = [e for e in told if e.to is not None]
    else:
        clock.held_news = None
    _tell(turn, clock, state, told)
    return True


def tell_held(turn: Turn) -> None:
    """Text the news held for a computer player's move now (a bot's table talk is about to
    follow it)."""
    clock = clock_for(turn.session, turn.game.id)
    held = _held(clock)
    if held:
        clock.held_news = None
        _tell(turn, clock, turn.state, held)


def _tell(turn: Turn, clock: GameClock, before: GameState, events: list[Event]) -> None:
    replay = replay_url(turn.settings, turn.game.code)
    room = in_room(clock, before.round)
    texts = step_texts(before, turn.state, events, room=room, replay=replay)
    for p in turn.players:
        for text in texts[p.seat]:
            turn.mail.add(p.number, text)


def in_room(clock: GameClock, round_no: int) -> bool:
    """Whether a step taken in round `round_no` is told in room mode (the host's SET ROOM ON
    in a started game counts from the next round)."""
    return clock.room_from is not None and round_no >= clock.room_from


def _held(clock: GameClock) -> list[Event]:
    """The public events held for the next step's texts."""
    return [Event(kind, None, data) for kind, data in json.loads(clock.held_news or "[]")]


def _bots_move_soon(turn: Turn, clock: GameClock, after: GameState) -> bool:
    """Whether the game now waits only on computer players, who move within NEWS_HOLD."""
    waiting = awaiting(after)
    bots = {p.seat for p in turn.players if p.is_bot}
    soon = pause(clock, turn.settings) <= NEWS_HOLD
    return after.phase != OVER and bool(waiting) and bots.issuperset(waiting) and soon
