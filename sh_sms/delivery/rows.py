"""Row locks that also work for a row that does not exist yet (get or create, then lock)."""

from __future__ import annotations

from typing import TypeVar

from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, SQLModel, select

from ..store import Contact

Model = TypeVar("Model", bound=SQLModel)


def locked(session: Session, model: type[Model], key: dict, defaults: dict | None = None) -> Model:
    """The row of `model` with primary key `key`, locked for update; created if missing.

    Two transactions creating it at once cannot both insert: the loser's insert does nothing
    (ON CONFLICT DO NOTHING), then it waits for the winner's lock. SQLite's write lock is already
    held for the whole transaction (BEGIN IMMEDIATE).
    """
    query = select(model).filter_by(**key).with_for_update()
    row = session.exec(query).first()
    if row is not None:
        return row
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    values = {**(defaults or {}), **key}
    session.exec(dialect.insert(model).values(**values).on_conflict_do_nothing())
    return session.exec(query.execution_options(populate_existing=True)).one()


def contact(session: Session, number: str) -> Contact:
    """The contact row of `number`, locked; created (reachable, opted in) if missing."""
    return locked(
        session,
        Contact,
        {"number": number},
        {"opted_out": False, "unreachable": False},
    )
