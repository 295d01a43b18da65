"""Commands that make no sense where the sender is: said so, with the game's code."""

from __future__ import annotations

from ...table.turn import Turn
from ...text.commands import Command, ParseError
from .. import lines


def already_in(turn: Turn, command: Command | ParseError) -> None:
    """NEW, JOIN, REMATCH or WATCH from someone already in a lobby or a game on this number."""
    lines.already_in(turn, command.verb)


def lobby_only(turn: Turn, command: Command) -> None:
    """LEAVE, KICK, START or BOT once the game has started."""
    turn.reply(f"refuse/{command.verb}_in_game", code=turn.game.code)


def unknown(turn: Turn, _command: Command) -> None:
    """A verb the parser knows but no handler takes (a bug, answered rather than dropped)."""
    turn.reply("refuse/unknown")
