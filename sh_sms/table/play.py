"""A move in a started game, of any game: apply it with the game's rules, store the result, queue
what it tells. Shared by the players' own moves (their game's handlers), the moves made when time
runs out (the reminders job) and the computer players' moves (the bot job).

When the game then waits only on computer players who move within seconds, and the game holds
news for them (`GameKind.holds_news`), the step's public news is held and rides in the texts of
their move (a vote prompt, say), so a person is not texted twice in a few seconds; secrets and
prompts are never held.
"""

from __future__ import annotations

import json
from datetime import timedelta

from ..gamekind.kit import Action, Event, IllegalAction
from ..store import OVER as GAME_OVER
from ..store import GameClock
from ..store.games import append_events, close_game, save_state
from .links import replay_url
from .plan import pause, plan
from .turn import Turn
from .wait import clock_for, track
from .watching import tell_watchers

NEWS_HOLD = timedelta(seconds=30)  # "within seconds": a longer bot pause texts the news at once


def act(turn: Turn, seat: int | None, action: Action) -> bool:
    """Apply `action` for `seat` (None: the clock); store the new state and events; queue each
    player's texts. A refused action changes nothing, and a sender is told why. Return whether
    it applied."""
    try:
        after, events = turn.kind.apply(turn.state, seat, action, turn.now)
    except IllegalAction as refused:
        if seat is not None and turn.number:
            turn.kind.refuse(turn, seat, refused, action)
        return False
    save_state(turn.game, after, turn.now)
    stepped(turn, turn.state, after, events)
    return True


def stepped(turn: Turn, before: object | None, after: object, events: list[Event]) -> None:
    """After a step from `before` (None: the deal) to `after`, already saved: the clocks
    (reminders, a timer, bots), the log, the end, and every player's texts."""
    kind = turn.kind
    clock = track(turn.session, turn.game, after, turn.now, turn.settings)
    plan(kind, clock, turn.players, before, after, events, turn.now, turn.settings)
    append_events(turn.session, turn.game, events, turn.now)
    if kind.is_over(after):
        close_game(turn.game, turn.players, GAME_OVER, turn.now)
    turn.state = after
    told = _held(clock) + events
    if _bots_move_soon(turn, clock, after):
        clock.held_news = json.dumps([[e.kind, e.data] for e in told if e.to is None])
        told = [e for e in told if e.to is not None]
    else:
        clock.held_news = None
    _tell(turn, clock, before, told)


def tell_held(turn: Turn) -> None:
    """Text the news held for a computer player's move now (a bot's table talk is about to
    follow it)."""
    clock = clock_for(turn.session, turn.game.id)
    held = _held(clock)
    if held:
        clock.held_news = None
        _tell(turn, clock, turn.state, held)


def _tell(turn: Turn, clock: GameClock, before: object | None, events: list[Event]) -> None:
    replay = replay_url(turn.settings, turn.game.code)
    texts = turn.per_language(
        lambda: turn.kind.step_texts(before, turn.state, events, clock.room_from, replay)
    )
    for p in turn.players:
        for text in texts(p.number)[p.seat]:
            turn.mail.add(p.number, text)
    if clock.watchers:
        tell_watchers(turn, clock, events, replay)


def _held(clock: GameClock) -> list[Event]:
    """The public events held for the next step's texts."""
    return [Event(kind, None, data) for kind, data in json.loads(clock.held_news or "[]")]


def _bots_move_soon(turn: Turn, clock: GameClock, after: object) -> bool:
    """Whether the game holds news and now waits only on computer players, who move within
    NEWS_HOLD."""
    kind = turn.kind
    if not kind.holds_news or kind.is_over(after):
        return False
    waiting = kind.awaiting(after)
    bots = {p.seat for p in turn.players if p.is_bot}
    soon = pause(clock, turn.settings) <= NEWS_HOLD
    return bool(waiting) and bots.issuperset(waiting) and soon
