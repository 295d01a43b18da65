"""Table talk: a text relayed to every other player as `Name: text`, within the rules (R18, R20).

Not a handler: the talk handler relays talk, and the question handler relays a text it asks
about when the sender may talk (nothing they say is lost).
"""

from __future__ import annotations

from ..delivery.rows import contact
from ..games.districts import is_districts
from ..games.standard.engine import awaiting
from ..games.standard.engine.state import CHANCELLOR_ENACT, PRESIDENT_DISCARD, VETO
from ..text.gsm import clean, segments, units
from ..text.messages import render
from .limits import talk_allowed
from .replies import listeners, talk_refusal
from .turn import Turn

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
    others = listeners(turn)  # a districts game lets only some hear it
    line = render("reply/talk", name=turn.player.name, text=text)  # the same for everyone
    if not talk_allowed(turn, segments(line) * sum(not p.is_bot for p in others)):
        return False
    for other in others:
        turn.mail.add(other.number, line)
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
    """What a President or Chancellor who may not talk could send instead (R20): the command
    for the move the game waits on from them, for `refuse/talk_session`."""
    state = turn.state
    commands: list[str] = []
    if state is not None and not is_districts(state) and turn.player.seat in awaiting(state):
        letters = dict.fromkeys(state.hand)
        if state.phase == PRESIDENT_DISCARD:
            commands = [f"DISCARD {c}" for c in letters]
        elif state.phase == CHANCELLOR_ENACT:
            commands = [f"ENACT {c}" for c in letters]
        elif state.phase == VETO:
            commands = ["VETO YES", "VETO NO"]
    return {"commands": commands}
