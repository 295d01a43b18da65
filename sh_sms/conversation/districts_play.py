"""A districts game (docs/districts.md) in the conversation: START deals it, a move is applied,
stored and told, and the clock's turn is one engine action. The districts counterpart of
`moves.act` and the lobby's START; shared by the players' texts (handlers.districts), the
reminders job (deadlines, the timer) and the bot job.
"""

from __future__ import annotations

from datetime import datetime

from ..botplay.plan import plan
from ..games.districts.engine import (
    SYSTEM,
    Action,
    DistrictsState,
    Event,
    IllegalAction,
    apply,
    awaiting,
    can_start_timer,
    new_game,
)
from ..games.districts.engine.actions import TIMEOUT
from ..games.districts.engine.state import OVER
from ..games.districts.text.wording import refusal_text, step_texts
from ..houserules import Choice, variant_rules
from ..public.links import replay_url
from ..reminders.wait import track
from ..store import ACTIVE
from ..store import OVER as GAME_OVER
from ..store.games import append_events, close_game, save_state
from .turn import Turn


def epoch(now: datetime) -> int:
    """The engine's time: whole seconds since the epoch (only the timer reads it)."""
    return int(now.timestamp())


def start(turn: Turn, choice: Choice) -> None:
    """START with the districts preset: deal the alignment cards and ask everyone to settle."""
    names = [p.name for p in turn.players]
    state, events = new_game(names, turn.game.seed, variant_rules(choice) or None)
    turn.game.status = ACTIVE
    save_state(turn.game, state, turn.now)
    _told(turn, None, state, events)


def act(turn: Turn, seat: int | None, action: Action) -> bool:
    """Apply `action` for `seat` (SYSTEM: the clock); store the new state and events; queue each
    player's texts. A refused action changes nothing and the sender is told why; whether it
    applied.

    When every vote is in and a district is still split (nobody left to answer), the timer
    starts at once: a split district is never left waiting on nobody.
    """
    state = turn.state
    now = epoch(turn.now)
    try:
        after, events = apply(state, seat, action, now)
    except IllegalAction:
        if seat is not SYSTEM and turn.number:
            refuse(turn, "not_now", word=action.kind.upper())
        return False
    if not awaiting(after) and can_start_timer(after, SYSTEM):
        after, more = apply(after, SYSTEM, Action(TIMEOUT), now)
        events = [*events, *more]
    save_state(turn.game, after, turn.now)
    _told(turn, state, after, events)
    return True


def _told(
    turn: Turn, before: DistrictsState | None, after: DistrictsState, events: list[Event]
) -> None:
    """After a step: the clocks (reminders, timer, bots), the log, the end, and every text."""
    clock = track(turn.session, turn.game, after, turn.now, turn.settings)
    plan(clock, turn.players, before, after, events, turn.now, turn.settings)
    append_events(turn.session, turn.game, events, turn.now)
    if after.phase == OVER:
        close_game(turn.game, turn.players, GAME_OVER, turn.now)
    turn.state = after
    texts = step_texts(before, after, events, replay=replay_url(turn.settings, turn.game.code))
    for p in turn.players:
        for text in texts[p.seat]:
            turn.mail.add(p.number, text)


def refuse(turn: Turn, code: str, **context) -> None:
    """A districts refusal (sh_sms.games.districts.text: its codes) for the sender."""
    state = turn.state
    turn.mail.add(turn.number, refusal_text(code, state.names, state.rules, **context))
