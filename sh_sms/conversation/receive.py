"""One inbound text, start to finish: dedupe, find the sender, parse, route, queue the replies.

Everything happens in one transaction; nothing is sent from here (the outbox is drained later).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine

from ..config import Settings
from ..store import LOBBY, Game, Player, lock_game, record_sid, transaction
from ..store.games import load_state, open_player, recent_player, roster
from ..text.numbers import mask
from .interpret import read
from .router import route
from .turn import Turn

log = logging.getLogger(__name__)


def receive(
    engine: Engine,
    settings: Settings,
    number: str,
    body: str,
    sid: str | None,
    now: datetime,
    media: int = 0,
) -> bool:
    """Handle one inbound text from `number`; False when this MessageSid was already handled.

    `media`: the pictures it carried (an MMS). Only text is read here: a caption is handled as
    the text, and the sender is told the picture went nowhere.
    """
    with transaction(engine) as session:
        if sid is not None and not record_sid(session, sid, number, now):
            return False  # already handled (a concurrent copy included)
        turn = Turn(session, settings, number, now)
        if media and not (body or "").strip():
            turn.reply("reply/picture", caption=False)
        else:
            handle(turn, body or "")
            if media:
                turn.reply("reply/picture", caption=True)
        turn.mail.flush(session, now, turn.game.id if turn.game else None)
    log.info("text from %s handled", mask(number))
    return True


def handle(turn: Turn, body: str) -> None:
    """Find the sender, read the text in their situation, and route it to its handler."""
    load_sender(turn)
    route(turn, read(turn, body))


def load_sender(turn: Turn) -> None:
    """Find the sender's game and lock it; load its roster and state once, under the lock.

    A number in no unfinished game whose game finished a short while ago is loaded with that
    game (read, not locked: a finished game no longer changes).
    """
    player = open_player(turn.session, turn.number)
    if player is None:
        _load_finished(turn)
        return
    game = lock_game(turn.session, player.game_id)
    player = turn.session.get(Player, player.id, populate_existing=True)  # None: it was deleted
    if player is None or player.open_number != turn.number:  # left or kicked while we waited
        _load_finished(turn)
        return
    turn.game, turn.player = game, player
    turn.players = roster(turn.session, game.id)
    turn.state = None if game.status == LOBBY else load_state(game)


def _load_finished(turn: Turn) -> None:
    since = turn.now - timedelta(hours=turn.settings.after_game_hours)
    player = recent_player(turn.session, turn.number, since)
    if player is None:
        return
    turn.game, turn.player = turn.session.get(Game, player.game_id), player
    turn.players = roster(turn.session, player.game_id)
    turn.state = load_state(turn.game)
