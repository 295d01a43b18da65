"""Where a text goes: the sender's situation and the reading of their text pick one handler.

    situation   in no game | in a lobby | in a started game | after a game that just finished
    reading     a Command, a ParseError (a near miss, a missing argument...) or an Unclear text
                (it speaks of a move without making it: the sender is asked, and when it is
                talk they may say, it is relayed too), from `interpret.read`

Carrier keywords come first: STOP and its kin from anyone, START or UNSTOP from a number that
opted out.
"""

from __future__ import annotations

from collections.abc import Callable

from ..games.districts import is_districts
from ..store import Contact
from ..text.commands import MISSING_ARG, NEAR_MISS, Command, ParseError
from . import districts_routes
from .handlers import (
    after,
    bots,
    clarify,
    endgame,
    explain,
    host,
    info,
    lobby,
    nogame,
    optout,
    play,
    refuse,
    rules,
    talk,
)
from .reading import Question, Reading, Unclear
from .replies import parse_error
from .turn import AFTER_GAME, IN_GAME, IN_LOBBY, NO_GAME, Turn

Handler = Callable[[Turn, Reading], None]

HOST_VERBS = (
    *("set_nudge", "set_quiet", "set_tz", "set_deadline", "set_botspeed", "set_room"),
    *("settings", "remind", "pause"),
)
HOST = {verb: host.command for verb in (*HOST_VERBS, "resume")}
ENDING = {"endgame": endgame.confirm, "endgame_yes": endgame.end}
IN_A_GAME = {"new": refuse.already_in, "join": refuse.already_in, "rematch": refuse.already_in}

ROUTES: dict[str, dict[str, Handler]] = {
    NO_GAME: {"new": nogame.create, "join": nogame.join, "help": nogame.help_text},
    IN_LOBBY: {
        "start": lobby.start,
        "leave": lobby.leave,
        "kick": lobby.kick,
        "bot": bots.add,
        "rules": rules.command,
        "say": talk.relay,
        "help": info.help_text,
        **{verb: info.lobby for verb in ("status", "role", "hand", "who", "log")},
        **HOST,
        **ENDING,
        **IN_A_GAME,
    },
    IN_GAME: {
        "say": talk.relay,
        "help": info.help_text,
        "status": info.status,
        "role": info.role,
        "hand": info.hand,
        "who": info.who,
        "log": info.log,
        "rules": rules.command,
        **HOST,
        **ENDING,
        **{verb: play.move for verb in play.MOVE_VERBS},
        **IN_A_GAME,
        **{verb: refuse.lobby_only for verb in ("leave", "kick", "start", "bot")},
    },
    AFTER_GAME: {
        "say": talk.relay,
        "status": after.status,
        "role": after.role,
        "who": after.status,
        "log": info.log,
        "help": after.help_text,
        "rematch": after.rematch,
        "rules": rules.command,
        "accept": after.accept,
        "new": nogame.create,
        "join": nogame.join,
    },
}
# A verb the situation has no route for.
FALLBACK: dict[str, Handler] = {
    NO_GAME: nogame.introduce,
    IN_LOBBY: lobby.not_started,
    IN_GAME: refuse.unknown,
    AFTER_GAME: after.over,
}


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
    if is_districts(turn.state):  # a districts game (issue 22) has routes of its own
        return districts_routes.handler_for(turn, reading)
    where = turn.situation
    if isinstance(reading, Unclear):
        return clarify.ask
    if isinstance(reading, Question):
        return explain.answer
    if isinstance(reading, ParseError):
        return _parse_error(where, reading)
    return ROUTES[where].get(reading.verb, FALLBACK[where])


def _parse_error(where: str, error: ParseError) -> Handler:
    """A text that is almost a command: explained; NEW and JOIN get their usage. A near miss
    (only ever one whose rest fits a command the sender could use) asks "did you mean", with
    the command written out."""
    if error.code == NEAR_MISS:
        return parse_error
    if error.verb in ("new", "join") and where in (NO_GAME, AFTER_GAME):
        if error.verb == "join" and error.code == MISSING_ARG:
            return nogame.join_invited  # JOIN alone (or JOIN <code>) takes a rematch seat
        return nogame.usage
    if error.verb in ("new", "join"):
        return refuse.already_in
    return nogame.introduce if where == NO_GAME else parse_error


def _opted_out(turn: Turn) -> bool:
    row = turn.session.get(Contact, turn.number)
    return row is not None and row.opted_out
