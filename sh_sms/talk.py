"""Table talk: relayed to every other player as `Name: text`, within the rules (R18, R20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .engine import GameState
from .engine.state import CHANCELLOR_ENACT, PRESIDENT_DISCARD, VETO
from .gsm import sanitize
from .store import Player

if TYPE_CHECKING:
    from .service import Turn

TALK_MAX = 300  # characters relayed per text: longer talk costs every phone several segments
SESSION_PHASES = (PRESIDENT_DISCARD, CHANCELLOR_ENACT, VETO)


def relay(
    turn: Turn, player: Player, players: list[Player], text: str, state: GameState | None
) -> None:
    """Relay `text` from `player` to everyone else, or say why it may not be relayed."""
    if state is not None:
        if not state.alive[player.seat]:
            turn.reply("refuse/talk_dead")
            return
        if state.phase in SESSION_PHASES and player.seat in (state.president, state.chancellor):
            turn.reply("refuse/talk_session")
            return
    clean = " ".join(sanitize(text).split())
    if not clean:
        turn.reply("refuse/empty", suggestion="")
        return
    if len(clean) > TALK_MAX:
        turn.reply("refuse/talk_long", most=TALK_MAX, length=len(clean))
        return
    for other in players:
        if other.id != player.id:
            turn.mail.say(other.number, "reply/talk", name=player.name, text=clean)
