"""The bot job: computer players move on their own, from the worker, never inside the webhook.

Each due game is handled in its own transaction under the game's row lock (`FOR UPDATE SKIP
LOCKED` on PostgreSQL; SQLite's write lock), and `bot_due_at` is checked again under the lock, so
two workers never move the same bot twice. Moves, claims, texts and the next due time commit
together: a restart loses nothing and repeats nothing.

One run, for one game:
1. every bot states the claims it owes (the last government's President first, so that its
   Chancellor can answer), as table talk to the people and as a public `claim` event that the
   other bots read;
2. if the game waits on bots and the wait began at least one pause ago (SET BOTSPEED), each of
   them makes its move through `conversation.moves.act`, exactly as a person's text would, and
   that step plans the next run; a wait that began less than a pause ago is looked at again when
   the pause is over.
A bot decides from its seat's `player_view` and the events its seat has seen (`seat_events`),
through the one adapter that touches a GameState, `sh_sms.botplay.table`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine

from ..config import Settings
from ..store import ACTIVE, GameClock, transaction
from ..store.games import due_games, load_state, lock_due, roster, seat_events
from ..table.plan import pause
from ..table.play import act
from ..table.seats import bot_seats
from ..table.turn import Turn
from ..table.wait import wait_key

log = logging.getLogger(__name__)
BATCH = 100  # games looked at per run; the rest wait for the next run
RETRY_AFTER = timedelta(minutes=1)  # a game whose run failed is looked at again after this


class BotRefused(RuntimeError):
    """The engine refused a bot's move: a bug, logged, and the game looked at again later."""


def run_due(engine: Engine, settings: Settings, now: datetime) -> int:
    """Let the bots of every game due at `now` claim and move; return how many games were."""
    handled = 0
    for game_id in due_games(engine, GameClock.bot_due_at, now, BATCH):
        try:
            handled += _run_one(engine, settings, game_id, now)
        except Exception:
            log.exception("bot_move_failed game=%s", game_id)
            _postpone(engine, game_id, now + RETRY_AFTER)
    return handled


def tick(engine: Engine, settings: Settings, clock: Callable[[], datetime]) -> int:
    """One run of the job at `clock()` for a scheduler: errors are logged, never raised."""
    try:
        return run_due(engine, settings, clock())
    except Exception:
        log.exception("bot_job_failed")
        return 0


def _run_one(engine: Engine, settings: Settings, game_id: int, now: datetime) -> bool:
    """Handle one game if it is still due and nobody else holds it; True if it was."""
    with transaction(engine) as session:
        found = lock_due(session, game_id, GameClock.bot_due_at, now)
        if found is None:
            return False
        game, clock = found
        clock.bot_due_at = None
        if game.status == ACTIVE:
            players = roster(session, game_id)
            turn = Turn(session, settings, "", now, game=game, players=players)
            turn.state = load_state(game)
            play(turn, clock)
            turn.mail.flush(session, now, game.id, game.line)
    return True


def _postpone(engine: Engine, game_id: int, when: datetime) -> None:
    """Look at a game whose run failed again later, rather than at every run."""
    try:
        with transaction(engine) as session:
            clock = session.get(GameClock, game_id)
            if clock is not None and clock.bot_due_at is not None:
                clock.bot_due_at = when
    except Exception:
        log.exception("bot_postpone_failed game=%s", game_id)


def play(turn: Turn, clock: GameClock) -> None:
    """Everything the bots at `turn`'s table do at `turn.now`: what they owe the table (the
    game's own: claims, say), then the moves the game waits on them for, once the pause since
    the wait began is over."""
    kind, state = turn.kind, turn.state
    if state is None or kind.is_over(state):
        return
    bots = bot_seats(turn.players)
    kind.bot_talk(turn, bots)
    waiting = kind.bots_to_move(turn.state, bots)
    if not waiting:
        return
    ready = (clock.wait_since or turn.now) + pause(clock, turn.settings)
    if turn.now < ready:
        clock.bot_due_at = ready
        return
    key = wait_key(turn.game, turn.state)
    for seat in waiting:  # a vote waits on several bots; most moves on one
        if wait_key(turn.game, turn.state) == key and seat in kind.bots_to_move(turn.state, bots):
            clock.bot_due_at = None  # the last move plans the next run (`plan`)
            _move(turn, seat)


def _move(turn: Turn, seat: int) -> None:
    """The bot in `seat` makes the move the game waits on it for."""
    seen = seat_events(turn.session, turn.game.id, seat)
    action = turn.kind.bot_decision(turn.state, seat, seen)
    if action is None:
        return
    if not act(turn, seat, action):
        raise BotRefused(f"seat {seat}: {action}")
    log.debug("bot_moved game=%s seat=%s kind=%s", turn.game.id, seat, action.kind)
