"""One inbound text, start to finish: dedupe, find the sender, parse, act, queue the replies.

Everything happens in one transaction; nothing is sent from here (the outbox is drained later).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine
from sqlmodel import Session

from . import info, lobby, optout, play
from .commands import Command, ParseError, parse
from .config import Settings
from .games import open_player, roster
from .mailbox import Mailbox
from .numbers import mask
from .store import LOBBY, Contact, Game, Player, lock_game, record_sid, transaction

log = logging.getLogger(__name__)


@dataclass
class Turn:
    """The context of one inbound text: who sent it, when, and the replies it collects."""

    session: Session
    settings: Settings
    number: str
    now: datetime
    mail: Mailbox = field(default_factory=Mailbox)
    game: Game | None = None

    def reply(self, template: str, **context) -> None:
        """Queue a rendered template for the sender."""
        self.mail.say(self.number, template, **context)


def receive(
    engine: Engine, settings: Settings, number: str, body: str, sid: str | None, now: datetime
) -> bool:
    """Handle one inbound text from `number`; False when this MessageSid was already handled."""
    with transaction(engine) as session:
        if sid is not None and not record_sid(session, sid, number, now):
            return False  # already handled (a concurrent copy included)
        turn = Turn(session, settings, number, now)
        handle(turn, body or "")
        turn.mail.flush(session, now, turn.game.id if turn.game else None)
    log.info("text from %s handled", mask(number))
    return True


def handle(turn: Turn, body: str) -> None:
    """Route a text to the carrier keywords, the sender's game, or the no-game handlers."""
    player = _locked_player(turn)
    names = [p.name for p in roster(turn.session, player.game_id)] if player else []
    command = parse(body, names)
    is_keyword = isinstance(command, Command) and command.verb in ("stop", "start")
    if is_keyword and optout.carrier_keyword(turn, command.verb):
        return
    if player is None:
        _no_game(turn, command)
    elif isinstance(command, ParseError) and command.verb in ("new", "join"):
        already = "lobby/already_in" if turn.game.status == LOBBY else "refuse/new_in_game"
        turn.reply(already, code=turn.game.code)
    elif turn.game.status == LOBBY:
        lobby.in_lobby(turn, player, command)
    else:
        play.in_game(turn, player, command)


def _locked_player(turn: Turn) -> Player | None:
    """Find the sender's game and lock it; re-read the player under the lock."""
    player = open_player(turn.session, turn.number)
    if player is None:
        return None
    turn.game = lock_game(turn.session, player.game_id)
    player = turn.session.get(Player, player.id, populate_existing=True)  # None: it was deleted
    if player is None or player.open_number != turn.number:  # left or kicked while we waited
        turn.game = None
        return None
    return player


def _no_game(turn: Turn, command: Command | ParseError) -> None:
    """A number in no unfinished game: NEW, JOIN and HELP work; anything else is introduced."""
    if isinstance(command, Command):
        if command.verb == "new":
            lobby.create(turn, command.arg)
            return
        if command.verb == "join":
            lobby.join(turn, command.arg, command.name)
            return
        if command.verb == "help":
            info.help_reply(turn, command.arg, None)
            return
    if isinstance(command, ParseError) and command.verb in ("new", "join"):
        turn.reply(f"usage/{command.verb}")
        return
    _introduce(turn)


def _introduce(turn: Turn) -> None:
    """A short introduction, at most once per interval per number, so bots cannot loop us."""
    contact = turn.session.get(Contact, turn.number)
    if contact is None:
        contact = Contact(number=turn.number)
        turn.session.add(contact)
    last = contact.last_intro_at
    if last is not None:
        if last.tzinfo is None:  # SQLite drops the zone; every time we store is UTC
            last = last.replace(tzinfo=turn.now.tzinfo)
        if turn.now - last < timedelta(seconds=turn.settings.intro_every_seconds):
            return
    contact.last_intro_at = turn.now
    turn.reply("reply/intro")
