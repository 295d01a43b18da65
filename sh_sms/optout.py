"""Carrier keywords: STOP opts a number out of every text; START opts it back in.

Twilio's stop words are STOP, STOPALL, UNSUBSCRIBE, CANCEL, END and QUIT. END is also the host's
game command (SMS.md), so a bare END is the game command, unless Twilio says the carrier took it
as an opt-out: with Advanced Opt-Out, Twilio's webhook carries `OptOutType` (STOP, START or HELP)
whenever it applied a keyword, and that is trusted over the words (`keyword_text`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy.engine import Engine
from sqlmodel import Session

from .commands import Command, parse
from .delivery.notices import tell_back, tell_table
from .delivery.rows import contact
from .store import Contact

if TYPE_CHECKING:
    from .service import Turn

STOP, START, HELP = "STOP", "START", "HELP"


def keyword_text(engine: Engine, number: str, body: str, opt_out_type: str | None) -> str:
    """The text to act on, given Twilio's `OptOutType` for it (None when Twilio sent none).

    STOP: the number is opted out at Twilio whatever it typed (END included), so it is STOP here.
    START: Twilio opted it back in (its opt-in words include YES, a vote); for a number opted out
    here that is START, for any other the words stand. HELP: a help reply, whatever the words.
    """
    kind = (opt_out_type or "").strip().upper()
    if kind == STOP:
        return STOP
    if kind == START and is_opted_out(engine, number):
        return START
    if kind == HELP and not _is_help(body):
        return HELP
    return body


def is_opted_out(engine: Engine, number: str) -> bool:
    """Whether `number` has opted out (read outside any transaction)."""
    with Session(engine) as session:
        row = session.get(Contact, number)
        return row is not None and row.opted_out


def _is_help(body: str) -> bool:
    command = parse(body or "", [])
    return isinstance(command, Command) and command.verb == "help"


def carrier_keyword(turn: Turn, verb: str) -> bool:
    """STOP opts out; START from an opted-out number opts back in. True if it was handled.

    On STOP the sender's table is told it can no longer be reached, and the host what they can
    do (once: not again if failed sends already told them). The carrier confirms an opt-out
    itself, so the sender gets nothing. On START the sender is welcomed back, and so is told the
    table.
    """
    if verb == "stop":
        row = contact(turn.session, turn.number)
        if not row.opted_out:
            told = row.unreachable
            row.opted_out = row.unreachable = True
            turn.session.flush()
            if not told:
                tell_table(turn.session, turn.mail, turn.number, stopped=True)
        return True
    row = turn.session.get(Contact, turn.number)
    if row is None or not row.opted_out:
        return False  # START from anyone else is the game command
    row.opted_out = row.unreachable = False
    turn.session.flush()
    turn.reply("reply/opted_in")
    tell_back(turn.session, turn.mail, turn.number)
    return True
