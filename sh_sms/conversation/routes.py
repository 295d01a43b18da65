"""The routes every game shares, for the router and for each game's own table of routes
(`GameKind.handler_for` spreads them into its own): talk, the host's tools, ENDGAME, RULES, a new
game or a rematch, and the commands of the lobby, wherever the sender stands."""

from __future__ import annotations

from collections.abc import Callable

from ..table.turn import AFTER_GAME, NO_GAME, Turn
from ..text.commands import MISSING_ARG, NEAR_MISS, ParseError
from .handlers import after, endgame, host, language, nogame, refuse, rules, stats, talk, watch
from .reading import Reading
from .replies import parse_error

Handler = Callable[[Turn, Reading], None]

HOST_VERBS = (
    *("set_nudge", "set_quiet", "set_tz", "set_deadline", "set_botspeed", "set_room", "set_watch"),
    "set_lang",
    *("settings", "remind", "pause", "resume"),
)
HOST: dict[str, Handler] = {verb: host.command for verb in HOST_VERBS}
IN_A_GAME: dict[str, Handler] = {
    "new": nogame.create,  # on another number of the pool, if the sender is free on one
    "join": nogame.join,
    "rematch": refuse.already_in,
    "watch": refuse.already_in,
    "stats": stats.stats,
    "lang": language.choose,
}
# In a started game, whatever it is.
IN_GAME: dict[str, Handler] = {
    "say": talk.relay,
    "rules": rules.command,
    **HOST,
    "endgame": endgame.confirm,
    **IN_A_GAME,
    **{verb: refuse.lobby_only for verb in ("leave", "start", "bot")},
    "kick": watch.kick,  # a watcher only: players stay once the game has started
}
# After a game, whatever it was.
AFTER: dict[str, Handler] = {
    "say": talk.relay,
    "rematch": after.rematch,
    "rules": rules.command,
    "accept": after.accept,
    "new": nogame.create,
    "join": nogame.join,
    "watch": watch.watch,
    "stats": stats.stats,
    "lang": language.choose,
}


def parse_error_handler(where: str, error: ParseError) -> Handler:
    """A text that is almost a command: explained; NEW and JOIN get their usage. A near miss
    (only ever one whose rest fits a command the sender could use) asks "did you mean", with
    the command written out."""
    if error.code == NEAR_MISS:
        return parse_error
    if error.verb in ("new", "join", "watch") and where in (NO_GAME, AFTER_GAME):
        if error.verb == "join" and error.code == MISSING_ARG:
            return nogame.join_invited  # JOIN alone (or JOIN <code>) takes a rematch seat
        return nogame.usage
    if error.verb in ("new", "join", "watch"):
        return refuse.already_in
    return nogame.introduce if where == NO_GAME else parse_error
