"""The one error the engine raises for an action that is not allowed."""

from __future__ import annotations

from typing import Any

# Reason codes, for callers that turn them into replies.
GAME_OVER = "game_over"
NOT_A_PLAYER = "not_a_player"
DEAD = "dead"
UNKNOWN_ACTION = "unknown_action"
WRONG_PHASE = "wrong_phase"
NOT_YOUR_TURN = "not_your_turn"
INVALID_TARGET = "invalid_target"
SELF_TARGET = "self_target"
TARGET_DEAD = "target_dead"
TERM_LIMITED = "term_limited"
ALREADY_INVESTIGATED = "already_investigated"
NOT_IN_HAND = "not_in_hand"
VETO_LOCKED = "veto_locked"
VETO_ALREADY_PROPOSED = "veto_already_proposed"
WRONG_POWER = "wrong_power"


class IllegalAction(Exception):
    """An action the rules do not allow now; `code` says why, `detail` carries the facts."""

    def __init__(self, code: str, **detail: Any) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail
