"""STOP opts a number out of every text; START from an opted-out number opts it back in.

As carriers apply them (issue 35): a STOP to the only number, or to any number of a Messaging
Service (Advanced Opt-Out), opts the phone out of the whole service, and every table it sits at
is told; a STOP to one bare number of a pool opts it out of that number, and its table there is
told (`sh_sms.pool.Pool.stop_line`). START undoes it where it was sent.

Either is told to the tables at most REACH_NOTICES_PER_HOUR times an hour (`limits`), so
flapping between them cannot text a table again and again."""

from __future__ import annotations

from sqlalchemy import delete

from ...delivery.notices import tell_backs, tell_tables
from ...delivery.rows import contact
from ...store import LineOptOut
from ...store.db import insert_new
from ...table.turn import Turn
from ...text.commands import Command
from ..limits import reach_notice


def opt_out(turn: Turn, _command: Command) -> None:
    """STOP: nothing more is sent to the sender (from this number, for a bare number of a
    pool); their tables are told they cannot be reached.

    The host also learns what they can do (once: not again if failed sends already told them).
    The carrier confirms an opt-out itself, so the sender gets nothing.
    """
    line = turn.settings.pool.stop_line(turn.line)
    if line is None:
        row = contact(turn.session, turn.number)
        if row.opted_out:
            return
        told = row.unreachable
        row.opted_out = row.unreachable = True
    else:
        values = {"number": turn.number, "line": line, "created_at": turn.now}
        if not insert_new(turn.session, LineOptOut, values):
            return
        row = contact(turn.session, turn.number)
        told = row.unreachable or row.opted_out
    turn.session.flush()
    if not told and reach_notice(turn.session, turn.settings, turn.number, turn.now):
        game_id = turn.game.id if turn.game is not None else None
        here = {"line": line, "mail": turn.mail, "game_id": game_id}
        tell_tables(turn.session, turn.number, turn.now, stopped=True, **here)


def opt_in(turn: Turn, _command: Command) -> None:
    """START from an opted-out number: welcome back, and tell its tables."""
    row = contact(turn.session, turn.number)
    row.opted_out = row.unreachable = False
    if turn.settings.pool.stops_per_number:
        mine = (LineOptOut.number == turn.number) & (LineOptOut.line == turn.line)
        turn.session.execute(delete(LineOptOut).where(mine))
    turn.session.flush()
    if reach_notice(turn.session, turn.settings, turn.number, turn.now):  # else the carrier's word
        turn.reply("reply/opted_in")
        game_id = turn.game.id if turn.game is not None else None
        line = turn.settings.pool.stop_line(turn.line)
        tell_backs(turn.session, turn.mail, turn.number, turn.now, line=line, game_id=game_id)


def already_in(_turn: Turn, _command: Command) -> None:
    """UNSTOP from a number that never opted out: the carrier answers its opt-in words itself."""
