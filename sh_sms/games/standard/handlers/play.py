"""A player's move in a started game: the command becomes an engine action, then it is applied."""

from __future__ import annotations

from ....conversation.replies import echo, unknown_player
from ....table.play import act
from ....table.seats import bot_seats
from ....table.turn import Turn
from ....text.commands import Command
from ....text.players import ResolveError, resolve_player
from ..engine import Action, GameState
from ..engine.actions import (
    ANSWER_VETO,
    DISCARD,
    ENACT,
    NOMINATE_ACTION,
    POWER_ACTIONS,
    PROPOSE_VETO,
    VOTE_ACTION,
)
from ..engine.boards import PEEK_AND_DROP
from ..engine.state import CHANCELLOR_ENACT, VETO, VOTE

# Commands that name a player, and the engine action each asks for.
PLAYER_ACTIONS = {
    "nominate": NOMINATE_ACTION,
    "investigate": "investigate",
    "elect": "special_election",
    "execute": "execute",
    "show": "show",  # house rules: reverse investigation
}
MOVE_VERBS = frozenset(
    {*PLAYER_ACTIONS, "ja", "nein", "yes", "no", "veto_yes", "veto_no", "veto", "enact", "discard"}
    | {"drop", "keep"}
)


def move(turn: Turn, command: Command) -> None:
    """NOM, JA, NEIN, DISCARD, ENACT, VETO, INVESTIGATE, ELECT, EXECUTE and their aliases; SHOW,
    DROP and KEEP for the powers of house rules.

    A vote read from words that are not the command ("yeah", "wait no. nein") is confirmed:
    the voter hears how it was read and how to change it; the same vote sent again changes
    nothing, and the voter is told so.
    """
    seat = turn.player.seat
    action = _action(turn, turn.state, seat, command)
    if action is None:
        return
    before = turn.state
    if not act(turn, seat, action) or action.kind != VOTE_ACTION:
        return
    previous = before.votes[seat]
    if previous == action.arg:  # the same vote again: nothing changed, and the voter hears so
        turn.reply("reply/vote_again", vote=action.arg, said=_said(command))
    elif command.read is not None:
        turn.reply(
            "reply/vote_read",
            vote=action.arg,
            said=echo(command.read),
            changed=previous is not None,
            open=turn.state.phase == VOTE,
        )


def _said(command: Command) -> str | None:
    """The words a vote was read from, when they were not the command itself."""
    return echo(command.read) if command.read is not None else None


def _action(turn: Turn, state: GameState, seat: int, command: Command) -> Action | None:
    """The engine action a game command asks for, or None after replying why there is none."""
    verb = command.verb
    if verb in PLAYER_ACTIONS:
        target = resolve_player(command.arg, state.names, bot_seats(turn.players))
        if isinstance(target, ResolveError):
            unknown_player(turn, command.arg, target, state.names)
            return None
        return Action(PLAYER_ACTIONS[verb], target)
    if verb in ("ja", "nein"):
        return Action(VOTE_ACTION, verb == "ja")
    if verb in ("yes", "no"):  # a vote, or the President's answer to a proposed veto
        kind = ANSWER_VETO if state.phase == VETO and seat == state.president else VOTE_ACTION
        return Action(kind, verb == "yes")
    if verb in ("veto_yes", "veto_no"):
        return Action(ANSWER_VETO, verb == "veto_yes")
    if verb == "veto":
        return Action(PROPOSE_VETO)
    if verb in ("drop", "keep"):  # house rules: peek and drop
        return Action(POWER_ACTIONS[PEEK_AND_DROP], verb == "drop")
    if verb == "enact":
        return Action(ENACT, command.arg)
    # discard
    if state.phase == CHANCELLOR_ENACT and seat == state.chancellor:
        return _chancellor_discard(state, command.arg)
    return Action(DISCARD, command.arg)


def _chancellor_discard(state: GameState, card: str) -> Action:
    """A Chancellor's DISCARD X enacts the other card (the engine refuses a card not held)."""
    rest = list(state.hand)
    if card in rest:
        rest.remove(card)
        return Action(ENACT, rest[0])
    return Action(ENACT, card)
