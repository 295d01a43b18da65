"""The host's tools: SET and SETTINGS (reminders, quiet hours, time zone, deadline, the computer
players' pause, room mode), and REMIND, PAUSE and RESUME for a game that is stuck. Every change
is told to the whole table.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from ...quiet import next_allowed
from ...reminders.nudge import remind
from ...store import GameClock
from ...table.links import board_url
from ...table.options import Policy, describe, policy
from ...table.plan import pause
from ...table.turn import Turn
from ...table.wait import begin_wait, clock_for, schedule, set_deadline, wait_key
from ...table.watching import end_all
from ...text.commands import Command
from ...text.languages import ENGLISH
from ...text.messages import naming, render, thriftiest
from ...text.setwords import OFF, ON
from ..limits import host_notice

SETTERS = frozenset(
    {"set_nudge", "set_quiet", "set_tz", "set_deadline", "set_botspeed", "set_room", "set_watch"}
    | {"set_lang"}
)
HOST_VERBS = SETTERS | {"settings", "remind", "pause", "resume"}


def command(turn: Turn, command: Command) -> None:
    """One of HOST_VERBS from a member of a lobby or of a started game."""
    verb = command.verb
    clock = clock_for(turn.session, turn.game.id)
    if verb == "settings":  # anyone may look; the SET words when they cost no segment
        values = {"code": turn.game.code, "paused": clock.paused, **_values(turn, clock)}
        told = [render("host/settings", words=words, **values) for words in (True, False)]
        turn.mail.add(turn.number, thriftiest(told, []))
        return
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    if verb in SETTERS:
        before = _values(turn, clock)
        _set(turn, clock, verb, command.arg)
        after = _values(turn, clock)
        _announce(
            turn,
            "host/changed",
            unchanged=after == before,
            setting=verb,
            code=turn.game.code,
            **after,
        )
    elif turn.state is None:
        turn.reply("host/not_started", code=turn.game.code, verb=verb)
    elif verb == "remind":
        _remind(turn, clock)
    elif verb == "pause":
        _pause(turn, clock)
    else:
        _resume(turn, clock)


def _announce(turn: Turn, template: str, *, unchanged: bool = False, **context) -> None:
    """Tell the table what the host did: unless it changed nothing (then only the host hears),
    or the table has heard of enough changes this hour (`limits.host_notice`)."""
    mine = render(template, host=turn.player.name, you=True, unchanged=unchanged, **context)
    if unchanged:
        turn.reply("limits/unchanged", text=mine)
        return
    turn.mail.add(turn.number, mine)  # the host reads "You set...", the table "Ana set..."
    if host_notice(turn):
        others = [p.number for p in turn.players if p.id != turn.player.id]
        facts = {"host": turn.player.name, "you": False, "unchanged": False, **context}
        turn.mail.add_each(others, lambda: render(template, **facts))


def _values(turn: Turn, clock: GameClock) -> dict:
    botspeed = int(pause(clock, turn.settings).total_seconds())
    room = {
        "room_from": clock.room_from,
        "round": turn.state.round if turn.state else 0,
        "board": board_url(turn.settings, turn.game.code),
    }
    watch = {"on": not clock.watch_off, "count": clock.watchers}
    return describe(policy(clock, turn.settings)) | {
        "botspeed": botspeed,
        "room": room,
        "watch": watch,
        "lang": turn.game.lang or ENGLISH,
    }


def _set(turn: Turn, clock: GameClock, verb: str, value: str) -> None:
    """Store one setting; the game's next reminder or deadline moves accordingly."""
    if verb == "set_nudge":
        clock.nudge_minutes = 0 if value == OFF else int(value)
    elif verb == "set_quiet":
        clock.quiet_hours = value
    elif verb == "set_tz":
        clock.timezone = value
    elif verb == "set_room":
        _set_room(turn, clock, value == ON)
    elif verb == "set_watch":
        _set_watch(turn, clock, value == ON)
    elif verb == "set_lang":
        turn.game.lang = value  # the default of those who have not chosen their own
    elif verb == "set_botspeed":
        clock.bot_seconds = int(value)
        if clock.bot_due_at is not None:  # a bot about to move waits no longer than the new pause
            clock.bot_due_at = min(clock.bot_due_at, turn.now + pause(clock, turn.settings))
    else:
        set_deadline(clock, None if value == OFF else int(value), turn.now)
    schedule(clock, policy(clock, turn.settings))


def _set_room(turn: Turn, clock: GameClock, on: bool) -> None:
    """Room mode on: from the start, or in a started game from the next round (texts of this
    round were sent already); off: at once. Switching it on again keeps an earlier start."""
    if not on:
        clock.room_from = None
    elif clock.room_from is None:
        clock.room_from = turn.state.round + 1 if turn.state is not None else 1


def _set_watch(turn: Turn, clock: GameClock, on: bool) -> None:
    """SET WATCH ON lets numbers in no game WATCH; OFF ends every watch at once."""
    clock.watch_off = not on
    if not on and clock.watchers:
        code = turn.game.code
        text = turn.per_language(lambda: render("watch/closed", code=code))
        end_all(turn.session, turn.mail, turn.game, clock, text)


def _remind(turn: Turn, clock: GameClock) -> None:
    """Remind the players the game waits on now, at most once per REMIND_EVERY_SECONDS."""
    every = timedelta(seconds=turn.settings.remind_every_seconds)
    last = clock.last_remind_at
    if last is not None and turn.now < last + every:
        minutes = math.ceil((last + every - turn.now).total_seconds() / 60)
        turn.reply("host/remind_wait", minutes=minutes)
        return
    state = turn.state
    deadline = _deadline(clock, turn)
    seats = remind(turn.mail, turn.kind, turn.game.code, state, turn.players, turn.now, deadline)
    clock.last_remind_at = turn.now
    turn.reply("host/reminded", seats=seats, **naming(state.names, you=turn.player.seat))


def _deadline(clock: GameClock, turn: Turn) -> datetime | None:
    if clock.deadline_at is None or clock.paused:
        return None
    rules: Policy = policy(clock, turn.settings)
    return next_allowed(clock.deadline_at, rules.quiet, rules.zone)


def _pause(turn: Turn, clock: GameClock) -> None:
    """No reminders and no deadline until RESUME; players may still play."""
    if clock.paused:
        turn.reply("host/already_paused")
        return
    clock.paused = True
    schedule(clock, policy(clock, turn.settings))
    _announce(turn, "host/paused")


def _resume(turn: Turn, clock: GameClock) -> None:
    """Reminders and the deadline start again, counted from now."""
    if not clock.paused:
        turn.reply("host/not_paused")
        return
    clock.paused = False
    begin_wait(clock, wait_key(turn.game, turn.state), turn.now, policy(clock, turn.settings))
    _announce(turn, "host/resumed")
