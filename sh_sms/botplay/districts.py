"""Computer players at a districts table (docs/districts.md): the bot job's districts branch.

A bot decides from its seat's `player_view` and the events its seat has seen (`seat_events`),
through `sh_sms.games.districts.bots.decide`, and its move goes through `districts_play.act`
exactly as
a person's text would. Districts bots make no claims and do not talk, and never start the timer
(the clock or the people do).
"""

from __future__ import annotations

import logging

from sqlmodel import Session

from ..conversation.districts_play import act
from ..conversation.turn import Turn
from ..games.districts.bots import decide
from ..games.districts.engine import Action, DistrictsState, awaiting, player_view
from ..games.districts.engine.state import OVER
from ..reminders.wait import wait_key
from ..store import GameClock
from ..store.games import seat_events
from .plan import pause
from .seats import bot_seats

log = logging.getLogger(__name__)


class BotRefused(RuntimeError):
    """The engine refused a bot's move: a bug, logged, and the game looked at again later."""


def play(turn: Turn, clock: GameClock) -> None:
    """The moves the game waits on its bots for, once the pause since the wait began is over."""
    state = turn.state
    if state.phase == OVER:
        return
    bots = bot_seats(turn.players)
    waiting = [seat for seat in awaiting(state) if seat in bots]
    if not waiting:
        return
    ready = (clock.wait_since or turn.now) + pause(clock, turn.settings)
    if turn.now < ready:
        clock.bot_due_at = ready
        return
    key = wait_key(state)
    for seat in waiting:  # a vote or the settling waits on several bots; the capitol on one
        if wait_key(turn.state) == key and seat in awaiting(turn.state):
            clock.bot_due_at = None  # the last move plans the next run (`plan`)
            _move(turn, seat)


def decision(session: Session, game_id: int, state: DistrictsState, seat: int) -> Action | None:
    """The move of the bot in `seat` now (None: the game does not wait on it), from its seat's
    view and the events its seat has seen, and nothing else."""
    return decide(player_view(state, seat), seat_events(session, game_id, seat))


def _move(turn: Turn, seat: int) -> None:
    action = decision(turn.session, turn.game.id, turn.state, seat)
    if action is None:
        return
    if not act(turn, seat, action):
        raise BotRefused(f"seat {seat}: {action}")
    log.info("bot_moved game=%s seat=%s kind=%s", turn.game.id, seat, action.kind)
