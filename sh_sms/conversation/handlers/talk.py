"""Table talk: relayed to every other player as `Name: text`, within the rules (R18, R20)."""

from __future__ import annotations

from ...commands import Command
from ...engine.state import CHANCELLOR_ENACT, PRESIDENT_DISCARD, VETO
from ...gsm import sanitize
from ..turn import Turn

TALK_MAX = 300  # characters relayed per text: longer talk costs every phone several segments
SESSION_PHASES = (PRESIDENT_DISCARD, CHANCELLOR_ENACT, VETO)


def relay(turn: Turn, command: Command) -> None:
    """Relay the text to everyone else at the table, or say why it may not be relayed."""
    state, player = turn.state, turn.player
    if state is not None:
        if not state.alive[player.seat]:
            turn.reply("refuse/talk_dead")
            return
        if state.phase in SESSION_PHASES and player.seat in (state.president, state.chancellor):
            turn.reply("refuse/talk_session")
            return
    clean = " ".join(sanitize(command.arg).split())
    if not clean:
        turn.reply("refuse/empty", suggestion="")
        return
    if len(clean) > TALK_MAX:
        turn.reply("refuse/talk_long", most=TALK_MAX, length=len(clean))
        return
    for other in turn.players:
        if other.id != player.id:
            turn.mail.say(other.number, "reply/talk", name=player.name, text=clean)
