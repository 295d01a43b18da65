"""A started game: commands become engine actions; the results are told to every player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import host, info, lobby, reminders, talk
from .commands import Command, ParseError
from .engine import Action, GameState, IllegalAction, apply
from .engine.actions import (
    ANSWER_VETO,
    DISCARD,
    ENACT,
    NOMINATE_ACTION,
    PROPOSE_VETO,
    VOTE_ACTION,
)
from .engine.state import CHANCELLOR_ENACT, OVER, VETO
from .games import append_events, close_game, load_state, roster, save_state
from .messages import step_texts
from .players import ResolveError, resolve_player
from .store import OVER as GAME_OVER
from .store import Player

if TYPE_CHECKING:
    from .service import Turn

PLAYER_ACTIONS = {
    "nominate": NOMINATE_ACTION,
    "investigate": "investigate",
    "elect": "special_election",
    "execute": "execute",
}


def in_game(turn: Turn, player: Player, command: Command | ParseError) -> None:
    """Any text from a player of a started game."""
    players = roster(turn.session, turn.game.id)
    state = load_state(turn.game)
    if isinstance(command, ParseError):
        info.parse_error(turn, command)
        return
    verb = command.verb
    if verb == "say":
        talk.relay(turn, player, players, command.arg, state)
    elif verb in info.INFO_VERBS:
        info.answer(turn, player, players, command, state)
    elif verb in ("end", "end_yes"):
        lobby.end_command(turn, player, players, command, state)
    elif verb in host.HOST_VERBS:
        host.command(turn, player, players, command, state)
    elif verb in ("new", "join", "leave", "kick", "start"):
        turn.reply(f"refuse/{verb}_in_game", code=turn.game.code)
    else:
        action = _action(turn, state, player.seat, command)
        if action is not None:
            act(turn, players, state, player.seat, action)


def _action(turn: Turn, state: GameState, seat: int, command: Command) -> Action | None:
    """The engine action a game command asks for, or None after replying why there is none."""
    verb = command.verb
    if verb in PLAYER_ACTIONS:
        target = resolve_player(command.arg, state.names)
        if isinstance(target, ResolveError):
            info.unknown_player(turn, command.arg, target, state.names)
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
    if verb == "enact":
        return Action(ENACT, command.arg)
    if verb == "discard":
        if state.phase == CHANCELLOR_ENACT and seat == state.chancellor:
            return _chancellor_discard(state, command.arg)
        return Action(DISCARD, command.arg)
    turn.reply("refuse/unknown")  # only a verb added to the parser but not mapped here lands here
    return None


def _chancellor_discard(state: GameState, card: str) -> Action:
    """A Chancellor's DISCARD X enacts the other card (the engine refuses a card not held)."""
    rest = list(state.hand)
    if card in rest:
        rest.remove(card)
        return Action(ENACT, rest[0])
    return Action(ENACT, card)


def act(turn: Turn, players: list[Player], state: GameState, seat: int, action: Action) -> None:
    """Apply an action; store the new state and events; queue each player's texts."""
    try:
        after, events = apply(state, seat, action)
    except IllegalAction as refused:
        info.refusal(turn, state, seat, refused)
        return
    save_state(turn.game, after, turn.now)
    reminders.track(turn.session, turn.game, after, turn.now, turn.settings)
    append_events(turn.session, turn.game, events, turn.now)
    if after.phase == OVER:
        close_game(turn.game, players, GAME_OVER, turn.now)
    texts = step_texts(state, after, events)
    for p in players:
        for text in texts[p.seat]:
            turn.mail.add(p.number, text)
