"""Table talk: relayed to every other player as `Name: text`, within the rules (R18, R20)."""

from __future__ import annotations

from sqlmodel import col, select

from ...delivery.rows import contact
from ...store import Contact, Player
from ...text.commands import Command
from ...text.gsm import clean
from ..replies import talk_refusal
from ..turn import Turn

TALK_MAX = 300  # characters relayed per text: longer talk costs every phone several segments


def _readers(turn: Turn, others: list[Player]) -> bool:
    """Whether anyone else at the table will read talk: a person who has not opted out."""
    numbers = [p.number for p in others if not p.is_bot]
    if not numbers:
        return False
    query = select(Contact.number).where(col(Contact.number).in_(numbers), Contact.opted_out)
    return len(set(turn.session.exec(query))) < len(numbers)


def relay(turn: Turn, command: Command) -> None:
    """Relay the text to everyone else at the table, or say why it may not be relayed.

    Common emoji go as GSM-7 faces; anything else a phone cannot show in a GSM-7 text is left
    out, and the sender is told so once.
    """
    refused = talk_refusal(turn)
    if refused:
        turn.reply(refused)
        return
    text, dropped = clean(command.arg)
    text = " ".join(text.split())
    if not text:
        turn.reply("refuse/empty", suggestion="")
        return
    if len(text) > TALK_MAX:
        turn.reply("refuse/talk_long", most=TALK_MAX, length=len(text))
        return
    others = [p for p in turn.players if p.id != turn.player.id]
    for other in others:
        turn.mail.say(other.number, "reply/talk", name=turn.player.name, text=text)
    if not _readers(turn, others):  # nobody will read it: say so rather than say nothing
        bots = any(p.is_bot for p in others)
        template = "reply/talk_bots" if bots else "reply/talk_nobody"
        turn.reply(template, code=turn.game.code, alone=not others)
    if dropped:
        row = contact(turn.session, turn.number)
        if not row.told_dropped:
            row.told_dropped = True
            turn.reply("reply/dropped")
