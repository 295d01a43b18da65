"""The standard game's waits: what identifies the decision it waits on, the reminder each person
it waits on gets, and the random legal move made for each of them when time runs out."""

from __future__ import annotations

import random

from ...store import Player
from ...table.play import act
from ...table.turn import Turn
from .engine import Action, GameState, awaiting, legal_actions
from .engine.state import CHANCELLOR_ENACT, OVER, PRESIDENT_DISCARD
from .wording import naming, prompt_text

HAND_PHASES = (PRESIDENT_DISCARD, CHANCELLOR_ENACT)


def wait_key(state: GameState | None) -> str | None:
    """What identifies the decision the game waits on now (None: it waits on nobody).

    A vote stays one wait while the votes come in; a veto proposal starts a new one.
    """
    if state is None or state.phase == OVER:
        return None
    return f"{state.round}:{state.phase}:{int(state.veto_proposed)}"


def reminder(state: GameState, seat: int, code: str, minutes_left: int | None) -> dict:
    """What the reminder to `seat` says: the context of reminders/nudge.txt."""
    return dict(
        code=code,
        phase=state.phase,
        power=state.power,
        president=state.president,
        chancellor=state.chancellor,
        hand=state.hand if state.phase in HAND_PHASES else [],
        prompt=prompt_text(state, seat),
        minutes_left=minutes_left,
        you=seat,
        **naming(state.names, you=seat),
    )


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


def time_out(turn: Turn, key: str, seats: list[int]) -> int:
    """A random legal move for every person the wait is on, as if each had texted it, and the
    table told whose time ran out; how many moves were made."""
    moves = random_moves(turn.state, turn.game.seed, key, seats)
    announce(turn, turn.players, moves)
    for seat, action in moves:
        act(turn, seat, action)
    return len(moves)


def announce(turn: Turn, players: list[Player], moves: list) -> None:
    """Tell the whole table whose time ran out and what kind of move was made for them."""
    if not moves:
        return
    seats = [seat for seat, _ in moves]
    for player in players:
        turn.mail.say(
            player.number,
            "reminders/timed_out",
            seats=seats,
            kind=moves[0][1].kind,
            **naming(turn.state.names, you=player.seat),
        )
