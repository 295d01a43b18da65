"""Where a text goes: the sender's situation and the reading of their text pick one handler.

    situation   in no game | in a lobby | in a started game | after a game that just finished
    reading     a Command, a ParseError (a near miss, a missing argument...), an Unclear text
                (it speaks of a move without making it: the sender is asked, and when it is
                talk they may say, it is relayed too) or a Question about how to play

Carrier keywords come first: STOP and its kin from anyone, START or UNSTOP from a number that
opted out. A started or finished game, and a question about how to play in a lobby, go to the
routes of the game played there (`GameKind.handler_for`); the rest is routed here.
"""

from __future__ import annotations

from ..store import Contact
from ..store.optouts import is_stopped
from ..table.turn import AFTER_GAME, IN_GAME, IN_LOBBY, NO_GAME, Turn
from ..text.commands import Command, ParseError
from .handlers import bots, clarify, endgame, language, lobby, nogame, optout, stats, watch
from .handlers import rules as rules_handler
from .handlers import talk as talk_handler
from .reading import Question, Reading, Unclear
from .routes import HOST, IN_A_GAME, Handler, parse_error_handler

ROUTES: dict[str, dict[str, Handler]] = {
    NO_GAME: {
        "new": nogame.create,
        "join": nogame.join,
        "help": nogame.help_text,
        "watch": watch.watch,
        "leave": watch.leave,
        "stats": stats.stats,
        "lang": language.choose,
    },
    IN_LOBBY: {
        "start": lobby.start,
        "leave": lobby.leave,
        "kick": lobby.kick,
        "bot": bots.add,
        "rules": rules_handler.command,
        "say": talk_handler.relay,
        "help": lobby.help_text,
        **{verb: lobby.info for verb in ("status", "role", "hand", "who", "log")},
        **HOST,
        "endgame": endgame.confirm,
        "endgame_yes": endgame.end,
        **IN_A_GAME,
    },
}
# A verb the situation has no route for.
FALLBACK: dict[str, Handler] = {NO_GAME: nogame.introduce, IN_LOBBY: lobby.not_started}


def route(turn: Turn, reading: Reading) -> None:
    """Hand the text to the one handler for the sender's situation and its reading."""
    handler_for(turn, reading)(turn, reading)


def handler_for(turn: Turn, reading: Reading) -> Handler:
    """The handler for this reading from this sender (see the module docstring)."""
    if isinstance(reading, Command):
        if reading.verb == "stop":
            return optout.opt_out
        if reading.verb in ("start", "unstop") and _opted_out(turn):
            return optout.opt_in
        if reading.verb == "unstop":
            return optout.already_in  # the carrier answers an opt-in word itself
    where = turn.situation
    if where in (IN_GAME, AFTER_GAME) or (where == IN_LOBBY and isinstance(reading, Question)):
        return turn.kind.handler_for(turn, reading)
    if isinstance(reading, Unclear):
        return clarify.ask
    if isinstance(reading, ParseError):
        return parse_error_handler(where, reading)
    return ROUTES[where].get(reading.verb, FALLBACK[where])


def _opted_out(turn: Turn) -> bool:
    row = turn.session.get(Contact, turn.number)
    if row is not None and row.opted_out:
        return True
    return turn.settings.pool.stops_per_number and is_stopped(turn.session, turn.number, turn.line)
