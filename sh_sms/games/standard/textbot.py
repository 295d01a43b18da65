"""Bots that play through the SMS interface: an engine action becomes the text a player would send.

Used by tests, the benchmarks and the simulator to play whole games by text.
"""

from __future__ import annotations

from ...text.words import COMMAND_WORDS
from .engine import Action, GameState
from .engine.bot import RandomBot
from .handlers.play import PLAYER_ACTIONS

# The word players are taught for each engine action that names a player (NOM, INVESTIGATE, ...).
_PLAYER_WORDS = {kind: COMMAND_WORDS[verb] for verb, kind in PLAYER_ACTIONS.items()}


def action_text(action: Action, names: list[str]) -> str:
    """The SMS that asks for `action`."""
    kind, arg = action
    if kind in _PLAYER_WORDS:
        return f"{_PLAYER_WORDS[kind]} {names[arg]}"
    if kind == "vote":
        return "JA" if arg else "NEIN"
    if kind == "discard":
        return f"DISCARD {arg}"
    if kind == "enact":
        return f"ENACT {arg}"
    if kind == "veto":
        return "VETO"
    if kind == "drop":
        return COMMAND_WORDS["drop" if arg else "keep"]
    return "VETO YES" if arg else "VETO NO"


def next_text(state: GameState, bot: RandomBot) -> tuple[int, str]:
    """Choose a random legal move and return (seat, text to send)."""
    seat, action = bot.choose(state)
    return seat, action_text(action, state.names)
