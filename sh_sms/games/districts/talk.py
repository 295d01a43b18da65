"""Who hears a player's table talk in a districts game, for the conversation (D15): the
engine's `talk_audience` as the players and templates the app uses."""

from __future__ import annotations

from .engine import DistrictsState, talk_audience
from .engine.views import CAPITOL_SILENT


def districts_talk_refusal(state: DistrictsState, seat: int) -> str | None:
    """Why `seat` may not talk now (a template), or None if someone hears it."""
    audience = talk_audience(state, seat)
    if audience == CAPITOL_SILENT:
        return "districts/refuse_capitol_silent"
    return None if audience else "districts/refuse_alone"


def districts_listeners(state: DistrictsState, seat: int, others: list) -> list:
    """The players among `others` who hear `seat` now."""
    audience = talk_audience(state, seat)
    seats = set() if audience == CAPITOL_SILENT else set(audience)
    return [p for p in others if p.seat in seats]
