"""Opt-outs of one service number (issue 35): a STOP to a bare number of a pool opts the phone
out of that number only, as the carrier applies it. A STOP to the only number, or to a number of
a Messaging Service (whose Advanced Opt-Out covers all of its numbers), is the contact's
`opted_out` instead (`sh_sms.pool.Pool.stop_line`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, exists, literal, or_, true, union_all
from sqlmodel import Field, Session, SQLModel, col, select

from .models import Contact

WHOLE = "*"  # no line is: the whole service (in `stopped_pairs`)


class LineOptOut(SQLModel, table=True):
    """A phone that opted out of one service number of the pool (`line`, sh_sms.pool)."""

    __tablename__ = "line_opt_outs"
    number: str = Field(primary_key=True, max_length=20)
    line: str = Field(primary_key=True, max_length=20)
    created_at: datetime


def stopped(number, line):
    """SQL: whether the phone `number` may not be texted from `line` (opted out of the whole
    service, or of that number): for a statement's WHERE, on columns or bound parameters."""
    whole = exists().where(Contact.number == number, Contact.opted_out == true())
    one = exists().where(LineOptOut.number == number, LineOptOut.line == line)
    return or_(whole, one)


def is_stopped(session: Session, number: str, line: str) -> bool:
    """Whether `number` may not be texted from `line` (see `stopped`)."""
    return bool(session.exec(select(stopped(number, line))).one())


def stopped_pairs(session: Session, pairs: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """Of the (number, line) pairs, those that may not be texted (see `stopped`)."""
    if not pairs:
        return set()
    numbers = sorted({number for number, _ in pairs})
    whole = select(Contact.number, literal(WHOLE, String)).where(
        col(Contact.number).in_(numbers), Contact.opted_out == true()
    )
    one = select(LineOptOut.number, LineOptOut.line).where(col(LineOptOut.number).in_(numbers))
    found = set(session.exec(union_all(whole, one)).all())  # one statement
    return {(n, ln) for n, ln in pairs if (n, WHOLE) in found or (n, ln) in found}
