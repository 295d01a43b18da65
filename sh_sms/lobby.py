"""The lobby: opening a game, joining, leaving, kicking, starting and ending it."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from . import host, info, reminders, talk
from .commands import Command, ParseError
from .engine import Event, GameState, new_game
from .engine.boards import MAX_PLAYERS, MIN_PLAYERS
from .games import append_events, close_game, find_game, new_code, roster, save_state
from .messages import event_text, step_texts
from .players import ResolveError, resolve_player
from .store import ACTIVE, ENDED, LOBBY, Game, Player, lock_game

if TYPE_CHECKING:
    from .service import Turn


def create(turn: Turn, name: str) -> None:
    """NEW <name>: open a lobby with the sender as host."""
    game = Game(
        code=new_code(turn.session),
        seed=secrets.randbits(31),
        created_at=turn.now,
        updated_at=turn.now,
    )
    turn.session.add(game)
    turn.session.flush()
    turn.game = game
    _seat(turn, game, name, seat=0, host=True)
    turn.reply("lobby/created", code=game.code, name=name)


def join(turn: Turn, code: str, name: str) -> None:
    """JOIN <code> <name>: take the next seat in an open lobby."""
    found = find_game(turn.session, code)
    game = lock_game(turn.session, found.id) if found else None
    if game is None or game.status not in (LOBBY, ACTIVE):
        turn.reply("lobby/no_such_game", code=code)
        return
    if game.status != LOBBY:
        turn.reply("lobby/already_started", code=game.code)
        return
    players = roster(turn.session, game.id)
    if len(players) >= MAX_PLAYERS:
        turn.reply("lobby/full", code=game.code, most=MAX_PLAYERS)
        return
    if any(p.name_key == name.casefold() for p in players):
        turn.reply("lobby/name_taken", name=name, code=game.code)
        return
    turn.game = game
    _seat(turn, game, name, seat=len(players), host=False)
    names = [p.name for p in players] + [name]
    turn.reply("lobby/joined", code=game.code, names=names, host=players[0].name)
    for other in players:
        turn.mail.say(other.number, "lobby/someone_joined", name=name, count=len(names))


def _seat(turn: Turn, game: Game, name: str, seat: int, host: bool) -> Player:
    player = Player(
        game_id=game.id,
        number=turn.number,
        open_number=turn.number,
        name=name,
        name_key=name.casefold(),
        seat=seat,
        is_host=host,
        joined_at=turn.now,
    )
    turn.session.add(player)
    turn.session.flush()
    return player


def in_lobby(turn: Turn, player: Player, command: Command | ParseError) -> None:
    """Any text from a member of a lobby."""
    players = roster(turn.session, turn.game.id)
    if isinstance(command, ParseError):
        info.parse_error(turn, command)
        return
    handler = _LOBBY_COMMANDS.get(command.verb)
    if handler is not None:
        handler(turn, player, players, command)
    elif command.verb == "say":
        talk.relay(turn, player, players, command.arg, state=None)
    elif command.verb in info.INFO_VERBS:
        info.answer(turn, player, players, command, state=None)
    elif command.verb in host.HOST_VERBS:
        host.command(turn, player, players, command, state=None)
    elif command.verb in ("new", "join"):
        turn.reply("lobby/already_in", code=turn.game.code)
    else:
        turn.reply("lobby/not_started", code=turn.game.code, count=len(players))


def _start(turn: Turn, player: Player, players: list[Player], _command: Command) -> None:
    if not player.is_host:
        turn.reply("lobby/host_only", host=_host(players).name)
        return
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        turn.reply("lobby/need_players", count=len(players), least=MIN_PLAYERS)
        return
    state, events = new_game([p.name for p in players], turn.game.seed)
    turn.game.status = ACTIVE
    save_state(turn.game, state, turn.now)
    reminders.track(turn.session, turn.game, state, turn.now, turn.settings)
    started = Event("started", None, {"code": turn.game.code, "players": len(players)})
    append_events(turn.session, turn.game, [started, *events], turn.now)
    texts = step_texts(None, state, events)
    opening = event_text(started, state.names)
    for p in players:
        turn.mail.add(p.number, opening)
        for text in texts[p.seat]:
            turn.mail.add(p.number, text)


def _leave(turn: Turn, player: Player, players: list[Player], _command: Command) -> None:
    _remove(turn, player, players)
    turn.reply("lobby/you_left", code=turn.game.code)


def _kick(turn: Turn, player: Player, players: list[Player], command: Command) -> None:
    if not player.is_host:
        turn.reply("lobby/host_only", host=_host(players).name)
        return
    seat = resolve_player(command.arg, [p.name for p in players])
    if isinstance(seat, ResolveError):
        info.unknown_player(turn, command.arg, seat, [p.name for p in players])
        return
    target = players[seat]
    if target.id == player.id:
        turn.reply("lobby/kick_self")
        return
    _remove(turn, target, players)
    turn.mail.say(target.number, "lobby/kicked", code=turn.game.code)


def _remove(turn: Turn, leaving: Player, players: list[Player]) -> None:
    """Take a member out of the lobby; the host role passes on; an empty lobby closes."""
    rest = [p for p in players if p.id != leaving.id]
    turn.session.delete(leaving)
    if not rest:
        close_game(turn.game, [], ENDED, turn.now)
        return
    new_host = None
    for seat, p in enumerate(rest):
        p.seat = seat
        if leaving.is_host and seat == 0:
            p.is_host = True
            new_host = p.name
    for p in rest:
        turn.mail.say(
            p.number, "lobby/someone_left", name=leaving.name, host=new_host, count=len(rest)
        )


def _end(turn: Turn, player: Player, players: list[Player], command: Command) -> None:
    end_command(turn, player, players, command, state=None)


def end_command(
    turn: Turn, player: Player, players: list[Player], command: Command, state: GameState | None
) -> None:
    """END asks the host to confirm; END YES stops the game for everyone, revealing all roles."""
    if not player.is_host:
        turn.reply("lobby/host_only", host=_host(players).name)
        return
    if command.verb == "end":
        turn.reply("reply/end_confirm")
        return
    roles = list(state.roles) if state is not None else None
    close_game(turn.game, players, ENDED, turn.now)
    ended = Event("ended", None, {"roles": roles})
    append_events(turn.session, turn.game, [ended], turn.now)
    text = event_text(ended, [p.name for p in players])
    for p in players:
        turn.mail.add(p.number, text)


def _host(players: list[Player]) -> Player:
    return next(p for p in players if p.is_host)


_LOBBY_COMMANDS = {
    "start": _start,
    "leave": _leave,
    "kick": _kick,
    "end": _end,
    "end_yes": _end,
}
