"""Table talk: relayed to every other player as `Name: text`, within the rules (R18, R20)."""

from __future__ import annotations

from ...delivery.rows import contact
from ...text.commands import Command
from ...text.gsm import clean, segments, units
from ...text.messages import render
from ..limits import talk_allowed
from ..replies import listeners, talk_refusal
from ..turn import Turn

# GSM-7 units relayed per text (an extension character such as `€` takes two): longer talk
# costs every phone several segments.
TALK_MAX = 300


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
    if units(text) > TALK_MAX:
        doubled = units(text) > len(text)
        turn.reply("refuse/talk_long", most=TALK_MAX, length=units(text), doubled=doubled)
        return
    others = listeners(turn)
    said = render("reply/talk", name=turn.player.name, text=text)  # the same for everyone
    if not talk_allowed(turn, segments(said) * sum(not p.is_bot for p in others)):
        return
    for other in others:
        turn.mail.add(other.number, said)
    if all(p.is_bot for p in others):  # nobody will read it: say so rather than say nothing
        template = "reply/talk_bots" if others else "reply/talk_nobody"
        turn.reply(template, code=turn.game.code)
    if dropped:
        row = contact(turn.session, turn.number)
        if not row.told_dropped:
            row.told_dropped = True
            turn.reply("reply/dropped")
