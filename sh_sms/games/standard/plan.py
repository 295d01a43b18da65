"""When the standard game's computer players have something to do after a step: a move the game
waits on them for, or a claim owed by a bot that was in office."""

from __future__ import annotations

from .engine import Event, GameState, awaiting

# Events after which the seats in office may owe the table a claim (`bots.stories`): a policy
# enacted, a veto agreed, an investigation seen.
CLAIM_OCCASIONS = frozenset({"enacted", "veto_answered", "investigation"})


def bot_has_work(
    bots: set[int], before: GameState | None, after: GameState, events: list[Event]
) -> bool:
    """A bot is awaited, or a bot that was in office may owe a claim."""
    if bots & set(awaiting(after)):
        return True
    if before is None or not any(event.kind in CLAIM_OCCASIONS for event in events):
        return False
    return bool(bots & {before.president, before.chancellor})
