"""STOP opts a number out of every text; START from an opted-out number opts it back in.

Either is told to the table at most REACH_NOTICES_PER_HOUR times an hour (`limits`), so
flapping between them cannot text a table again and again."""

from __future__ import annotations

from ...delivery.notices import tell_back, tell_table
from ...delivery.rows import contact
from ...table.turn import Turn
from ...text.commands import Command
from ..limits import reach_notice


def opt_out(turn: Turn, _command: Command) -> None:
    """STOP: nothing more is sent to the sender; their table is told they cannot be reached.

    The host also learns what they can do (once: not again if failed sends already told them).
    The carrier confirms an opt-out itself, so the sender gets nothing.
    """
    row = contact(turn.session, turn.number)
    if row.opted_out:
        return
    told = row.unreachable
    row.opted_out = row.unreachable = True
    turn.session.flush()
    if not told and reach_notice(turn.session, turn.settings, turn.number, turn.now):
        tell_table(turn.session, turn.mail, turn.number, stopped=True)


def opt_in(turn: Turn, _command: Command) -> None:
    """START from an opted-out number: welcome back, and tell the table."""
    row = contact(turn.session, turn.number)
    row.opted_out = row.unreachable = False
    turn.session.flush()
    if reach_notice(turn.session, turn.settings, turn.number, turn.now):  # else the carrier's word
        turn.reply("reply/opted_in")
        tell_back(turn.session, turn.mail, turn.number)


def already_in(_turn: Turn, _command: Command) -> None:
    """UNSTOP from a number that never opted out: the carrier answers its opt-in words itself."""
