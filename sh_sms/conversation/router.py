"""Where a text goes: the sender's situation and the parsed command pick exactly one handler.

    situation   a number in no game | a lobby member | a player of a started game
    command     a Command (verb, argument) or a ParseError (a near miss, a missing argument...)

Carrier keywords come first: STOP from anyone, START from a number that opted out.
"""

from __future__ import annotations

from collections.abc import Callable

from ..commands import Command, ParseError
from ..store import LOBBY, Contact
from .handlers import endgame, host, info, lobby, nogame, optout, play, refuse, talk
from .replies import parse_error
from .turn import Turn

Handler = Callable[[Turn, Command], None]

NO_GAME, IN_LOBBY, IN_GAME = "no_game", "lobby", "game"
HOST_VERBS = ("set_nudge", "set_quiet", "set_tz", "set_deadline", "settings", "remind", "pause")
HOST = {verb: host.command for verb in (*HOST_VERBS, "resume")}
ENDING = {"end": endgame.confirm, "end_yes": endgame.end}

ROUTES: dict[str, dict[str, Handler]] = {
    NO_GAME: {"new": nogame.create, "join": nogame.join, "help": nogame.help_text},
    IN_LOBBY: {
        "start": lobby.start,
        "leave": lobby.leave,
        "kick": lobby.kick,
        "say": talk.relay,
        "help": info.help_text,
        **{verb: info.lobby for verb in ("status", "role", "hand", "who", "log")},
        **HOST,
        **ENDING,
        "new": refuse.already_in,
        "join": refuse.already_in,
    },
    IN_GAME: {
        "say": talk.relay,
        "help": info.help_text,
        "status": info.status,
        "role": info.role,
        "hand": info.hand,
        "who": info.who,
        "log": info.log,
        **HOST,
        **ENDING,
        **{verb: play.move for verb in play.MOVE_VERBS},
        "new": refuse.already_in,
        "join": refuse.already_in,
        **{verb: refuse.lobby_only for verb in ("leave", "kick", "start")},
    },
}
# A verb a situation has no route for.
FALLBACK: dict[str, Handler] = {
    NO_GAME: nogame.introduce,
    IN_LOBBY: lobby.not_started,
    IN_GAME: refuse.unknown,
}


def route(turn: Turn, command: Command | ParseError) -> None:
    """Hand the text to the one handler for the sender's situation and command."""
    handler_for(turn, command)(turn, command)


def handler_for(turn: Turn, command: Command | ParseError) -> Handler:
    """The handler for this command from this sender (see the module docstring)."""
    if isinstance(command, Command):
        if command.verb == "stop":
            return optout.opt_out
        if command.verb == "start" and _opted_out(turn):
            return optout.opt_in
    where = situation(turn)
    if isinstance(command, ParseError):
        if command.verb in ("new", "join"):
            return nogame.usage if where == NO_GAME else refuse.already_in
        return nogame.introduce if where == NO_GAME else parse_error
    return ROUTES[where].get(command.verb, FALLBACK[where])


def situation(turn: Turn) -> str:
    """Where the sender is: in no game, in a lobby, or in a started game."""
    if turn.player is None:
        return NO_GAME
    return IN_LOBBY if turn.game.status == LOBBY else IN_GAME


def _opted_out(turn: Turn) -> bool:
    row = turn.session.get(Contact, turn.number)
    return row is not None and row.opted_out
