"""Districts games (docs/districts.md) through POST /sms: a lobby picks the preset by text, the
people text their moves, the bot job and the reminders job run as the worker would, on the fake
clock (never a sleep).

`districts_lobby` opens a lobby of people and bots and picks RULES DISTRICTS; `drive` plays a
started game to its end: whenever the game waits on a person, that person texts the move their
seat's strategy chooses (from their own view and the events their seat saw, as a bot would);
whenever it waits on nobody (a district split, the timer running), the clock moves past the
timer and the reminders job runs; after every text the clock moves one bot pause and the bot
job runs once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from harness import CODE_IN_REPLY, Delivery, Table
from sqlmodel import Session

from sh_sms.botplay import job as bot_job
from sh_sms.games.districts.bots import decide
from sh_sms.games.districts.engine import DistrictsState, awaiting, can_start_timer, player_view
from sh_sms.games.districts.engine.state import VOTE
from sh_sms.games.districts.text.commands import command_for
from sh_sms.reminders import job as reminders_job
from sh_sms.store import ACTIVE
from sh_sms.store.games import seat_events

PAUSE_SECONDS = 5  # the default of SET BOTSPEED


def districts_lobby(
    table: Table, people: list[str], bots: int, seed: int, timer: int | None = None
) -> str:
    """A lobby of `people` (the first hosts) and `bots` computer players that picked the
    districts game by text (and its timer, in minutes); return the code."""
    host = table.phone(people[0])
    out = host.send(f"NEW {people[0]}")
    code = CODE_IN_REPLY.search(out.reply or "").group(1)
    for name in people[1:]:
        table.phone(name).send(f"JOIN {code} {name}")
    if bots:
        host.send(f"BOT {bots}" if bots > 1 else "BOT")
    table.set_seed(code, seed)
    out = host.send("RULES DISTRICTS")
    assert set(out) == set(people) and out.reply.startswith("Districts:"), out
    if timer is not None:
        out = host.send(f"RULES TIMER {timer}")
        assert f"timer {timer} min" in out.reply, out.reply
    return code


@dataclass
class Played:
    """What `drive` saw: every delivery, and how many texts each kind of move took."""

    deliveries: list[Delivery] = field(default_factory=list)
    moves: dict[str, int] = field(default_factory=dict)
    timers: int = 0  # TIMER texts sent by a person
    clock_runs: int = 0  # times the timer had to run out


OnStep = Callable[[Delivery, DistrictsState, DistrictsState], None]


def drive(
    table: Table,
    code: str,
    seed: int,
    on_step: OnStep | None = None,
    max_steps: int = 3000,
) -> tuple[DistrictsState, Played]:
    """Play a started districts game to its end (see the module docstring)."""
    players = table.players(code)
    bots = {p.seat for p in players if p.is_bot}
    pick = random.Random(seed)
    played = Played()
    idle = 0
    for _ in range(max_steps):
        game = table.game(code)
        state = table.state(code)
        if game.status != ACTIVE:
            return state, played
        people = [seat for seat in awaiting(state) if seat not in bots]
        timer_by = _timer_sender(state, bots, pick)
        if timer_by is not None:
            _text(table, code, state, timer_by, "TIMER", played, on_step)
            played.timers += 1
        elif people:
            seat = pick.choice(people)
            action = _choose(table, game.id, state, seat)
            view = player_view(state, seat)
            text = command_for(action.kind, action.arg, state.names, view["hand"])
            _text(table, code, state, seat, text, played, on_step)
            played.moves[action.kind] = played.moves.get(action.kind, 0) + 1
        elif not (set(awaiting(state)) & bots):
            _run_out(table, code, state, played, on_step)
        before = table.state(code)
        version = table.game(code).version
        table.clock.advance(seconds=PAUSE_SECONDS)
        delivery = table.run_job(bot_job.run_due, "bot job")
        _seen(played, on_step, delivery, before, table.state(code))
        moved = table.game(code).version != version
        idle = 0 if people or moved or timer_by is not None else idle + 1
        assert idle < 4, f"the game waits on nobody who moves: {table.state(code).phase}"
    raise AssertionError(f"game {code} did not end in {max_steps} steps")


def _timer_sender(state: DistrictsState, bots: set[int], pick: random.Random) -> int | None:
    """Now and then a person in the capitol starts the timer while a district still votes."""
    if state.phase != VOTE or state.timer_ends is not None or pick.random() > 0.15:
        return None
    senders = [s for s in state.in_capitol() if s not in bots and can_start_timer(state, s)]
    return senders[0] if senders else None


def _choose(table: Table, game_id: int, state: DistrictsState, seat: int):
    """The move a person makes: their seat's strategy, from their view and what they saw."""
    with Session(table.engine) as session:
        history = seat_events(session, game_id, seat)
    action = decide(player_view(state, seat), history)
    assert action is not None, (state.phase, seat)
    return action


def _text(table, code, state, seat, text, played, on_step) -> None:
    version = table.game(code).version
    delivery = table.seat(code, seat).send(text)
    after = table.state(code)
    assert table.game(code).version == version + 1, (state.names[seat], text, delivery.reply)
    _seen(played, on_step, delivery, state, after)


def _run_out(table: Table, code: str, state: DistrictsState, played: Played, on_step) -> None:
    """Nobody is left to answer: move the clock past the timer and run the reminders job."""
    assert state.phase == VOTE and state.timer_ends is not None, (state.phase, state.timer_ends)
    ends = datetime.fromtimestamp(state.timer_ends, UTC)
    if table.clock.now < ends:
        table.clock.now = ends
    delivery = table.run_job(reminders_job.run_due, "reminders job")
    played.clock_runs += 1
    _seen(played, on_step, delivery, state, table.state(code))


def _seen(played: Played, on_step, delivery: Delivery, before, after) -> None:
    played.deliveries.append(delivery)
    if on_step is not None and after is not None:
        on_step(delivery, before, after)
