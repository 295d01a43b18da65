"""People texting `conversation.receive` directly, bots seated by BOT, a fake clock, and the bot
job and the reminder job run at will (as the worker runs them).

`text`, `bots` and `reminders` return what they caused: person -> the one body they were sent.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import Session, col, func, select

from sh_sms.botplay import job as bot_job
from sh_sms.config import Settings
from sh_sms.conversation.receive import receive
from sh_sms.gamekind import registry
from sh_sms.games.standard.engine import GameState
from sh_sms.reminders import job as reminder_job
from sh_sms.store import Game, GameClock, GameEvent, Outbox, Player, outbox_after, transaction
from sh_sms.store.games import load_state, roster, save_state
from sh_sms.table import wait
from sh_sms.table.plan import plan
from sh_sms.text.gsm import is_gsm7
from sh_sms.text.numbers import BOT_PREFIX

PEOPLE = ["Ana", "Bob", "Cy", "Dee", "Eve"]
NOON = datetime(2026, 6, 10, 16, 0, tzinfo=UTC)  # noon in New York: far from quiet hours
PAUSE = timedelta(seconds=5)  # the default bot pause


def settings_for(url: str, **overrides) -> Settings:
    """The defaults (not the environment's) on the test database."""
    return dataclasses.replace(Settings(database_url=url), **overrides)


class Phones:
    """People texting one service; `now` is the fake clock of every text and job run."""

    def __init__(self, engine: Engine, settings: Settings, now: datetime = NOON) -> None:
        self.engine = engine
        self.settings = settings
        self.now = now
        self.numbers = {name: f"+1555020{i + 1:04d}" for i, name in enumerate(PEOPLE)}
        self.names = {number: name for name, number in self.numbers.items()}
        self.last_id = 0
        self.code: str | None = None
        self._sids = 0

    def at(self, **delta: float) -> datetime:
        """The clock moved on by `delta`."""
        self.now += timedelta(**delta)
        return self.now

    def text(self, name: str, body: str) -> dict[str, str]:
        """`name` texts `body` now; return what it caused."""
        self._sids += 1
        receive(self.engine, self.settings, self.numbers[name], body, f"SM{self._sids}", self.now)
        return self.new()

    def bots(self, now: datetime | None = None, engine: Engine | None = None) -> dict[str, str]:
        """Run the bot job once at `now` (default: the clock); return what it sent."""
        bot_job.run_due(engine or self.engine, self.settings, now or self.now)
        return self.new()

    def reminders(self, now: datetime | None = None) -> dict[str, str]:
        """Run the reminder job once at `now` (default: the clock); return what it sent."""
        reminder_job.run_due(self.engine, self.settings, now or self.now)
        return self.new()

    def new(self) -> dict[str, str]:
        """Bodies queued since the last look, by person (at most one each)."""
        with Session(self.engine) as session:
            rows = outbox_after(session, self.last_id)
        if rows:
            self.last_id = rows[-1].id
        out: dict[str, str] = {}
        for row in rows:
            name = self.names[row.to_number]  # a KeyError here: a text to nobody we know
            assert name not in out, f"two texts for {name} in one step: {rows}"
            assert is_gsm7(row.body), row.body
            out[name] = row.body
        return out

    # -- games -------------------------------------------------------------------------------

    def lobby(self, people: int = 1, bots: int = 4, seed: int = 7, before: tuple = ()) -> str:
        """A lobby of the first `people` names (Ana hosts) and `bots` bots; return its code."""
        out = self.text("Ana", "NEW Ana")
        self.code = out["Ana"].split()[1]
        for name in PEOPLE[1:people]:
            self.text(name, f"JOIN {self.code} {name}")
        self.text("Ana", f"BOT {bots}")
        with transaction(self.engine) as session:
            session.exec(select(Game).where(Game.code == self.code)).one().seed = seed
        for body in before:
            self.text("Ana", body)
        self.new()
        return self.code

    def start(self, people: int = 1, bots: int = 4, seed: int = 7, before: tuple = ()) -> str:
        """A started game of people and bots; return its code."""
        self.lobby(people, bots, seed, before)
        out = self.text("Ana", "START")
        assert set(out) == set(PEOPLE[:people]), out
        return self.code

    def game(self) -> Game:
        with Session(self.engine) as session:
            return session.exec(select(Game).where(Game.code == self.code)).one()

    def state(self) -> GameState:
        return load_state(self.game())

    def clock(self) -> GameClock:
        with Session(self.engine) as session:
            return session.get(GameClock, self.game().id)

    def players(self) -> list[Player]:
        with Session(self.engine) as session:
            return roster(session, self.game().id)

    def events(self, kind: str) -> list[GameEvent]:
        with Session(self.engine) as session:
            query = select(GameEvent).where(GameEvent.game_id == self.game().id)
            return list(session.exec(query.where(GameEvent.kind == kind)))

    def inbox(self, name: str) -> list[str]:
        """Every line `name` was sent so far, read again from the outbox."""
        with Session(self.engine) as session:
            rows = session.exec(select(Outbox).where(Outbox.to_number == self.numbers[name]))
            return [line for row in rows for line in row.body.splitlines()]

    def put_state(self, state: GameState) -> None:
        """Write a hand-built state into the game, as if it had just been reached now."""
        with transaction(self.engine) as session:
            game = session.exec(select(Game).where(Game.code == self.code)).one()
            save_state(game, state, self.now)
            clock = wait.track(session, game, state, self.now, self.settings)
            kind = registry.of(game)
            plan(kind, clock, roster(session, game.id), None, state, [], self.now, self.settings)

    def rig(self, **changes) -> GameState:
        """Change fields of the stored state; return the new state."""
        state = self.state().clone()
        for key, value in changes.items():
            assert hasattr(state, key), key
            setattr(state, key, value)
        self.put_state(state)
        return state


def wait_for_commit(predicate, timeout: float = 30.0) -> bool:
    """Wait until `predicate()` holds, checking it again after every commit in this process (a
    worker thread's), never sleeping on a guess."""
    committed = threading.Event()

    def wake(_session) -> None:
        committed.set()

    event.listen(OrmSession, "after_commit", wake)
    deadline = time.monotonic() + timeout
    try:
        while not predicate():
            if not committed.wait(max(0.0, deadline - time.monotonic())):
                return bool(predicate())
            committed.clear()
        return True
    finally:
        event.remove(OrmSession, "after_commit", wake)


def texts_to_bots(engine: Engine) -> int:
    """Outbox rows addressed to a computer player (there must never be any)."""
    with Session(engine) as session:
        query = select(func.count()).select_from(Outbox)
        return session.exec(query.where(col(Outbox.to_number).startswith(BOT_PREFIX))).one()
