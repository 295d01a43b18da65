"""Computer players for the districts variant: they decide from a seat's view only."""

from .strategy import decide, revote_choices
from .table import RandomSeat, StrategySeat, bots_to_move, play_game

__all__ = [
    "RandomSeat",
    "StrategySeat",
    "bots_to_move",
    "decide",
    "play_game",
    "revote_choices",
]
