"""A districts game at the table (docs/districts.md): START deals it, a move is applied by its
rules (the timer starts by itself when nobody is left to answer: docs/districts.md, "When the
timer starts by itself"), a refused move is explained. The table's one pipeline
(`sh_sms.table.play`) stores and tells each step."""

from __future__ import annotations

from datetime import datetime

from ...houserules import Choice
from ...store import ACTIVE
from ...store.games import save_state
from ...table.play import stepped
from ...table.turn import Turn
from .engine import SYSTEM, Action, DistrictsState, Event, apply, awaiting, can_start_timer
from .engine import new_game as deal
from .engine.actions import TIMEOUT
from .params import table_rules
from .text.wording import refusal_text


def epoch(now: datetime) -> int:
    """The engine's time: whole seconds since the epoch (only the timer reads it)."""
    return int(now.timestamp())


def start(turn: Turn, choice: Choice) -> None:
    """START with the districts preset: deal the alignment cards and ask everyone to settle."""
    names = [p.name for p in turn.players]
    state, events = deal(names, turn.game.seed, table_rules(choice) or None)
    turn.game.status = ACTIVE
    save_state(turn.game, state, turn.now)
    stepped(turn, None, state, events)


def step(
    state: DistrictsState, seat: int | None, action: Action, now: datetime
) -> tuple[DistrictsState, list[Event]]:
    """The rules' next state; when a district is still voting, the timer is not running, and
    every player of every district still voting has voted (nobody left to answer), the timer
    starts at once: the game never waits on nobody."""
    moment = epoch(now)
    after, events = apply(state, SYSTEM if seat is None else seat, action, moment)
    if not awaiting(after) and can_start_timer(after, SYSTEM):
        after, more = apply(after, SYSTEM, Action(TIMEOUT), moment)
        events = [*events, *more]
    return after, events


def refuse(turn: Turn, code: str, **context) -> None:
    """A districts refusal (sh_sms.games.districts.text: its codes) for the sender."""
    state = turn.state
    turn.mail.add(turn.number, refusal_text(code, state.names, state.rules, **context))
