"""The one error the engine raises for an action that is not allowed."""

from __future__ import annotations

from ....gamekind.kit import (
    GAME_OVER,
    INVALID_TARGET,
    NOT_A_PLAYER,
    NOT_YOUR_TURN,
    UNKNOWN_ACTION,
    WRONG_PHASE,
    IllegalAction,
)

# Reason codes, for callers that turn them into replies.
DEAD = "dead"
SELF_TARGET = "self_target"
TARGET_DEAD = "target_dead"
TERM_LIMITED = "term_limited"
ALREADY_INVESTIGATED = "already_investigated"
NOT_IN_HAND = "not_in_hand"
VETO_LOCKED = "veto_locked"
VETO_ALREADY_PROPOSED = "veto_already_proposed"
WRONG_POWER = "wrong_power"

__all__ = [
    "GAME_OVER",
    "INVALID_TARGET",
    "NOT_A_PLAYER",
    "NOT_YOUR_TURN",
    "UNKNOWN_ACTION",
    "WRONG_PHASE",
    "IllegalAction",
]
