"""A text that speaks of a move without plainly making it: the sender is asked, in one short
reply (one SMS segment), with the exact command; the text itself goes to the table when the
sender may talk and it said more than the move."""

from __future__ import annotations

from ...table.turn import IN_LOBBY, Turn
from ...text.gsm import sent_segments
from ...text.messages import render
from ...text.words import COMMAND_WORDS
from ..reading import Unclear
from ..replies import talk_refusal
from ..tabletalk import relay

ONE_SEGMENT = 1


def ask(turn: Turn, unclear: Unclear) -> None:
    """Relay the text if it is talk the sender may say; then ask, with the exact command."""
    readers = any(not p.is_bot and p.id != turn.player.id for p in turn.players)
    relayed = unclear.relay and readers and relay(turn, unclear.text)
    text = question(
        _taught(turn, unclear.verb),
        list(unclear.choices),
        relayed=relayed,
        named=unclear.named,
        can_talk=talk_refusal(turn) is None,
        lobby=turn.situation == IN_LOBBY,
        started=turn.state is not None,
        code=turn.game.code if turn.game else "",
    )
    turn.mail.add(turn.number, text)


def question(verb: str, choices: list[str], **context) -> str:
    """The one-segment question for `verb`: with the choices listed if they fit, else without
    (`context`: relayed, named, can_talk, lobby, started, code; see
    templates/sms/clarify/ask.txt)."""
    word = COMMAND_WORDS.get(verb, "")
    text = render("clarify/ask", verb=verb, word=word, choices=choices, **context)
    if sent_segments(text) > ONE_SEGMENT:  # too many names to list: the command alone
        context["named"] = False
        text = render("clarify/ask", verb=verb, word=word, choices=[], **context)
    return text


def _taught(turn: Turn, verb: str) -> str:
    """YES and NO are taught as the words for what they mean now, in the sender's game."""
    if verb not in ("yes", "no") or turn.state is None:
        return {"yes": "ja", "no": "nein"}.get(verb, verb)
    return turn.kind.taught(turn, verb)
