"""Where a text goes in a districts game, started or just finished: the routes every game shares
(`conversation.routes`: talk, the host's tools, ENDGAME, RULES, a rematch) and the districts
game's own (its moves, its STATUS, ROLE, HAND, LOG, HELP and end); a standard move gets "not in
a districts game" and what to send instead."""

from __future__ import annotations

from ...conversation.handlers import after, nogame, refuse
from ...conversation.reading import Question, Reading, Unclear
from ...conversation.routes import AFTER, IN_GAME, Handler
from ...table.turn import AFTER_GAME, Turn
from ...text.commands import MISSING_ARG, Command, ParseError
from . import handlers as districts
from .text.commands import MOVE_VERBS, QUESTION, WRONG_GAME

IN_GAME_ROUTES: dict[str, Handler] = {
    **IN_GAME,
    "help": districts.help_text_reply,
    "status": districts.status,
    "who": districts.status,
    "role": districts.role,
    "hand": districts.hand,
    "log": districts.log,
    "rules": districts.rules,
    "endgame_yes": districts.end,
    **{verb: districts.move for verb in MOVE_VERBS},
}
IN_GAME_ROUTES.pop("set_room", None)  # room mode is the standard game's board
AFTER_ROUTES: dict[str, Handler] = {
    **AFTER,
    "status": districts.result,
    "who": districts.result,
    "role": districts.after_role,
    "log": districts.log,
    "help": districts.after_help,
    "rules": districts.rules,
}
AFTER_ROUTES.pop("accept", None)


def handler_for(turn: Turn, reading: Reading) -> Handler:
    """The handler for this reading from a player of a districts game (started or finished;
    carrier keywords were handled before)."""
    if isinstance(reading, Question):
        return districts.asked
    if turn.situation == AFTER_GAME:
        if isinstance(reading, Command):
            return AFTER_ROUTES.get(reading.verb, after.over)
        if reading.verb in ("new", "join"):
            missing = reading.verb == "join" and reading.code == MISSING_ARG
            return nogame.join_invited if missing else nogame.usage
        if reading.verb in MOVE_VERBS or reading.code in (WRONG_GAME, QUESTION):
            return after.over
        return districts.parse_error
    if isinstance(reading, Unclear):
        return districts.ask
    if isinstance(reading, ParseError):
        return _parse_error(reading)
    return IN_GAME_ROUTES.get(reading.verb, refuse.unknown)


def _parse_error(error: ParseError) -> Handler:
    if error.code == WRONG_GAME:
        return districts.wrong_game
    if error.code == QUESTION:
        return districts.question
    if error.verb in ("new", "join"):
        return refuse.already_in
    return districts.parse_error
