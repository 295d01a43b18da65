"""Telling a table that one of its players can no longer be reached by text (once), or is back."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from ..store import LOBBY, Contact, Game, Player
from ..store.games import open_player, roster
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
    transaction. Return whether it was told.
    """
    row = contact(session, number)
    first = not (row.unreachable or row.opted_out)
    row.unreachable = True
    row.opted_out = row.opted_out or opted_out
    if not first:
        return False
    session.flush()  # the sender is now opted out or unreachable before any mail is written
    mail = Mailbox()
    game_id = tell_table(session, mail, number, stopped=opted_out)
    if game_id is None:
        return False
    mail.flush(session, now, game_id)
    return True


def mark_reachable(session: Session, number: str) -> None:
    """A text to `number` was delivered, so it is reachable after all (its table is not told)."""
    row = session.get(Contact, number)
    if row is not None and row.unreachable and not row.opted_out:
        row.unreachable = False
