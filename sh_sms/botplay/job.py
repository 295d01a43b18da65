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
from sqlmodel import Session, select

from ..config import Settings
from ..conversation.moves import act, tell_held
from ..conversation.turn import Turn
from ..games.districts import is_districts
from ..games.standard.bots import Claim
from ..games.standard.engine import Action, GameState, awaiting
from ..games.standard.engine.state import CHANCELLOR_ENACT, OVER, PRESIDENT_DISCARD, VETO
from ..reminders.wait import wait_key
from ..store import ACTIVE, Game, GameClock, transaction
from ..store.games import append_events, due_games, load_state, roster, seat_events
from ..text.messages import claim_text
from . import districts
from .plan import pause
from .seats import bot_seats, people
from .table import act_for, claim_for

log = logging.getLogger(__name__)
BATCH = 100  # games looked at per run; the rest wait for the next run
RETRY_AFTER = timedelta(minutes=1)  # a game whose run failed is looked at again after this
MAX_CLAIMS = 3  # claims one seat can owe at once: as President, as Chancellor, as investigator
SESSION_PHASES = (PRESIDENT_DISCARD, CHANCELLOR_ENACT, VETO)  # no talk from office (R20)


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
        game = session.exec(
            select(Game).where(Game.id == game_id).with_for_update(skip_locked=True)
        ).first()
        if game is None:
            return False  # another worker, or a text, has it: look again next run
        clock = session.get(GameClock, game_id)
        if clock is None or clock.bot_due_at is None or clock.bot_due_at > now:
            return False  # done meanwhile
        clock.bot_due_at = None
        if game.status == ACTIVE:
            players = roster(session, game_id)
            turn = Turn(session, settings, "", now, game=game, players=players)
            turn.state = load_state(game)
            play(turn, clock)
            turn.mail.flush(session, now, game.id)
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
    """Everything the bots at `turn`'s table do at `turn.now`: the claims they owe, then the
    moves the game waits on them for, once the pause since the wait began is over."""
    state = turn.state
    if is_districts(state):  # the districts game's bots (issue 22)
        districts.play(turn, clock)
        return
    if state is None or state.phase == OVER:
        return
    bots = bot_seats(turn.players)
    for seat in speaking_order(state, bots):
        _speak(turn, seat)
    waiting = [seat for seat in awaiting(state) if seat in bots]
    if not waiting:
        return
    ready = (clock.wait_since or turn.now) + pause(clock, turn.settings)
    if turn.now < ready:
        clock.bot_due_at = ready
        return
    key = wait_key(state)
    for seat in waiting:  # a vote waits on several bots; anything else on one
        if wait_key(turn.state) == key and seat in awaiting(turn.state):
            clock.bot_due_at = None  # the last move plans the next run (`plan`)
            _move(turn, seat)


def speaking_order(state: GameState, bots: frozenset[int]) -> list[int]:
    """The bots in the order they speak: the last government's President, its Chancellor, the
    others by seat."""
    first = [s for s in (state.last_president, state.last_chancellor) if s in bots]
    return list(dict.fromkeys([*first, *sorted(bots)]))


def may_talk(state: GameState, seat: int) -> bool:
    """Whether `seat` may talk at the table now: alive, and not in a legislative session (R20)."""
    in_session = state.phase in SESSION_PHASES and seat in (state.president, state.chancellor)
    return state.alive[seat] and not in_session


def decision(session: Session, game_id: int, state: GameState, seat: int) -> Action | None:
    """The move of the bot in `seat` now (None: the game does not wait on it), decided from its
    seat's view and the events its seat has seen, and nothing else."""
    return act_for(state, seat, seat_events(session, game_id, seat))


def owed_claim(session: Session, game_id: int, state: GameState, seat: int) -> Claim | None:
    """The claim the bot in `seat` owes the table now, if any, from what its seat has seen."""
    return claim_for(state, seat, seat_events(session, game_id, seat))


def _speak(turn: Turn, seat: int) -> None:
    """State every claim the bot in `seat` owes, each as table talk and as a `claim` event."""
    names = turn.state.names
    for _ in range(MAX_CLAIMS):
        if not may_talk(turn.state, seat):
            return
        said = owed_claim(turn.session, turn.game.id, turn.state, seat)
        if said is None:
            return
        append_events(turn.session, turn.game, [said.event()], turn.now)
        tell_held(turn)  # the news the claim is about comes first
        text = claim_text(said, names)
        for person in people(turn.players):
            turn.mail.say(person.number, "reply/talk", name=names[seat], text=text)


def _move(turn: Turn, seat: int) -> None:
    """The bot in `seat` makes the move the game waits on it for."""
    action = decision(turn.session, turn.game.id, turn.state, seat)
    if action is None:
        return
    if not act(turn, seat, action):
        raise BotRefused(f"seat {seat}: {action}")
    log.debug("bot_moved game=%s seat=%s kind=%s", turn.game.id, seat, action.kind)
