"""A number in no unfinished game: NEW opens a lobby, JOIN takes a seat, anything else is met
with a short introduction."""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlmodel import col, select

from ...engine.boards import MAX_PLAYERS
from ...public.board import room_mode
from ...store import ACTIVE, LOBBY, Contact, Game, Invite, Player, lock_game
from ...store.games import find_game, new_code, roster
from ...text.commands import Command, ParseError
from ..limits import may_join, may_open_game
from ..replies import help_reply, refused_name
from ..turn import Turn


def create(turn: Turn, command: Command) -> None:
    """NEW <name>: open a lobby with the sender as host (a name that deceives is refused, and
    so is a game over the limits on games opened)."""
    if refused_name(turn, command.arg, [], "NEW") or not may_open_game(turn):
        return
    game = Game(
        code=new_code(turn.session, turn.now, timedelta(days=turn.settings.code_cooloff_days)),
        seed=secrets.randbits(31),
        created_at=turn.now,
        updated_at=turn.now,
    )
    turn.session.add(game)
    turn.session.flush()
    turn.game, turn.players = game, []
    _seat(turn, command.arg, host=True)
    turn.reply("lobby/created", code=game.code, name=command.arg)


def join(turn: Turn, command: Command) -> None:
    """JOIN <code> <name>: take the next seat in an open lobby."""
    _join(turn, command.arg, command.name)


def join_invited(turn: Turn, error: ParseError) -> None:
    """JOIN alone, or JOIN <code>: take the seat a rematch keeps for the sender, under the name
    they played with; without an invitation, how to type JOIN."""
    code = error.words[0].upper() if error.words else None
    query = select(Invite).where(Invite.number == turn.number).order_by(col(Invite.id).desc())
    for invite in turn.session.exec(query):
        game = turn.session.get(Game, invite.game_id)
        if game is not None and game.status == LOBBY and code in (None, game.code):
            _join(turn, game.code, invite.name)
            return
    turn.reply("usage/join")


def _join(turn: Turn, code: str, name: str) -> None:
    """Seat the sender as `name` in the lobby `code`, or say why not."""
    found = find_game(turn.session, code)
    game = lock_game(turn.session, found.id) if found else None
    if game is None or game.status not in (LOBBY, ACTIVE):
        turn.reply("lobby/no_such_game", code=code)
        return
    if game.status != LOBBY:
        turn.reply("lobby/already_started", code=game.code)
        return
    players = roster(turn.session, game.id)
    if len(players) >= MAX_PLAYERS:
        turn.reply("lobby/full", code=game.code, most=MAX_PLAYERS)
        return
    if any(p.name_key == name.casefold() for p in players):
        turn.reply("lobby/name_taken", name=name, code=game.code)
        return
    taken = [p.name for p in players]
    if refused_name(turn, name, taken, f"JOIN {game.code}") or not may_join(turn, game):
        return
    turn.game, turn.players = game, players
    _seat(turn, name, host=False)
    for invite in turn.session.exec(select(Invite).where(Invite.number == turn.number)):
        turn.session.delete(invite)
    names = [p.name for p in players] + [name]
    turn.reply("lobby/joined", code=game.code, names=names, host=players[0].name)
    # The host, who starts the game, hears of each new player (the others see who was in when
    # they joined, the roster at START when it fits, and WHO); in room mode the board shows it.
    if not room_mode(turn.session, game):
        host = next(p for p in players if p.is_host)
        turn.mail.say(host.number, "lobby/someone_joined", name=name, count=len(names))


def _seat(turn: Turn, name: str, host: bool) -> None:
    """Seat the sender in `turn.game` after everyone already there."""
    player = Player(
        game_id=turn.game.id,
        number=turn.number,
        open_number=turn.number,
        name=name,
        name_key=name.casefold(),
        seat=len(turn.players),
        is_host=host,
        joined_at=turn.now,
    )
    turn.session.add(player)
    turn.session.flush()
    turn.player = player
    turn.players = [*turn.players, player]


def help_text(turn: Turn, command: Command) -> None:
    """HELP from a number in no game."""
    help_reply(turn, command.arg, "none")


def usage(turn: Turn, error: ParseError) -> None:
    """NEW or JOIN typed wrong: how to type it."""
    turn.reply(f"usage/{error.verb}")


def introduce(turn: Turn, _command: Command | ParseError) -> None:
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
