"""Table talk: a text relayed to every other player as `Name: text`, within the rules (R18, R20).

Not a handler: the talk handler relays talk, and the question handler relays a text it asks
about when the sender may talk (nothing they say is lost).
"""

from __future__ import annotations

from ..delivery.rows import contact
from ..table.turn import Turn
from ..text.gsm import clean, sent_segments, units
from ..text.messages import render
from .limits import talk_allowed
from .replies import listeners, talk_refusal

# GSM-7 units relayed per text (an extension character such as `€` takes two): longer talk
# costs every phone several segments.
TALK_MAX = 300


def relay(turn: Turn, said: str) -> bool:
    """Relay `said` to everyone else at the table, or say why it may not be; True if relayed.

    Common emoji go as GSM-7 faces; anything else a phone cannot show in a GSM-7 text is left
    out, and the sender is told so once.
    """
    refused = talk_refusal(turn)
    if refused:
        turn.reply(refused, **hint(turn))
        return False
    text, dropped = clean(said)
    text = " ".join(text.split())
    if not text:
        turn.reply("refuse/empty", suggestion="")
        return False
    if units(text) > TALK_MAX:
        doubled = units(text) > len(text)
        turn.reply("refuse/talk_long", most=TALK_MAX, length=units(text), doubled=doubled)
        return False
    others = listeners(turn)  # a game may let only some hear it
    line = render("reply/talk", name=turn.player.name, text=text)  # the same for everyone
    if not talk_allowed(turn, sent_segments(line) * sum(not p.is_bot for p in others)):
        return False
    turn.mail.add_each([other.number for other in others], lambda: line)
    if all(p.is_bot for p in others):  # nobody will read it: say so rather than say nothing
        template = "reply/talk_bots" if others else "reply/talk_nobody"
        turn.reply(template, code=turn.game.code)
    if dropped:
        row = contact(turn.session, turn.number)
        if not row.told_dropped:
            row.told_dropped = True
            turn.reply("reply/dropped")
    return True


def hint(turn: Turn) -> dict:
    """What a player who may not talk could send instead, for the refusal's template (the
    game's own: the command of the move it waits on from them)."""
    if turn.state is None:
        return {"commands": []}
    return turn.kind.talk_hint(turn.state, turn.player.seat)
