"""Computer players: decisions from what one seat may know, and nothing more.

`decide(view, history)` and `claim(view, history)` take the seat's `player_view` and the events
that seat has seen; nothing in this package ever receives a GameState (`sh_sms.botplay.table` is
the one adapter from a state). The strategy (README "Computer players") lives in the playbooks
`liberal` (Hitler too) and `fascist`, the suspicion rules in `suspicion`, the claims in `stories`.
"""

from .claims import CLAIM, Claim
from .notebook import Notebook
from .strategy import claim, decide

__all__ = ["CLAIM", "Claim", "Notebook", "claim", "decide"]
