"""Replies the standard game's handlers share: who the game waits on, and why a move was
refused with what would work."""

from __future__ import annotations

from ...table.turn import Turn
from ...text.messages import render
from .engine import IllegalAction, public_view
from .engine.state import OVER
from .wording import naming, prompt_text


def waiting_text(view: dict, names: list[str], you: int | None = None, level: str = "full") -> str:
    """Who the game waits on and for what, from the public view, for the reader in seat `you`
    (`level`: "full" names every pending voter, "brief" counts them, "least" says only what
    the reader's prompt does not)."""
    if view["phase"] == OVER:
        return ""
    return render("info/waiting", view=view, you=you, level=level, **naming(names, you=you))


def refusal(turn: Turn, seat: int, refused: IllegalAction) -> None:
    """Say why an action was refused and what would work instead."""
    state = turn.state
    view = public_view(state)
    turn.reply(
        f"refuse/{refused.code}",
        view=view,
        detail=refused.detail,
        waiting=waiting_text(view, state.names, seat),
        **naming(state.names, you=seat),
    )
    turn.mail.add(turn.number, prompt_text(state, seat))
