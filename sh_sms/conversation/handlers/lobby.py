"""The lobby: starting the game, leaving it, and the host removing someone."""

from __future__ import annotations

from ...botplay.plan import plan
from ...botplay.seats import bot_seats, people
from ...engine import Event, new_game
from ...engine.boards import MAX_PLAYERS, MIN_PLAYERS
from ...reminders.wait import track
from ...store import ACTIVE, ENDED, Player
from ...store.games import append_events, close_game, save_state
from ...text.commands import Command
from ...text.messages import event_text, step_texts
from ...text.players import ResolveError, resolve_player
from ..replies import unknown_player
from ..turn import Turn

BOT_WORDS = frozenset({"bot", "bots"})  # KICK BOT: the last computer player added


def start(turn: Turn, _command: Command) -> None:
    """START: deal the roles and open the first round (the host, with 5-10 players)."""
    players = turn.players
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        turn.reply("lobby/need_players", count=len(players), least=MIN_PLAYERS, code=turn.game.code)
        return
    state, events = new_game([p.name for p in players], turn.game.seed)
    turn.game.status = ACTIVE
    turn.state = state
    save_state(turn.game, state, turn.now)
    clock = track(turn.session, turn.game, state, turn.now, turn.settings)
    plan(clock, players, None, state, events, turn.now, turn.settings)
    started = Event("started", None, {"code": turn.game.code, "players": len(players)})
    append_events(turn.session, turn.game, [started, *events], turn.now)
    texts = step_texts(None, state, events)
    opening = event_text(started, state.names)
    for p in players:
        turn.mail.add(p.number, opening)
        for text in texts[p.seat]:
            turn.mail.add(p.number, text)


def leave(turn: Turn, _command: Command) -> None:
    """LEAVE: take the sender out of the lobby."""
    _remove(turn, turn.player, kicked=False)
    turn.reply("lobby/you_left", code=turn.game.code)


def kick(turn: Turn, command: Command) -> None:
    """KICK <player>: the host takes someone out of the lobby (KICK BOT: the last bot added)."""
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    names = turn.names
    seat = resolve_player(command.arg, names, bot_seats(turn.players))
    if isinstance(seat, ResolveError) and command.arg.casefold() in BOT_WORDS:
        seat = next((p.seat for p in reversed(turn.players) if p.is_bot), seat)
    if isinstance(seat, ResolveError):
        unknown_player(turn, command.arg, seat, names)
        return
    target = turn.players[seat]
    if target.id == turn.player.id:
        turn.reply("lobby/kick_self")
        return
    _remove(turn, target, kicked=True)
    if not target.is_bot:
        turn.mail.say(target.number, "lobby/kicked", code=turn.game.code)


def not_started(turn: Turn, _command: Command) -> None:
    """A game move in a lobby: it has not started yet."""
    turn.reply("lobby/not_started", code=turn.game.code, count=len(turn.players))


def _remove(turn: Turn, leaving: Player, kicked: bool) -> None:
    """Take a member out of the lobby; the host role passes to the next person; a lobby with no
    person left closes (computer players cannot host)."""
    rest = [p for p in turn.players if p.id != leaving.id]
    turn.session.delete(leaving)
    turn.players = rest
    if not people(rest):
        close_game(turn.game, rest, ENDED, turn.now)
        return
    new_host = None
    if leaving.is_host:
        new_host = people(rest)[0]
        new_host.is_host = True
    for seat, p in enumerate(rest):
        p.seat = seat
    for p in people(rest):
        turn.mail.say(
            p.number,
            "lobby/someone_left",
            name=leaving.name,
            host=new_host.name if new_host else None,
            count=len(rest),
            kicked=kicked,
        )
