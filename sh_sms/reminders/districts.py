"""A districts game's waits (docs/districts.md, D8 and D16): what identifies the decision it waits
on, when its timer runs out, whom to remind and how. Pure helpers for `wait`, `nudge` and the
districts deadline job (`districts_job`)."""

from __future__ import annotations

from datetime import UTC, datetime

from ..delivery.mailbox import Mailbox
from ..games.districts.engine import DistrictsState, awaiting, player_view
from ..games.districts.engine.state import OVER, VOTE
from ..games.districts.text.wording import prompt_text
from ..store import Player


def wait_key(state: DistrictsState) -> str | None:
    """The decision the game waits on: the round and phase, and whether the timer runs (so that
    starting it starts a new wait); None once it is over."""
    if state.phase == OVER:
        return None
    return f"{state.round}:{state.phase}:{int(state.timer_ends is not None)}"


def timer_at(state: object) -> datetime | None:
    """When a districts game's running timer ends (None: no timer runs, or not a districts game)."""
    ends = getattr(state, "timer_ends", None)
    if ends is None or getattr(state, "phase", None) != VOTE:
        return None
    return datetime.fromtimestamp(ends, UTC)


def aware(moment: datetime) -> datetime:
    """A stored time as an aware UTC datetime (SQLite gives it back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def people_awaited(state: DistrictsState, players: list[Player]) -> list[int]:
    """The seats the game waits on that people hold (not computer players)."""
    return [seat for seat in awaiting(state) if not players[seat].is_bot]


def remind(
    mail: Mailbox,
    code: str,
    state: DistrictsState,
    players: list[Player],
    now: datetime,
    deadline: datetime | None = None,
) -> list[int]:
    """Queue a reminder, with exactly what to send, for every person the game waits on; return
    their seats."""
    seats = people_awaited(state, players)
    left = None
    if deadline is not None:
        left = max(1, round((deadline - now).total_seconds() / 60))
    for seat in seats:
        prompt = prompt_text(player_view(state, seat))
        mail.prompt(
            players[seat].number, "districts/nudge", code=code, prompt=prompt, minutes_left=left
        )
    return seats
