"""WATCH <code> from a number in no game, LEAVE from a watcher, and the host's KICK of a
watcher once the game has started (`table.watching` keeps the watches)."""

from __future__ import annotations

from ...store import LOBBY, OPEN_STATUSES, Game, lock_game
from ...store.games import find_game
from ...table.turn import Turn
from ...table.wait import clock_for
from ...table.watching import add_watcher, kick_watcher, stop_watching, watch_of, watching
from ...text.commands import Command
from ..replies import host_only


def watch(turn: Turn, command: Command) -> None:
    """WATCH <code>: follow that game's public news, while its host allows it and it has room;
    a watch of another game ends."""
    found = find_game(turn.session, command.arg)
    game = lock_game(turn.session, found.id) if found else None
    if game is None or game.status not in OPEN_STATUSES:
        turn.reply("watch/no_game", code=command.arg)
        return
    clock = clock_for(turn.session, game.id)
    if clock.watch_off:
        turn.reply("watch/off", code=game.code)
        return
    mine = watch_of(turn.session, turn.number)
    if mine is not None and mine.game_id == game.id:
        turn.reply("watch/already", code=game.code, name=mine.name)
        return
    rows = watching(turn.session, game.id)
    if len(rows) >= turn.settings.watchers_max:
        turn.reply("watch/full", code=game.code, most=turn.settings.watchers_max)
        return
    if mine is not None:
        stop_watching(turn.session, mine)
        turn.session.flush()
    row = add_watcher(turn, game, clock, rows)
    turn.reply("watch/started", code=game.code, name=row.name, lobby=game.status == LOBBY)


def leave(turn: Turn, _command: Command) -> None:
    """LEAVE from a number in no game: the end of its watch, if it keeps one."""
    mine = watch_of(turn.session, turn.number)
    if mine is None:
        turn.reply("watch/none")
        return
    game = turn.session.get(Game, mine.game_id)
    stop_watching(turn.session, mine)
    turn.reply("watch/left", code=game.code)


def kick(turn: Turn, command: Command) -> None:
    """KICK during a game: only a watcher can be removed (players stay once it has started)."""
    if not host_only(turn):
        return
    if not kick_watcher(turn, command.arg):
        turn.reply("refuse/kick_in_game", code=turn.game.code)
