"""Where a text goes in a districts game, or after one: the router hands a districts game here
(one branch), and this picks one handler like the router's own table does.

The words every game shares keep their meaning (talk, the host's tools, ENDGAME, HELP); the
variant's moves go to `handlers.districts`; a standard move gets "not in a districts game" and
what to send instead.
"""

from __future__ import annotations

from collections.abc import Callable

from ..games.districts.text.commands import MOVE_VERBS, QUESTION, WRONG_GAME
from ..text.commands import MISSING_ARG, Command, ParseError
from .handlers import after, districts, endgame, host, nogame, refuse, talk
from .interpret import Reading, Unclear
from .turn import AFTER_GAME, IN_GAME, Turn

Handler = Callable[[Turn, Reading], None]

HOST_VERBS = (
    *("set_nudge", "set_quiet", "set_tz", "set_deadline", "set_botspeed"),
    *("settings", "remind", "pause", "resume"),
)
IN_GAME_ROUTES: dict[str, Handler] = {
    "say": talk.relay,
    "help": districts.help_text_reply,
    "status": districts.status,
    "who": districts.status,
    "role": districts.role,
    "hand": districts.hand,
    "log": districts.log,
    "rules": districts.rules,
    **{verb: host.command for verb in HOST_VERBS},
    "endgame": endgame.confirm,
    "endgame_yes": districts.end,
    **{verb: districts.move for verb in MOVE_VERBS},
    **{verb: refuse.already_in for verb in ("new", "join", "rematch")},
    **{verb: refuse.lobby_only for verb in ("leave", "kick", "start", "bot")},
}
AFTER_ROUTES: dict[str, Handler] = {
    "say": talk.relay,
    "status": districts.result,
    "who": districts.result,
    "role": districts.after_role,
    "log": districts.log,
    "help": districts.after_help,
    "rematch": after.rematch,
    "rules": districts.rules,
    "new": nogame.create,
    "join": nogame.join,
}


def handler_for(turn: Turn, reading: Reading) -> Handler:
    """The handler for this reading from a player of a districts game (started or finished;
    carrier keywords were handled before)."""
    if turn.situation == AFTER_GAME:
        if isinstance(reading, Command):
            return AFTER_ROUTES.get(reading.verb, after.over)
        if reading.verb in ("new", "join"):
            missing = reading.verb == "join" and reading.code == MISSING_ARG
            return nogame.join_invited if missing else nogame.usage
        if reading.verb in MOVE_VERBS or reading.code in (WRONG_GAME, QUESTION):
            return after.over
        return districts.parse_error
    assert turn.situation == IN_GAME
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
