"""A phone's seats across the pool's service numbers (issue 35): at most one per number."""

from __future__ import annotations

from collections.abc import Iterable

from sqlmodel import Session, col, select

from .models import Contact, Game, Player


def open_seats(session: Session, number: str) -> list[Player]:
    """The phone `number`'s seats in unfinished games, one per service number at most."""
    query = select(Player).where(Player.open_number == number).order_by(col(Player.id))
    return list(session.exec(query))


def seats_with_games(session: Session, numbers: Iterable[str]) -> list[tuple[Player, Game]]:
    """The seats of these phones in unfinished games, each with its game, oldest seat first."""
    query = (
        select(Player, Game)
        .join(Game, Game.id == Player.game_id)
        .where(col(Player.open_number).in_(sorted(set(numbers))))
        .order_by(col(Player.id))
    )
    return [(player, game) for player, game in session.exec(query)]


def language_read(session: Session, number: str, line: str) -> str | None:
    """The language `number` reads on the service number `line`: its seat's choice there, else
    that game's; outside any game there, the one it chose as a contact (None: none known)."""
    query = (
        select(Player.lang, Game.lang)
        .join(Game, Game.id == Player.game_id)
        .where(Player.open_number == number, Player.line == line)
    )
    seated = session.exec(query).first()
    if seated is not None and (seated[0] or seated[1]):
        return seated[0] or seated[1]
    contact = session.get(Contact, number)
    return contact.lang if contact is not None else None
