"""Phones that text `conversation.receive` directly, a fake clock, and the reminder job run at will.

`Table.text` and `Table.run` return what they caused: phone name -> the one body it was sent.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from sh_sms.config import Settings
from sh_sms.conversation.receive import receive
from sh_sms.games.standard.engine import GameState
from sh_sms.reminders import job
from sh_sms.store import Game, GameClock, outbox_after, transaction
from sh_sms.store.games import load_state, save_state
from sh_sms.table import wait
from sh_sms.text.gsm import is_gsm7

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
# Noon in New York on a summer day: far from quiet hours.
NOON = datetime(2026, 6, 10, 16, 0, tzinfo=UTC)


def settings_for(url: str, **overrides) -> Settings:
    """The defaults of SMS.md (not the environment's) on the test database."""
    return dataclasses.replace(Settings(database_url=url), **overrides)


class Table:
    """Players texting one service; `now` is the fake clock every text and job run uses."""

    def __init__(self, engine: Engine, settings: Settings, now: datetime = NOON) -> None:
        self.engine = engine
        self.settings = settings
        self.now = now
        self.numbers = {name: f"+1555010{i + 1:04d}" for i, name in enumerate(NAMES)}
        self.names = {number: name for name, number in self.numbers.items()}
        self.last_id = 0
        self.code: str | None = None
        self._sids = 0

    # -- time and texts ----------------------------------------------------------------------

    def at(self, **delta: float) -> datetime:
        """The clock moved on by `delta` (it never goes back)."""
        self.now += timedelta(**delta)
        return self.now

    def text(self, name: str, body: str) -> dict[str, str]:
        """`name` texts `body` now; return what it caused."""
        self._sids += 1
        receive(self.engine, self.settings, self.numbers[name], body, f"SM{self._sids}", self.now)
        return self.new()

    def run(self, now: datetime | None = None, engine: Engine | None = None) -> dict[str, str]:
        """Run the reminder job once at `now` (default: the clock); return what it sent."""
        job.run_due(engine or self.engine, self.settings, now or self.now)
        return self.new()

    def new(self) -> dict[str, str]:
        """Bodies queued since the last look, by phone name (at most one per phone)."""
        with Session(self.engine) as session:
            rows = outbox_after(session, self.last_id)
        if rows:
            self.last_id = rows[-1].id
        out: dict[str, str] = {}
        for row in rows:
            name = self.names[row.to_number]
            assert name not in out, f"two texts for {name} in one step: {rows}"
            assert is_gsm7(row.body), row.body
            out[name] = row.body
        return out

    # -- games -------------------------------------------------------------------------------

    def start(self, players: int = 5, seed: int = 7, before_start: list[str] = ()) -> str:
        """A started game of the first `players` names (Ana hosts); return its code."""
        out = self.text("Ana", "NEW Ana")
        self.code = out["Ana"].split()[1]
        for name in NAMES[1:players]:
            self.text(name, f"JOIN {self.code} {name}")
        with transaction(self.engine) as session:
            session.exec(select(Game).where(Game.code == self.code)).one().seed = seed
        for body in before_start:
            self.text("Ana", body)
        self.new()
        out = self.text("Ana", "START")
        assert len(out) == players, out
        return self.code

    def game(self) -> Game:
        with Session(self.engine) as session:
            return session.exec(select(Game).where(Game.code == self.code)).one()

    def state(self) -> GameState:
        return load_state(self.game())

    def clock(self) -> GameClock:
        with Session(self.engine) as session:
            return session.get(GameClock, self.game().id)

    def seat(self, seat: int) -> str:
        """The name of the player in `seat` (join order is seat order)."""
        return NAMES[seat]

    def put_state(self, state: GameState) -> None:
        """Write a hand-built engine state into the game, as if it had just been reached now."""
        with transaction(self.engine) as session:
            game = session.exec(select(Game).where(Game.code == self.code)).one()
            save_state(game, state, self.now)
            wait.track(session, game, state, self.now, self.settings)
