"""A game that finished a short while ago, whatever it was: one text opens a rematch, a yes takes
the seat it keeps, and a move gets how to play again."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlmodel import select

from ...store import LOBBY, Game, Invite, Player
from ...store.games import new_code
from ...store.optouts import is_stopped
from ...table.seats import bot_player
from ...table.turn import Turn
from ...text.commands import Command
from ...text.messages import render, thriftiest
from ..limits import may_open_game
from ..lines import rematch_line
from ..seating import join_invited_lobby
from ..tabletalk import relay


def over(turn: Turn, _command: Command) -> None:
    """A game command after the game: it is over, and this is how to play again."""
    turn.reply("after/over", code=turn.game.code)


def accept(turn: Turn, command: Command) -> None:
    """A yes after the game ("yeah im in", "sure"): it takes the seat an open rematch keeps for
    the sender. With no rematch to join, a vote word alone (`arg`: JA, YES...) is told the game
    is over; a sentence goes to the table, and the sender learns how a rematch opens."""
    if join_invited_lobby(turn):
        return
    if command.arg is not None:
        over(turn, command)
    elif relay(turn, command.read):
        turn.reply("after/no_rematch")


def rematch(turn: Turn, _command: Command) -> None:
    """REMATCH: a new lobby for the same table, the sender as host, everyone else invited (the
    computer players are seated again at once), on a number of the pool where the whole group
    is free (`lines.rematch_line`; everyone free there is invited).

    If another player already opened one, the sender is told how to take their seat in it.
    """
    finished = turn.game
    opened = turn.session.exec(
        select(Game).where(Game.rematch_of == finished.id, Game.status == LOBBY).limit(1)
    ).first()
    if opened is not None:
        turn.reply("after/rematch_open", code=opened.code)
        return
    others = [p for p in turn.players if p.id != turn.player.id]
    chosen = rematch_line(turn, others)  # where the whole group is free, if a number is
    if chosen is None or not may_open_game(turn):
        return
    line, free = chosen
    cooloff = timedelta(days=turn.settings.code_cooloff_days)
    game = Game(
        code=new_code(turn.session, turn.now, cooloff),
        seed=secrets.randbits(31),
        created_at=turn.now,
        updated_at=turn.now,
        rematch_of=finished.id,
        house_rules=finished.house_rules,  # the same table plays by the same house rules
        game=finished.game,  # and the same game
        lang=finished.lang,  # in the same default language
        line=line,
    )
    turn.session.add(game)
    turn.session.flush()
    turn.session.add(_seat(game, turn.player, turn.now))
    bots = [p.name for p in others if p.is_bot]
    for seat, name in enumerate(bots, 1):
        turn.session.add(bot_player(game.id, name, seat, turn.now))
    invited = [
        p
        for p in others
        if not p.is_bot and p.number in free and not is_stopped(turn.session, p.number, line)
    ]
    for p in invited:
        turn.session.add(Invite(game_id=game.id, number=p.number, name=p.name, created_at=turn.now))
        turn.mail.say(p.number, "after/invited", host=turn.player.name, code=game.code, name=p.name)
        if line != finished.line:  # a new thread on their phone: it says whose it is
            turn.mail.say(p.number, "pool/here", code=game.code)
    names = [p.name for p in invited]
    told = [
        render("after/rematch", code=game.code, names=names, bots=bots, listed=listed)
        for listed in (True, False)
    ]
    turn.mail.add(turn.number, thriftiest(told, []))  # the names if they cost no segment
    turn.game = game
    if line != finished.line:
        turn.reply("pool/here", code=game.code)


def _seat(game: Game, player: Player, now: datetime) -> Player:
    """The sender's seat, as host, in the new lobby."""
    return Player(
        game_id=game.id,
        number=player.number,
        open_number=player.number,
        name=player.name,
        name_key=player.name_key,
        seat=0,
        is_host=True,
        joined_at=now,
        lang=player.lang,
        line=game.line,
    )
