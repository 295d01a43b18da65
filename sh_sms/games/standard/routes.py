"""Where a text goes in a standard game, started or just finished: the routes every game shares
(`conversation.routes`) and the standard game's own: its moves, STATUS, ROLE, HAND, WHO, LOG,
HELP, the host's ENDGAME YES, a question about a move, a question about how to play."""

from __future__ import annotations

from ...conversation.handlers import after as shared_after
from ...conversation.handlers import clarify, refuse
from ...conversation.reading import Question, Reading, Unclear
from ...conversation.routes import AFTER, IN_GAME, Handler, parse_error_handler
from ...table.turn import AFTER_GAME, Turn
from ...text.commands import ParseError
from .handlers import after, explain, info, play

ROUTES: dict[str, Handler] = {
    **IN_GAME,
    "help": info.help_text,
    "status": info.status,
    "role": info.role,
    "hand": info.hand,
    "who": info.who,
    "log": info.log,
    "endgame_yes": after.end,
    **{verb: play.move for verb in play.MOVE_VERBS},
}
AFTER_ROUTES: dict[str, Handler] = {
    **AFTER,
    "status": after.status,
    "role": after.role,
    "who": after.status,
    "log": info.log,
    "help": after.help_text,
}


def handler_for(turn: Turn, reading: Reading) -> Handler:
    """The handler for this reading from a player of a standard game (started or finished,
    or a question about how to play in its lobby)."""
    if isinstance(reading, Unclear):
        return clarify.ask
    if isinstance(reading, Question):
        return explain.answer
    finished = turn.situation == AFTER_GAME
    if isinstance(reading, ParseError):
        return parse_error_handler(turn.situation, reading)
    if finished:
        return AFTER_ROUTES.get(reading.verb, shared_after.over)
    return ROUTES.get(reading.verb, refuse.unknown)
