"""What a reminder says, and who gets it: only the people the game is waiting on (a computer
player moves by itself: it is never reminded, and no deadline moves for it)."""

from __future__ import annotations

import random
from datetime import datetime

from ..delivery.mailbox import Mailbox
from ..games.districts import is_districts
from ..games.standard.engine import Action, GameState, awaiting, legal_actions
from ..games.standard.engine.state import CHANCELLOR_ENACT, PRESIDENT_DISCARD
from ..store import Player
from ..text.messages import naming, prompt_text
from . import districts

HAND_PHASES = (PRESIDENT_DISCARD, CHANCELLOR_ENACT)


def remind(
    mail: Mailbox,
    code: str,
    state: GameState,
    players: list[Player],
    now: datetime,
    deadline: datetime | None = None,
) -> list[int]:
    """Queue a reminder for every person the game waits on; return their seats."""
    if is_districts(state):  # its own prompts (issue 22)
        return districts.remind(mail, code, state, players, now, deadline)
    seats = people_awaited(state, players)
    left = None
    if deadline is not None:
        left = max(1, round((deadline - now).total_seconds() / 60))
    for seat in seats:
        mail.prompt(
            players[seat].number,
            "reminders/nudge",
            code=code,
            phase=state.phase,
            power=state.power,
            president=state.president,
            chancellor=state.chancellor,
            hand=state.hand if state.phase in HAND_PHASES else [],
            prompt=prompt_text(state, seat),
            minutes_left=left,
            you=seat,
            **naming(state.names, you=seat),
        )
    return seats


def people_awaited(state: GameState, players: list[Player]) -> list[int]:
    """The seats the game waits on that people hold (not computer players)."""
    return [seat for seat in awaiting(state) if not players[seat].is_bot]


def random_moves(
    state: GameState, seed: int, key: str, seats: list[int] | None = None
) -> list[tuple[int, Action]]:
    """A random legal move for every seat in `seats` (default: every seat the game waits on),
    the same for the same game and wait."""
    moves = []
    for seat in awaiting(state) if seats is None else seats:
        legal = legal_actions(state, seat)
        if legal:
            moves.append((seat, random.Random(f"{seed}/{key}/{seat}").choice(legal)))
    return moves


def announce(mail: Mailbox, state: GameState, players: list[Player], moves: list) -> None:
    """Tell the whole table whose time ran out and what kind of move was made for them."""
    if not moves:
        return
    seats = [seat for seat, _ in moves]
    for player in players:
        mail.say(
            player.number,
            "reminders/timed_out",
            seats=seats,
            kind=moves[0][1].kind,
            **naming(state.names, you=player.seat),
        )
