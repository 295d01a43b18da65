"""Computer players' names and rows: a name says it is a bot, and a first letter of its own makes
one letter enough to name it (`NOM f` for FinBot) wherever it can."""

from __future__ import annotations

from datetime import datetime

from ..store import Player
from ..text.numbers import bot_number

MAX_SEATS = 10  # the most seats any table has (phones and computer players together)
# One per letter, so that bots differ from each other (and from most people) in their first one.
BOT_NAMES = (
    *("AdaBot", "BenBot", "CalBot", "DotBot", "EliBot", "FinBot", "GiaBot", "HalBot", "IdaBot"),
    *("JaxBot", "KitBot", "LouBot", "MaxBot", "NiaBot", "OttoBot", "PipBot", "QuinBot"),
    *("RayBot", "SamBot", "TessBot", "UmaBot", "VicBot", "WrenBot", "XanBot", "YaraBot", "ZedBot"),
)


def bot_names(taken: list[str], count: int) -> list[str]:
    """`count` new bot names, none equal to a name in `taken` (any case), each with a first
    letter no other player's name starts with, as long as such letters last."""
    used = {name.casefold() for name in taken}
    initials = {name[:1].casefold() for name in taken}
    free = [name for name in BOT_NAMES if name.casefold() not in used]
    fresh = [name for name in free if name[0].casefold() not in initials]
    chosen = (fresh + [name for name in free if name not in fresh])[:count]
    return chosen


def bot_player(game_id: int, name: str, seat: int, now: datetime) -> Player:
    """A new player row for a computer player: no phone, never holding a number open."""
    return Player(
        game_id=game_id,
        number=bot_number(name),
        open_number=None,
        name=name,
        name_key=name.casefold(),
        seat=seat,
        is_host=False,
        is_bot=True,
        joined_at=now,
    )


def people(players: list[Player]) -> list[Player]:
    """The players who are persons (they have phones)."""
    return [p for p in players if not p.is_bot]


def bot_seats(players: list[Player]) -> frozenset[int]:
    """The seats of the computer players."""
    return frozenset(p.seat for p in players if p.is_bot)
