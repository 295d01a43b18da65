"""What a reminder says, and who gets it: only the people the game is waiting on (a computer
player moves by itself: it is never reminded, and no deadline moves for it). The words are the
game's own (`GameKind.reminder_text`)."""

from __future__ import annotations

from datetime import datetime

from ..delivery.mailbox import Mailbox
from ..gamekind.interface import GameKind
from ..store import Player
from ..text.languages import speaking


def remind(
    mail: Mailbox,
    kind: GameKind,
    code: str,
    state: object,
    players: list[Player],
    now: datetime,
    deadline: datetime | None = None,
) -> list[int]:
    """Queue a reminder for every person the game waits on; return their seats."""
    seats = people_awaited(kind, state, players)
    left = None
    if deadline is not None:
        left = max(1, round((deadline - now).total_seconds() / 60))
    for seat in seats:
        number = players[seat].number
        with speaking(mail.language_of(number)):
            mail.add(number, kind.reminder_text(state, seat, code, left))
    return seats


def people_awaited(kind: GameKind, state: object, players: list[Player]) -> list[int]:
    """The seats the game waits on that people hold (not computer players)."""
    return [seat for seat in kind.awaiting(state) if not players[seat].is_bot]
