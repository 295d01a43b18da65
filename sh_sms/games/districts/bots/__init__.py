"""Computer players for the districts variant: they decide from a seat's view only."""

from .strategy import decide
from .table import RandomSeat, StrategySeat, play_game

__all__ = ["RandomSeat", "StrategySeat", "decide", "play_game"]
