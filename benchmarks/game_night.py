"""A game night on a pool of numbers (issue 35, point 3): is a prompt as prompt with 30 tables on
10 numbers as with 3 tables on 1?

Tables of 7 play game after game through `POST /sms`, each table on one number of the pool
(table k texts number k mod the pool); three seats of each table are bots that answer 15 s after
their prompt is sent, the other four are people who take 20 s to 2 min (seeded). One worker
sends through the real `twilio` Client to the fake Twilio at 1 segment a second per number, and
Twilio's queue of each number is modelled; time is compressed as in `tempo.py` (CPU time plus
jumps, no sleeping), so a busy machine does not change the figures.

Tempo: from a move's commit to the moment its prompt starts to leave Twilio, less the slots of
the same move's earlier prompts (`tempo.Run.handoffs`).

    python benchmarks/game_night.py [--minutes 12] [--setting TABLES:NUMBERS ...]

Target: p99 at most 3 send slots + 0.25 s (3.25 s at 1 segment a second), and 30 tables on 10
numbers no slower than 3 tables on 1.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _db import require_empty
from tempo import Sim, Table, percentile

from sh_sms.pool import sim_numbers
from sh_sms.store.migrate import upgrade

RATE = 1.0  # segments a second, per number: a US long code
GOAL = 3 / RATE + 0.25
BOTS = 3  # seats 0..2 of each table are bots; the others people


class NightTable(Table):
    """A table of bots and people: people take their time, bots do not."""

    def think(self, seat: int) -> float:
        """A bot's fixed think time; a person's, 20 s to 2 min, the same on every run."""
        if seat < BOTS:
            return self.sim.think
        return random.Random(f"{self.k}:{seat}:{self.sim.clock.ts():.0f}").uniform(20, 120)


class NightSim(Sim):
    """A night's worth of tables on the pool."""

    table = NightTable


def run(tables: int, numbers: int, args) -> tuple[list[float], int, int, float]:
    """One setting in a fresh SQLite: hand-offs (seconds), games finished, segments, wall s."""
    from fake_twilio import FakeTwilio

    scratch = "/dev/shm" if Path("/dev/shm").is_dir() else None
    fake = FakeTwilio().start()
    try:
        with tempfile.TemporaryDirectory(dir=scratch) as tmp:
            url = f"sqlite:///{Path(tmp) / 'night.db'}"
            upgrade(url)
            require_empty(url)
            sim = NightSim(url, fake, "critical", tables, RATE, args, sim_numbers(numbers))
            result = sim.play(args.minutes)
    finally:
        fake.close()
    return result.handoffs(RATE), result.games_done, result.segments, sim.wall


def main(argv: list[str] | None = None) -> None:
    """Run each setting (two at a time) and print tempo beside the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=12.0, help="game time per run")
    parser.add_argument("--think", type=float, default=15.0, help="a bot's think time, s")
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--stagger", type=float, default=4.0, help="tables sit down within, min")
    parser.add_argument("--setting", action="append", help="TABLES:NUMBERS; default 3:1 30:10")
    parser.add_argument("--jobs", type=int, default=2, help="runs at once (processes)")
    args = parser.parse_args(argv)
    settings = [tuple(map(int, s.split(":"))) for s in (args.setting or ["3:1", "30:10"])]
    print(
        f"{args.players} players a table ({BOTS} bots, the rest people), {RATE:g} segment/s per "
        f"number, {args.minutes:g} min of game time; tempo p50/p95/p99, goal p99 <= {GOAL:.2f} s"
    )
    print(f"{'tables':>6} {'numbers':>7} {'prompts':>7} {'tempo s':>16} {'games':>5} "
          f"{'segs':>6} {'wall':>5}  verdict")  # fmt: skip
    p99 = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {s: pool.submit(run, *s, args) for s in settings}
        for (tables, numbers), future in futures.items():
            lat, games, segs, wall = future.result()
            q = [percentile(lat, x) for x in (50, 95, 99)]
            p99[(tables, numbers)] = q[2]
            ok = "ok" if q[2] <= GOAL else "MISSED"
            print(
                f"{tables:>6} {numbers:>7} {len(lat):>7} {'/'.join(f'{v:.2f}' for v in q):>16} "
                f"{games:>5} {segs:>6} {wall:>4.0f}s  {ok}"
            )
    if (3, 1) in p99 and (30, 10) in p99:
        night, small = p99[(30, 10)], p99[(3, 1)]
        verdict = "ok" if night <= small + 0.05 else "MISSED"
        print(f"30 tables on 10 numbers p99 {night:.2f} s vs 3 on 1 {small:.2f} s -> {verdict}")


if __name__ == "__main__":
    main()
