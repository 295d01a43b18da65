"""LANG / IDIOMA: the language the sender reads, from anywhere (in a game, a lobby, or none)."""

from __future__ import annotations

from ...table.turn import Turn
from ...text.commands import Command


def choose(turn: Turn, command: Command) -> None:
    """LANG <code>: read that language from now on (this reply included); LANG: which, and how."""
    if command.arg is None:
        turn.reply("lang/which")
        return
    turn.choose_language(turn.number, command.arg)
    turn.reply("lang/chosen")
