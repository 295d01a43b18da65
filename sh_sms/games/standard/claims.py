"""What the standard game's computer players say and do at the table: each bot states the claims
it owes (the last government's President first, so its Chancellor can answer), as table talk to
the people and as a public `claim` event the other bots read; and decides its move from its
seat's view and the events its seat has seen (`botplay.act_for`)."""

from __future__ import annotations

from sqlmodel import Session

from ...store.games import append_events, seat_events
from ...table.play import tell_held
from ...table.seats import people
from ...table.turn import Turn
from .botplay import act_for, claim_for
from .bots import Claim
from .engine import Action, GameState
from .talk import SESSION_PHASES
from .wording import claim_text

MAX_CLAIMS = 3  # claims one seat can owe at once: as President, as Chancellor, as investigator


def bot_talk(turn: Turn, bots: frozenset[int]) -> None:
    """Every claim the bots owe the table now, in speaking order."""
    for seat in speaking_order(turn.state, bots):
        _speak(turn, seat)


def speaking_order(state: GameState, bots: frozenset[int]) -> list[int]:
    """The bots in the order they speak: the last government's President, its Chancellor, the
    others by seat."""
    first = [s for s in (state.last_president, state.last_chancellor) if s in bots]
    return list(dict.fromkeys([*first, *sorted(bots)]))


def may_talk(state: GameState, seat: int) -> bool:
    """Whether `seat` may talk at the table now: alive, and not in a legislative session (R20)."""
    in_session = state.phase in SESSION_PHASES and seat in (state.president, state.chancellor)
    return state.alive[seat] and not in_session


def decision(session: Session, game_id: int, state: GameState, seat: int) -> Action | None:
    """The move of the bot in `seat` now (None: the game does not wait on it), decided from its
    seat's view and the events its seat has seen, and nothing else."""
    return act_for(state, seat, seat_events(session, game_id, seat))


def owed_claim(session: Session, game_id: int, state: GameState, seat: int) -> Claim | None:
    """The claim the bot in `seat` owes the table now, if any, from what its seat has seen."""
    return claim_for(state, seat, seat_events(session, game_id, seat))


def _speak(turn: Turn, seat: int) -> None:
    """State every claim the bot in `seat` owes, each as table talk and as a `claim` event."""
    names = turn.state.names
    for _ in range(MAX_CLAIMS):
        if not may_talk(turn.state, seat):
            return
        said = owed_claim(turn.session, turn.game.id, turn.state, seat)
        if said is None:
            return
        append_events(turn.session, turn.game, [said.event()], turn.now)
        tell_held(turn)  # the news the claim is about comes first
        text = claim_text(said, names)
        for person in people(turn.players):
            turn.mail.say(person.number, "reply/talk", name=names[seat], text=text)
