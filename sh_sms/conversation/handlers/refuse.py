"""Commands that make no sense where the sender is: said so, with the game's code."""

from __future__ import annotations

from ...store import LOBBY
from ...table.turn import Turn
from ...text.commands import Command, ParseError


def already_in(turn: Turn, command: Command | ParseError) -> None:
    """NEW, JOIN or REMATCH from someone already in a lobby or a game."""
    if turn.game.status == LOBBY:
        turn.reply("lobby/already_in", code=turn.game.code)
    else:
        turn.reply(f"refuse/{command.verb}_in_game", code=turn.game.code)


def lobby_only(turn: Turn, command: Command) -> None:
    """LEAVE, KICK, START or BOT once the game has started."""
    turn.reply(f"refuse/{command.verb}_in_game", code=turn.game.code)


def unknown(turn: Turn, _command: Command) -> None:
    """A verb the parser knows but no handler takes (a bug, answered rather than dropped)."""
    turn.reply("refuse/unknown")
