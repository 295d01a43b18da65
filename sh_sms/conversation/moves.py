"""A move in a started game: apply it with the engine, store the result, queue what it tells.

Shared by the players' own moves (handlers.play), the moves made for them when a deadline
passes (reminders.job) and the computer players' moves (botplay.job).
"""

from __future__ import annotations

from ..botplay.plan import plan
from ..engine import Action, IllegalAction, apply
from ..engine.state import OVER
from ..public.links import replay_url
from ..reminders.wait import track
from ..store import OVER as GAME_OVER
from ..store import GameClock
from ..store.games import append_events, close_game, save_state
from ..text.steps import step_texts
from .replies import refusal
from .turn import Turn


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
    replay = replay_url(turn.settings, turn.game.code)
    texts = step_texts(state, after, events, room=in_room(clock, state.round), replay=replay)
    for p in turn.players:
        for text in texts[p.seat]:
            turn.mail.add(p.number, text)
    return True


def in_room(clock: GameClock, round_no: int) -> bool:
    """Whether a step taken in round `round_no` is told in room mode (the host's SET ROOM ON
    in a started game counts from the next round)."""
    return clock.room_from is not None and round_no >= clock.room_from
