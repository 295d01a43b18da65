"""How a finished districts game ended, as its players read it again after the end (STATUS, ROLE,
"who won?"): the last text of the game once more."""

from __future__ import annotations

from ...table.links import replay_url
from ...table.turn import Turn
from .engine import Event
from .engine.ending import last_played
from .engine.state import OVER
from .text.wording import event_text


def result_text(turn: Turn, you: int | None = None) -> str:
    """The game's last message again: why it ended and who won (for the reader `you`: whether
    they won and why), the policy that ended it, every card."""
    s = turn.state
    replay = replay_url(turn.settings, turn.game.code)
    cards = {"cards": list(s.cards), "boxed": s.boxed}
    if s.phase == OVER and s.reason != "ended":
        data = {
            "reasons": s.reason.split("+"),
            "winners": list(s.winners),
            "tracks": s.tracks(),
            "points": list(s.points),
            "where": list(s.where),
            "last": last_played(s),
            **cards,
        }
        event = Event("game_over", None, data)
    else:
        event = Event("ended", None, cards)
    return event_text(event, s.names, s.rules, you=you, replay=replay)
