"""The bot job's cost: seeded games of one person and N bots through the real service, the bots
moved by `botplay.job.run_due` on a fake clock, as the worker would.

The person's moves are random texts through `conversation.receive`; whenever the game waits on
bots, the clock moves on by one pause and the job runs. Printed per table size: the job runs,
their wall time (a run reads the events table and rebuilds each acting bot's notebook from it;
a vote moves every bot in one run), and the texts the person got per game.

    python benchmarks/bot_job.py [--games 5] [--database-url URL]

Target: a run that moves bots takes well under the default pause (5 s): under 50 ms here, so
one worker keeps up with a hundred games at once.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from _db import require_empty
from sqlmodel import Session, col, func, select

from sh_sms.botplay import job
from sh_sms.config import Settings
from sh_sms.conversation.receive import receive
from sh_sms.games.standard.engine import awaiting
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.state import OVER
from sh_sms.games.standard.textbot import action_text
from sh_sms.store import Game, Outbox, make_engine
from sh_sms.store.games import load_state
from sh_sms.store.migrate import upgrade

TARGET_MS = 50.0
START = datetime(2026, 6, 10, 16, 0, tzinfo=UTC)


def play(engine, settings: Settings, bots: int, seed: int, number: str) -> tuple[list, int]:
    """One game of a person and `bots` bots; return (job run seconds, texts the person got)."""
    now, sid = START, 0

    def text(body: str) -> None:
        nonlocal sid
        sid += 1
        receive(engine, settings, number, body, f"SM{number[1:]}x{sid}", now)

    text("NEW Ana")
    text(f"BOT {bots}")
    with Session(engine) as session:
        game = session.exec(select(Game).order_by(col(Game.id).desc())).first()
        game.seed, game_id = seed, game.id
        session.add(game)
        session.commit()
    text("START")
    person, runs = RandomBot(seed), []
    for _ in range(3000):
        with Session(engine) as session:
            state = load_state(session.get(Game, game_id))
        if state.phase == OVER:
            break
        if 0 in awaiting(state):
            text(action_text(person.act(state, 0), state.names))
            continue
        now += timedelta(seconds=settings.bot_seconds)
        started = time.perf_counter()
        job.run_due(engine, settings, now)
        runs.append(time.perf_counter() - started)
    with Session(engine) as session:
        texts = session.exec(
            select(func.count()).select_from(Outbox).where(Outbox.to_number == number)
        ).one()
    return runs, texts


def main() -> None:
    """Play the games and print one line per table size."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bots.db'}"
        upgrade(url)
        require_empty(url)
        engine = make_engine(url)
        settings = dataclasses.replace(Settings(database_url=url))
        print(
            f"bot job on {url.split(':')[0]}, {args.games} games per line (target < {TARGET_MS} ms)"
        )
        for bots in (4, 6, 9):
            runs: list[float] = []
            texts = []
            for seed in range(args.games):
                number = f"+1555090{bots}{seed:03d}"
                done, got = play(engine, settings, bots, seed, number)
                runs += done
                texts.append(got)
            ms = sorted(r * 1000 for r in runs)
            p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
            print(
                f"1 person + {bots} bots: {len(ms)} job runs, "
                f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms "
                f"(target < {TARGET_MS:.0f} ms); "
                f"{statistics.median(texts):.0f} texts to the person per game"
            )
        engine.dispose()


if __name__ == "__main__":
    main()
