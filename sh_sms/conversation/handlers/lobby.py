"""The lobby: starting the game, leaving it, and the host removing someone."""

from __future__ import annotations

from ... import houserules
from ...botplay.plan import plan
from ...botplay.seats import bot_seats, people
from ...games.standard.engine import Event, new_game
from ...games.standard.engine.boards import MAX_PLAYERS, MIN_PLAYERS
from ...games.standard.engine.ruleset import problems
from ...reminders.wait import track
from ...store import ACTIVE, ENDED, Player
from ...store.games import append_events, close_game, save_state
from ...text.commands import Command
from ...text.messages import event_text, fewest_segments
from ...text.players import ResolveError, resolve_player
from ...text.steps import step_texts
from ..districts_play import start as start_districts
from ..limits import bar_from_lobby, host_notice
from ..moves import in_room
from ..replies import problem_text, unknown_player
from ..turn import Turn

BOT_WORDS = frozenset({"bot", "bots"})  # KICK BOT: the last computer player added
# The first text's opening, fullest first: the roster, how many play, neither.
# The opening, fullest first: the roster, how many play, "HELP for commands", the code alone.
OPENINGS = ({}, {"hint": False}, {"bare": True}, {"bare": True, "terse": True})


def start(turn: Turn, _command: Command) -> None:
    """START: deal the roles and open the first round (the host, with 5-10 players)."""
    players = turn.players
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        turn.reply("lobby/need_players", count=len(players), least=MIN_PLAYERS, code=turn.game.code)
        return
    choice = houserules.Choice.from_json(turn.game.house_rules)
    if houserules.is_variant(choice):  # the districts game deals itself (issue 22)
        start_districts(turn, choice)
        return
    rules = houserules.resolve(choice, len(players))
    found = problems(rules, len(players))
    if found:
        turn.reply("rules/cannot_start", problem=problem_text(found[0]))
        return
    state, events = new_game([p.name for p in players], turn.game.seed, rules=rules)
    turn.game.status = ACTIVE
    turn.state = state
    save_state(turn.game, state, turn.now)
    clock = track(turn.session, turn.game, state, turn.now, turn.settings)
    plan(clock, players, None, state, events, turn.now, turn.settings)
    room = in_room(clock, state.round)
    facts = {"code": turn.game.code, "players": len(players), "room": room}
    started = Event("started", None, facts)
    append_events(turn.session, turn.game, [started, *events], turn.now)
    texts = step_texts(None, state, events, room=room)
    # Without "Round 1: X is the candidate" (X's nomination, moments later, says it again).
    lean = step_texts(None, state, [e for e in events if e.kind != "round"], room=room)
    rules = state.ruleset  # the opening says what house rules change
    for p in players:
        openings = [  # the roster if it fits (the reader marked), else how many play, else less
            event_text(started, state.names, you=p.seat, rules=rules, **fullness)
            for fullness in OPENINGS
        ]
        tries = [[o, *rest] for o in openings for rest in (texts[p.seat], lean[p.seat])]
        for text in fewest_segments(tries):
            turn.mail.add(p.number, text)


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
