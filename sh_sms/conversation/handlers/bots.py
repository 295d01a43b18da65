"""BOT [n]: the host seats computer players in the lobby, up to ten seats.

Bots get names that say so (FinBot, GiaBot...), have no phone and are never texted; once the game
starts they move from the worker (sh_sms.botplay). KICK removes one like anybody else.
"""

from __future__ import annotations

from ...table.seats import bot_names, bot_player, people
from ...table.turn import Turn
from ...text.commands import Command
from ..limits import host_notice


def add(turn: Turn, command: Command) -> None:
    """BOT or BOT <n>: seat that many computer players (as many as there are seats left)."""
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    asked = int(command.arg or 1)
    least, most = turn.kind.seats
    room = most - len(turn.players)
    if room <= 0:
        turn.reply("lobby/full", code=turn.game.code, most=most)
        return
    names = bot_names(turn.names, min(asked, room))
    for name in names:
        bot = bot_player(turn.game.id, name, len(turn.players), turn.now)
        turn.session.add(bot)
        turn.players = [*turn.players, bot]
    turn.session.flush()
    for person in people(turn.players) if host_notice(turn) else [turn.player]:
        turn.mail.say(
            person.number,
            "lobby/bots_added",
            host=turn.player.name,
            you=person.id == turn.player.id,
            seat=person.seat,
            added=names,
            asked=asked,
            names=turn.names,
            code=turn.game.code,
            least=least,
            most=most,
        )
