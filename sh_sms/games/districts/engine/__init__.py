"""The districts variant's rules as pure functions over plain data (docs/districts.md).

Shared with every game only what is the same (`games.kit`): the Event and Action shapes and
the IllegalAction error. No I/O, no clock and no wording here: `now` is an argument.
"""

from ....gamekind.kit import Action, Event, IllegalAction
from .actions import SYSTEM, awaiting, can_start_timer, legal_actions
from .rules import apply, end_game
from .setup import new_game
from .state import DistrictsState
from .views import player_view, public_view, talk_audience

__all__ = [
    "SYSTEM",
    "Action",
    "DistrictsState",
    "Event",
    "IllegalAction",
    "apply",
    "awaiting",
    "can_start_timer",
    "end_game",
    "legal_actions",
    "new_game",
    "player_view",
    "public_view",
    "talk_audience",
]
