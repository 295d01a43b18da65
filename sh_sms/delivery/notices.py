"""Telling a table that one of its players can no longer be reached by text (once), or is back.

A phone may sit at several tables, one per service number (issue 35): whatever makes it
unreachable everywhere (a STOP to the only number or to a Messaging Service, a number that fails
for good) tells every one of them, each from its own number; a STOP to one bare number of a pool
tells the table on that number."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, col, select

from ..pool import HOME
from ..store import FAILED, LOBBY, UNDELIVERED, Contact, Game, LineOptOut, Outbox, Player
from ..store.db import insert_new
from ..store.games import roster
from ..store.optouts import is_stopped
from ..store.seats import open_seats
from ..text.languages import ENGLISH
from .errors import RECIPIENT_CODES
from .mailbox import Mailbox
from .rows import contact


def tell_tables(
    session: Session,
    number: str,
    now: datetime,
    *,
    stopped: bool,
    line: str | None = None,
    mail: Mailbox | None = None,
    game_id: int | None = None,
) -> list[int]:
    """Tell every unfinished game `number` has a seat in (only the one on service number `line`,
    if given) that it cannot be reached, and each host what they can do; a host who cannot be
    reached hands the host role to the next player who can. Game `game_id`'s texts go in `mail`
    (the text being handled); each other game's are queued at once, from its own number.
    Return the games' ids."""
    told = []
    for player in open_seats(session, number):
        if line is not None and player.line != line:
            continue
        game = session.get(Game, player.game_id)
        players = roster(session, player.game_id)
        own = mail if mail is not None and player.game_id == game_id else table_mail(game, players)
        _tell_table(session, own, game, players, player, stopped=stopped)
        if own is not mail:
            own.flush(session, now, game.id, game.line)
        told.append(game.id)
    return told


def _tell_table(
    session: Session,
    mail: Mailbox,
    game: Game,
    players: list[Player],
    player: Player,
    *,
    stopped: bool,
) -> None:
    """Queue for the other players of `player`'s game that it cannot be reached, and for the
    host what they can do; pass the host role on if `player` held it."""
    player = next((p for p in players if p.id == player.id), player)
    new_host = pass_host(session, players, player, game.line) if player.is_host else None
    for other in players:
        if other.id != player.id:
            mail.say(
                other.number,
                "delivery/unreachable",
                name=player.name,
                stopped=stopped,
                new_host=new_host.name if new_host else None,
                you=new_host is not None and other.id == new_host.id,
            )
    host = next((p for p in players if p.is_host), None)
    if host is not None and host.id != player.id:
        lobby = game.status == LOBBY
        mail.say(
            host.number, "delivery/host_options", name=player.name, stopped=stopped, lobby=lobby
        )


def table_mail(game: Game, players: list[Player]) -> Mailbox:
    """A mailbox for texts to a game's players, each in the language they read."""
    langs = {p.number: p.lang for p in players}
    return Mailbox(lambda number: langs.get(number) or game.lang or ENGLISH)


def pass_host(
    session: Session, players: list[Player], leaving: Player, line: str = HOME
) -> Player | None:
    """Make the next person after `leaving` (in seat order) who can be reached from the service
    number `line` the host; return them. A computer player never hosts."""
    seat = players.index(leaving)
    for other in players[seat + 1 :] + players[:seat]:
        if other.is_bot:
            continue
        row = session.get(Contact, other.number)
        if row is not None and (row.opted_out or row.unreachable):
            continue
        if not is_stopped(session, other.number, line):
            leaving.is_host, other.is_host = False, True
            return other
    return None


def tell_backs(
    session: Session,
    mail: Mailbox,
    number: str,
    now: datetime,
    *,
    line: str | None = None,
    game_id: int | None = None,
) -> None:
    """Tell the other players of `number`'s unfinished games (only the one on `line`, if given)
    that it is back; game `game_id`'s texts go in `mail`, each other game's are queued at once."""
    for player in open_seats(session, number):
        if line is not None and player.line != line:
            continue
        game = session.get(Game, player.game_id)
        players = roster(session, player.game_id)
        own = mail if player.game_id == game_id else table_mail(game, players)
        for other in players:
            if other.id != player.id:
                own.say(other.number, "delivery/reachable", name=player.name)
        if own is not mail:
            own.flush(session, now, game.id, game.line)


def mark_unreachable(
    session: Session, number: str, now: datetime, *, opted_out: bool, line: str | None = None
) -> bool:
    """Record that texts to `number` fail for good (`opted_out`: it unsubscribed at the carrier;
    `line`: from that service number only, a bare number of a pool: sh_sms.pool).

    The first time (it was neither unreachable nor opted out), its tables are told, in this
    same transaction. Which failure is the first is decided by one conditional UPDATE (or, for
    one number, one insert) under the row's lock, not by what this session read before: of two
    failures for one number handled at once (the worker's and a status callback's), exactly one
    tells. Return whether a table was told.
    """
    if opted_out and line is not None:
        values = {"number": number, "line": line, "created_at": now}
        if not insert_new(session, LineOptOut, values):
            return False
        seen = session.get(Contact, number)
        if seen is not None and (seen.unreachable or seen.opted_out):
            return False  # every table was told already
        return bool(tell_tables(session, number, now, stopped=True, line=line))
    row = contact(session, number)  # created if missing, and locked
    mine = col(Contact.number) == number
    fresh = update(Contact).where(mine, ~col(Contact.unreachable), ~col(Contact.opted_out))
    first = _changed(session, fresh.values(unreachable=True))
    if opted_out:
        _changed(session, update(Contact).where(mine).values(unreachable=True, opted_out=True))
    session.expire(row)  # read again when next used: this session may have read it before
    if not first:
        return False
    return bool(tell_tables(session, number, now, stopped=opted_out))


def _changed(session: Session, statement) -> bool:
    """Run an UPDATE; whether it changed a row."""
    options = {"synchronize_session": False}  # the caller expires what it read
    return session.execute(statement.execution_options(**options)).rowcount == 1


def mark_reachable(session: Session, number: str, delivered_id: int) -> None:
    """Outbox row `delivered_id` to `number` was delivered, so the number is reachable after all
    (its table is not told), unless a later text to it failed for the number's sake: a delivery
    report can arrive long after the failure of a text sent after it (callbacks retried after a
    fault, or just late), and must not undo that failure, or the next one would tell the table
    a second time."""
    seen = session.get(Contact, number)
    if seen is None or not seen.unreachable or seen.opted_out:
        return
    row = contact(session, number)  # locked: a failure being recorded now has committed
    if not row.unreachable or row.opted_out:
        return
    later_failure = select(Outbox.id).where(
        col(Outbox.to_number) == number,
        col(Outbox.id) > delivered_id,
        col(Outbox.status).in_((FAILED, UNDELIVERED)),
        col(Outbox.error_code).in_([str(code) for code in RECIPIENT_CODES]),
    )
    if session.exec(later_failure.limit(1)).first() is None:
        row.unreachable = False
