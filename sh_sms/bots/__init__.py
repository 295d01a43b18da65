"""Computer players: decisions from what one seat may know, and nothing more.

`decide(view, history)` and `claim(view, history)` take the seat's `player_view` and the events
that seat has seen; nothing in this package ever receives a GameState. The strategy is described
in strategy notes in README.md ("Computer players") and in the playbooks: `liberal` (also Hitler),
`fascist`, the suspicion rules in `suspicion` and the table talk in `stories`.
"""

from .claims import CLAIM, Claim
from .notebook import Notebook
from .strategy import claim, decide

__all__ = ["CLAIM", "Claim", "Notebook", "claim", "decide"]
