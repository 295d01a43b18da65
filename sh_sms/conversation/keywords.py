"""Carrier keywords before a text is parsed: what Twilio already did with it decides what it is.

Twilio's stop words are STOP, STOPALL, UNSUBSCRIBE, CANCEL, END and QUIT. With Advanced Opt-Out,
Twilio's webhook carries `OptOutType` (STOP, START or HELP) whenever it applied a keyword, and
that is trusted over the words.
"""

from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlmodel import Session

from ..pool import HOME
from ..store import Contact, LineOptOut
from ..text.commands import Command, parse

STOP, START, HELP = "STOP", "START", "HELP"


def keyword_text(
    engine: Engine, number: str, body: str, opt_out_type: str | None, line: str = HOME
) -> str:
    """The text to act on, given Twilio's `OptOutType` for it (None when Twilio sent none), sent
    to the service number `line`.

    STOP: the number is opted out at Twilio whatever it typed (END included), so it is STOP here.
    START: Twilio opted it back in (its opt-in words include YES, a vote); for a number opted out
    here that is START, for any other the words stand. HELP: a help reply, whatever the words.
    """
    kind = (opt_out_type or "").strip().upper()
    if kind == STOP:
        return STOP
    if kind == START and is_opted_out(engine, number, line):
        return START
    if kind == HELP and not _is_help(body):
        return HELP
    return body


def is_opted_out(engine: Engine, number: str, line: str = HOME) -> bool:
    """Whether `number` has opted out of texts from `line` (read outside any transaction)."""
    with Session(engine) as session:
        row = session.get(Contact, number)
        if row is not None and row.opted_out:
            return True
        return session.get(LineOptOut, (number, line)) is not None


def _is_help(body: str) -> bool:
    command = parse(body or "", [])
    return isinstance(command, Command) and command.verb == "help"
