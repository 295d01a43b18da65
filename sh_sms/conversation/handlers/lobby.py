"""The lobby: starting the game, leaving it, and the host removing someone."""

from __future__ import annotations

from ... import houserules
from ...store import ENDED, Player
from ...store.games import close_game
from ...table.seats import bot_seats, people
from ...table.turn import Turn
from ...table.watching import end_watch, kick_watcher
from ...text.commands import Command
from ...text.players import ResolveError, resolve_player
from ..limits import bar_from_lobby, host_notice
from ..replies import help_reply, problem_text, unknown_player

BOT_WORDS = frozenset({"bot", "bots"})  # KICK BOT: the last computer player added


def start(turn: Turn, _command: Command) -> None:
    """START: the host, with as many players as the lobby's game seats, deals it."""
    players = turn.players
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    least, most = turn.kind.seats
    if not least <= len(players) <= most:
        turn.reply("lobby/need_players", count=len(players), least=least, code=turn.game.code)
        return
    choice = houserules.Choice.from_json(turn.game.house_rules)
    refused, at_this_size = houserules.check(choice, len(players))
    found = refused + at_this_size
    if found:
        turn.reply("rules/cannot_start", problem=problem_text(found[0]))
        return
    turn.kind.start(turn, choice)


def info(turn: Turn, _command: Command) -> None:
    """STATUS, ROLE, HAND, WHO or LOG before the game starts: who is in the lobby."""
    code, you = turn.game.code, turn.player.seat
    turn.reply("info/lobby", code=code, names=turn.names, host=turn.host.seat, you=you)


def help_text(turn: Turn, command: Command) -> None:
    """HELP in a lobby: the commands that matter there; HELP <command>: that one."""
    help_reply(turn, command.arg, "lobby")


def leave(turn: Turn, _command: Command) -> None:
    """LEAVE: take the sender out of the lobby."""
    _remove(turn, turn.player, kicked=False)
    turn.reply("lobby/you_left", code=turn.game.code)


def kick(turn: Turn, command: Command) -> None:
    """KICK <player>: the host takes someone out of the lobby, who may not join it again (KICK
    BOT: the last computer player added, never a person)."""
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    seat = _kick_target(turn, command.arg)
    if seat is None:
        return
    target = turn.players[seat]
    if target.id == turn.player.id:
        turn.reply("lobby/kick_self")
        return
    if not target.is_bot:
        bar_from_lobby(turn, turn.game, target.number)
    _remove(turn, target, kicked=True, tell_all=host_notice(turn))
    if not target.is_bot:
        turn.mail.say(target.number, "lobby/kicked", code=turn.game.code)


def _kick_target(turn: Turn, ref: str) -> int | None:
    """The seat KICK means (BOT: the last bot added), or None once the host is told why none."""
    if ref.casefold() in BOT_WORDS:
        seat = next((p.seat for p in reversed(turn.players) if p.is_bot), None)
        if seat is None:
            turn.reply("lobby/no_bot")
        return seat
    seat = resolve_player(ref, turn.names, bot_seats(turn.players))
    if isinstance(seat, ResolveError) and kick_watcher(turn, ref):
        return None  # a watcher's name (Watcher1...), no player's
    if isinstance(seat, ResolveError):
        unknown_player(turn, ref, seat, turn.names)
        return None
    return seat


def not_started(turn: Turn, _command: Command) -> None:
    """A game move in a lobby: it has not started yet."""
    turn.reply("lobby/not_started", code=turn.game.code, count=len(turn.players))


def _remove(turn: Turn, leaving: Player, kicked: bool, tell_all: bool = True) -> None:
    """Take a member out of the lobby; the host role passes to the next person; a lobby with no
    person left closes (computer players cannot host). `tell_all` False: only the sender hears
    of it (the host's changes were told often enough this hour)."""
    rest = [p for p in turn.players if p.id != leaving.id]
    turn.session.delete(leaving)
    turn.players = rest
    if not people(rest):
        close_game(turn.game, rest, ENDED, turn.now)
        end_watch(turn)  # its watchers are told the game is over
        return
    new_host = None
    if leaving.is_host:
        new_host = people(rest)[0]
        new_host.is_host = True
    for seat, p in enumerate(rest):
        p.seat = seat
    for p in people(rest) if tell_all else [turn.player]:
        turn.mail.say(
            p.number,
            "lobby/someone_left",
            name=leaving.name,
            host=new_host.name if new_host else None,
            you=new_host is not None and p.id == new_host.id,
            count=len(rest),
            kicked=kicked,
        )
