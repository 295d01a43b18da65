"""A text that could be a move or table talk: the sender is asked which, in one short reply."""

from __future__ import annotations

from ...engine.state import VETO
from ...text.words import COMMAND_WORDS
from ..interpret import Unclear
from ..replies import talk_refusal
from ..turn import Turn

QUOTE_MAX = 30  # a text this short is quoted back whole, ready to send with SAY in front


def ask(turn: Turn, unclear: Unclear) -> None:
    """Say exactly what to send for the move, and (when the sender may talk) for talk."""
    verb = _taught(turn, unclear.verb)
    text = " ".join(unclear.text.split())
    turn.reply(
        "clarify/ask",
        verb=verb,
        word=COMMAND_WORDS[verb],
        choices=list(unclear.choices),
        text=text if len(text) <= QUOTE_MAX else "",
        can_talk=talk_refusal(turn) is None,
    )


def _taught(turn: Turn, verb: str) -> str:
    """YES and NO are taught as the words for what they mean now: JA/NEIN, or VETO YES/NO."""
    if verb not in ("yes", "no"):
        return verb
    if turn.state is not None and turn.state.phase == VETO:
        return "veto_yes" if verb == "yes" else "veto_no"
    return "ja" if verb == "yes" else "nein"
