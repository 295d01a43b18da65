"""Telling a table that one of its players can no longer be reached by text (once), or is back."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, col, select

from ..store import FAILED, LOBBY, UNDELIVERED, Contact, Game, Outbox, Player
from ..store.games import open_player, roster
from .errors import RECIPIENT_CODES
from .mailbox import Mailbox
from .rows import contact


def tell_table(session: Session, mail: Mailbox, number: str, *, stopped: bool) -> int | None:
    """Queue in `mail`, for the other players of `number`'s unfinished game, that it cannot be
    reached, and for the host what they can do. A host who cannot be reached hands the host
    role to the next player who can. Return the game's id (None: in no game)."""
    player = open_player(session, number)
    if player is None:
        return None
    game = session.get(Game, player.game_id)
    players = roster(session, player.game_id)
    new_host = pass_host(session, players, player) if player.is_host else None
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
        lobby = game is not None and game.status == LOBBY
        mail.say(
            host.number, "delivery/host_options", name=player.name, stopped=stopped, lobby=lobby
        )
    return player.game_id


def pass_host(session: Session, players: list[Player], leaving: Player) -> Player | None:
    """Make the next reachable person after `leaving` (in seat order) the host; return them.
    A computer player never hosts."""
    seat = players.index(leaving)
    for other in players[seat + 1 :] + players[:seat]:
        if other.is_bot:
            continue
        row = session.get(Contact, other.number)
        if row is None or not (row.opted_out or row.unreachable):
            leaving.is_host, other.is_host = False, True
            return other
    return None


def tell_back(session: Session, mail: Mailbox, number: str) -> None:
    """Queue in `mail`, for the other players of `number`'s unfinished game, that it is back."""
    player = open_player(session, number)
    if player is None:
        return
    for other in roster(session, player.game_id):
        if other.id != player.id:
            mail.say(other.number, "delivery/reachable", name=player.name)


def mark_unreachable(session: Session, number: str, now: datetime, *, opted_out: bool) -> bool:
    """Record that texts to `number` fail for good (`opted_out`: it unsubscribed at the carrier).

    The first time (it was neither unreachable nor opted out), its table is told, in this same
    transaction. Which failure is the first is decided by one conditional UPDATE under the row's
    lock, not by what this session read before: of two failures for one number handled at once
    (the worker's and a status callback's), exactly one tells. Return whether it was told.
    """
    row = contact(session, number)  # created if missing, and locked
    mine = col(Contact.number) == number
    fresh = update(Contact).where(mine, ~col(Contact.unreachable), ~col(Contact.opted_out))
    first = _changed(session, fresh.values(unreachable=True))
    if opted_out:
        _changed(session, update(Contact).where(mine).values(unreachable=True, opted_out=True))
    session.expire(row)  # read again when next used: this session may have read it before
    if not first:
        return False
    mail = Mailbox()
    game_id = tell_table(session, mail, number, stopped=opted_out)
    if game_id is None:
        return False
    mail.flush(session, now, game_id)
    return True


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
