"""The rules of Secret Hitler as pure functions over plain data (RULES.md R1-R20).

No I/O and no wording here: callers turn events and views into messages.
"""

from .actions import Action, awaiting, legal_actions
from .errors import IllegalAction
from .events import Event
from .rules import apply
from .setup import new_game
from .state import GameState
from .views import player_view, public_view

__all__ = [
    "Action",
    "Event",
    "GameState",
    "IllegalAction",
    "apply",
    "awaiting",
    "legal_actions",
    "new_game",
    "player_view",
    "public_view",
]
