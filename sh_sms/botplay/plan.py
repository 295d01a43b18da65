"""When the bot job must next look at a game: set in the same transaction as every change of the
game's state (under the game's lock), so a restart loses nothing and the job reads only due rows.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from ..config import Settings
from ..games.districts import is_districts
from ..games.districts.engine import awaiting as districts_awaiting
from ..games.standard.engine import Event, GameState, awaiting
from ..games.standard.engine.state import OVER
from ..store import GameClock, Player

# Events after which the seats in office may owe the table a claim
# (sh_sms.games.standard.bots.stories): a policy enacted, a veto agreed, an investigation seen.
CLAIM_OCCASIONS = frozenset({"enacted", "veto_answered", "investigation"})


def pause(clock: GameClock | None, settings: Settings) -> timedelta:
    """How long a bot waits before it moves: the host's SET BOTSPEED, else BOT_SECONDS."""
    seconds = clock.bot_seconds if clock is not None and clock.bot_seconds is not None else None
    return timedelta(seconds=max(0, settings.bot_seconds if seconds is None else seconds))


def plan(
    clock: GameClock,
    players: list[Player],
    before: GameState | None,
    after: GameState,
    events: list[Event],
    now: datetime,
    settings: Settings,
) -> None:
    """After a step from `before` to `after` (with `events`): if a bot has something to do, the
    job looks at the game one pause from now (or earlier, if it was already due earlier)."""
    bots = {p.seat for p in players if p.is_bot}
    if not bots:
        return
    if after.phase == OVER:
        clock.bot_due_at = None
        return
    if not _bot_has_work(bots, before, after, events):
        return  # an earlier due time (a claim still owed) stands
    due = now + pause(clock, settings)
    clock.bot_due_at = due if clock.bot_due_at is None else min(clock.bot_due_at, due)


def _bot_has_work(
    bots: set[int], before: GameState | None, after: GameState, events: list[Event]
) -> bool:
    """A bot is awaited, or a bot that was in office may owe a claim."""
    if is_districts(after):  # districts bots make no claims (issue 22)
        return bool(bots & set(districts_awaiting(after)))
    if bots & set(awaiting(after)):
        return True
    if before is None or not any(event.kind in CLAIM_OCCASIONS for event in events):
        return False
    return bool(bots & {before.president, before.chancellor})
