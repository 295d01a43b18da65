"""A bot at a real table decides from what its seat may know, through the worker's own path.

The bot job builds a bot's history from the `events` table (public rows and the seat's own, in
order: `games.seat_events`) and hands it, with the seat's view of the stored state, to the one
adapter `bot_table`. Here, at every moment of games played by text with the job moving the bots,
each bot's move and claim are worked out by the job's functions, then again after every hidden
fact of the stored state was shuffled (round one's `scramble`) and other seats' private events
were added to the table: nothing changes.
"""

from __future__ import annotations

import dataclasses
import json
import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, func, select
from test_bots_hidden import scramble

from sh_sms.botplay import job as bot_job
from sh_sms.config import Settings
from sh_sms.conversation.receive import receive
from sh_sms.games.standard import claims
from sh_sms.games.standard.engine import GameState, awaiting
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.state import OVER
from sh_sms.games.standard.textbot import action_text
from sh_sms.store import Game, GameEvent, transaction
from sh_sms.store.games import load_state, roster, seat_events

NOON = datetime(2026, 6, 10, 16, 0, tzinfo=UTC)
ANA = "+15550300001"
# What another seat might have seen: a hand, a discard, an investigation (all of them false).
OTHERS_SECRETS = (
    ("drawn", {"cards": ["L", "L", "L"]}),
    ("discarded", {"card": "L"}),
    ("handed", {"cards": ["L", "L"]}),
    ("investigation", {"target": 0, "party": "fascist"}),
    ("peek_cards", {"cards": ["F", "F", "F"]}),
)


class Game1:
    """Ana and some bots playing one game by text; the bot job run on a fake clock."""

    def __init__(self, engine, settings: Settings, bots: int, seed: int) -> None:
        self.engine, self.settings, self.now, self.sids = engine, settings, NOON, 0
        self.text("NEW Ana")
        self.text(f"BOT {bots}")
        with transaction(engine) as session:
            game = session.exec(select(Game)).one()
            game.seed, self.id = seed, game.id
        self.text("START")

    def text(self, body: str) -> None:
        self.sids += 1
        receive(self.engine, self.settings, ANA, body, f"SM{self.sids}", self.now)

    def state(self) -> GameState:
        with Session(self.engine) as session:
            return load_state(session.get(Game, self.id))

    def bots(self) -> frozenset[int]:
        with Session(self.engine) as session:
            return frozenset(p.seat for p in roster(session, self.id) if p.is_bot)


def same_without_secrets(engine, game_id: int, state: GameState, seat: int, rng) -> int:
    """Check the bot in `seat` decides and claims alike on a scrambled state with other seats'
    secrets in the events table; return 1 (a moment checked)."""
    with Session(engine) as session:
        history = seat_events(session, game_id, seat)
        assert all(event.to in (None, seat) for event in history)
        action = claims.decision(session, game_id, state, seat)
        said = claims.owed_claim(session, game_id, state, seat)
        last = session.exec(select(func.max(GameEvent.seq)).where(GameEvent.game_id == game_id))
        seq = last.one() or 0
        for other in (p for p in range(state.players) if p != seat):
            for kind, data in OTHERS_SECRETS:
                seq += 1
                session.add(
                    GameEvent(
                        game_id=game_id,
                        seq=seq,
                        kind=kind,
                        to_seat=other,
                        data=json.dumps(data),
                        created_at=NOON,
                    )
                )
        session.flush()
        for _ in range(2):
            other_state = scramble(state, seat, rng)
            assert claims.decision(session, game_id, other_state, seat) == action
            assert claims.owed_claim(session, game_id, other_state, seat) == said
        session.rollback()
    return 1


@pytest.mark.parametrize("bots, seed", [(4, 1), (6, 2), (9, 3)])
def test_the_job_decides_from_the_seat_alone(db_engine, database_url, bots: int, seed: int):
    settings = dataclasses.replace(Settings(database_url=database_url))
    table = Game1(db_engine, settings, bots, seed)
    ana = RandomBot(seed)
    rng = random.Random(seed)
    checked = 0
    for _ in range(1000):
        state = table.state()
        if state.phase == OVER:
            break
        for seat in table.bots():
            if seat in awaiting(state) or rng.random() < 0.2:
                checked += same_without_secrets(db_engine, table.id, state, seat, rng)
        if 0 in awaiting(state):
            table.text(action_text(ana.act(state, 0), state.names))
        else:
            table.now += timedelta(seconds=5)
            bot_job.run_due(db_engine, settings, table.now)
    assert table.state().phase == OVER
    assert checked > 20
