"""Who may talk at a standard game's table (R18, R20): the dead may not, nor the President and
Chancellor from the draw until the session ends; a refused player is told the command of their
move instead."""

from __future__ import annotations

from ...text.words import taught
from .engine import GameState, awaiting
from .engine.state import CHANCELLOR_ENACT, PRESIDENT_DISCARD, VETO

SESSION_PHASES = (PRESIDENT_DISCARD, CHANCELLOR_ENACT, VETO)


def talk_refusal(state: GameState, seat: int) -> str | None:
    """Why `seat` may not talk now (a template), or None if they may."""
    if not state.alive[seat]:
        return "refuse/talk_dead"
    if state.phase in SESSION_PHASES and seat in (state.president, state.chancellor):
        return "refuse/talk_session"
    return None


def hint(state: GameState, seat: int) -> dict:
    """What a President or Chancellor who may not talk could send instead (R20): the command
    for the move the game waits on from them, for `refuse/talk_session`."""
    commands: list[str] = []
    if seat in awaiting(state):
        letters = dict.fromkeys(state.hand)
        if state.phase == PRESIDENT_DISCARD:
            commands = [f"{taught('discard')} {c}" for c in letters]  # the reader's word
        elif state.phase == CHANCELLOR_ENACT:
            commands = [f"{taught('enact')} {c}" for c in letters]
        elif state.phase == VETO:
            commands = ["VETO YES", "VETO NO"]
    return {"commands": commands}
