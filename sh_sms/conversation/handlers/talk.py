"""Table talk: relayed to every other player as `Name: text`, within the rules (R18, R20)."""

from __future__ import annotations

from ...table.turn import Turn
from ...text.commands import Command
from ..tabletalk import relay as relay_talk


def relay(turn: Turn, command: Command) -> None:
    """Relay the text to everyone else at the table, or say why it may not be relayed."""
    relay_talk(turn, command.arg)
