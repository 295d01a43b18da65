"""What every game's engine shares with the table (pure data, no rules): an event and who may
see it, an action, the error for an action the rules refuse, and a house rule's problem."""

from __future__ import annotations

from typing import Any, NamedTuple

EVERYONE = None
# The reasons every game gives for refusing an action (a game adds its own).
GAME_OVER = "game_over"
NOT_A_PLAYER = "not_a_player"
UNKNOWN_ACTION = "unknown_action"
WRONG_PHASE = "wrong_phase"
NOT_YOUR_TURN = "not_your_turn"
INVALID_TARGET = "invalid_target"


class Event(NamedTuple):
    """One thing that happened. `to` is a seat for private knowledge, or None for the table."""

    kind: str
    to: int | None
    data: dict[str, Any]


class Action(NamedTuple):
    """What a player does: a kind and its argument (a seat, a policy letter or a yes/no)."""

    kind: str
    arg: int | str | bool | None = None


class IllegalAction(Exception):
    """An action the rules do not allow now; `code` says why, `detail` carries the facts."""

    def __init__(self, code: str, **detail: Any) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail


class Problem(NamedTuple):
    """Why a game's rules cannot be played at a table: a code and the facts for the wording."""

    code: str
    detail: dict[str, Any]
