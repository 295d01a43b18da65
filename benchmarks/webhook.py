"""Webhook cost: the app's `POST /sms` beside a bare Flask floor, through gunicorn (2 workers
of 4 threads, as gunicorn.conf.py runs it; the floor alike).

Players of started games text a realistic mix (40% table talk, 20% STATUS, 10% WHO, 10% HELP,
20% legal moves), signed as Twilio signs. The floor (`_floor.py`) parses the same form, reads
one row by phone, inserts one row and commits. Per database (SQLite, PostgreSQL), both served
at once: the peak of each (as fast as answered, 4 in flight), floor and app in turn, `--rounds`
times; the app's share of the floor is the median of the rounds' ratios (a shared machine's
slower minute then falls on both). Then p50/p99 of each at half its median peak (a fixed rate;
latency from when each request was due).

Then where the time goes per text, in-process: SQL statements per text (by kind of text and of
statement), connections checked out per text, roster loads, and a profile's top functions.

    python benchmarks/webhook.py [--seconds 6] [--rounds 3] [--games 150]
                                [--db sqlite --db postgres]

Targets: the app at >= 0.6 of the floor's peak on each database; p99 < 30 ms at half peak.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import io
import os
import pstats
import re
import statistics
import sys
import tempfile
import uuid
from collections import Counter, defaultdict
from contextlib import ExitStack
from pathlib import Path

from _limits import NO_LIMITS
from _load import ROOT, TALK, Feed, Table, app_env, drive, percentile, scratch_postgres, serve, stop
from sqlalchemy import event
from sqlmodel import Session, select

from sh_sms.games.standard.engine import GameState
from sh_sms.store import Game, Player
from sh_sms.store.migrate import upgrade
from sh_sms.web import create_app

PLAYERS = 7
LANES = 4  # requests in flight at the peak: two per gunicorn worker
TARGET_RATIO, TARGET_P99 = 0.6, 0.030


def start_games(url: str, games: int) -> list[Table]:
    """Open, fill and start `games` games through the service; return the feed's tables."""
    app = create_app({"database_url": url, "twilio_account_sid": None,
                      "twilio_auth_token": None, "public_base_url": None, **NO_LIMITS})  # fmt: skip
    client, engine = app.test_client(), app.extensions["sh_sms"].engine
    tables = []
    for g in range(games):
        numbers = [f"+1555{g:03d}{seat:04d}" for seat in range(PLAYERS)]

        def text(seat: int, body: str, numbers=numbers) -> None:
            form = {"From": numbers[seat], "Body": body, "MessageSid": "SM" + uuid.uuid4().hex}
            assert client.post("/sms", data=form).status_code == 200

        text(0, "NEW P0")
        with Session(engine) as session:
            game_id = session.exec(
                select(Player.game_id).where(Player.open_number == numbers[0])
            ).one()
            code = session.get(Game, game_id).code
        for seat in range(1, PLAYERS):
            text(seat, f"JOIN {code} P{seat}")
        text(0, "START")
        with Session(engine) as session:
            state = GameState.from_json(session.get(Game, game_id).state)
        tables.append(Table(numbers, state))
        tables[-1].rng.seed(g)
    engine.dispose()
    return tables


def measure(url: str, feeds: dict[str, Feed], seconds: float, rounds: int) -> dict:
    """Floor and app served at once, their peaks measured in turn `rounds` times (so a slower
    minute of a shared machine falls on both), then p50/p99 of each at half its median peak."""
    apps = {"floor": ("_floor:app", ROOT / "benchmarks"), "app": ("app:app", ROOT)}
    rows: dict[str, dict] = {name: {"peaks": [], "errors": 0} for name in apps}
    with ExitStack() as stack:
        ports = {}
        for name, (app, cwd) in apps.items():
            proc, ports[name] = serve(app, app_env(url), workers=2, cwd=cwd, quiet=True)
            stack.callback(stop, proc)
            drive(ports[name], feeds[name], 1.0)  # warm up: imports, connections
        for _ in range(rounds):
            for name, row in rows.items():
                peak = drive(ports[name], feeds[name], seconds)
                row["peaks"].append(peak.rate)
                row["errors"] += peak.errors
        for name, row in rows.items():
            row["peak"] = statistics.median(row["peaks"])
            half = drive(ports[name], feeds[name], seconds, rate=row["peak"] / 2)
            row["errors"] += half.errors
            row |= {"p50": percentile(half.latencies, 50), "p99": percentile(half.latencies, 99),
                    "rate": half.rate}  # fmt: skip
    ratios = [a / f for f, a in zip(rows["floor"]["peaks"], rows["app"]["peaks"], strict=True)]
    rows["ratios"] = ratios
    return rows


def profile(url: str, feed: Feed, texts: int) -> None:
    """Run `texts` texts of the mix in-process; print statements per text and the hot spots."""
    app = create_app({"database_url": url, "twilio_account_sid": None,
                      "twilio_auth_token": None, "public_base_url": None, **NO_LIMITS})  # fmt: skip
    client, engine = app.test_client(), app.extensions["sh_sms"].engine
    statements: list[str] = []
    checkouts = [0]
    event.listen(engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    event.listen(engine.pool, "checkout", lambda *a: checkouts.__setitem__(0, checkouts[0] + 1))
    per_kind: dict[str, list[int]] = defaultdict(list)
    by_statement: Counter = Counter()
    rosters = 0
    profiler = cProfile.Profile()
    for k in range(texts):
        form = feed.form(k % len(feed.lanes))
        if form is None:
            break
        kind = _kind(form["Body"])
        before, out_before = len(statements), checkouts[0]
        profiler.enable()
        client.post("/sms", data=form)
        profiler.disable()
        done = statements[before:]
        per_kind[kind].append(len(done))
        per_kind[kind + " connections"].append(checkouts[0] - out_before)
        by_statement.update(_shape(s) for s in done)
        rosters += sum("FROM players" in s and "ORDER BY players.seat" in s for s in done)
    count = sum(len(v) for k, v in per_kind.items() if not k.endswith("connections"))
    print(f"\nwhere a text's time goes ({count} texts in-process, {url.split(':')[0]}):")
    print(f"  SQL statements per text: {len(statements) / count:.1f} "
          f"(of which roster loads {rosters / count:.2f})")  # fmt: skip
    for kind in sorted(k for k in per_kind if not k.endswith("connections")):
        sizes, outs = per_kind[kind], per_kind[kind + " connections"]
        print(f"  {kind:>8}: {sum(sizes) / len(sizes):5.1f} statements, "
              f"{sum(outs) / len(outs):.1f} connections checked out")  # fmt: skip
    print("  most frequent statements (per text):")
    for shape, n in by_statement.most_common(10):
        print(f"    {n / count:5.2f}  {shape}")
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(r"sh_sms", 18)
    print("  profile, cumulative (sh_sms functions):")
    for line in out.getvalue().splitlines():
        if "sh_sms/" in line and line.strip()[:1].isdigit():
            print("   ", line.strip().replace(str(ROOT) + "/", "")[:120])
    engine.dispose()


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _kind(body: str) -> str:
    if body in ("STATUS", "WHO", "HELP"):
        return body
    return "talk" if body in TALK else "move"


def _shape(sql: str) -> str:
    """A statement reduced to its verb and table, as a label."""
    sql = " ".join(sql.split())
    verb = sql.split(" ", 1)[0].upper()
    table = re.search(r"\b(?:FROM|INTO|UPDATE)\s+(\w+)", sql)
    return f"{verb} {table.group(1) if table else ''}".strip()


def main(argv: list[str] | None = None) -> None:
    """Measure floor and app on each database; print them side by side with the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="peaks of floor and app in turn")
    parser.add_argument("--games", type=int, default=150, help="enough to last every round")
    parser.add_argument("--db", action="append", choices=["sqlite", "postgres"])
    parser.add_argument("--profile-texts", type=int, default=400)
    args = parser.parse_args(argv)
    print(f"load average at the start: {_load()} (compare runs made at rest)")
    print(
        f"{'db':>8} {'handler':>7} {'peak/s':>7} {'half/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'errors':>6}   targets: app >= {TARGET_RATIO} of floor, p99 < {TARGET_P99 * 1000:.0f} ms"
    )
    for db in args.db or ["sqlite", "postgres"]:
        with ExitStack() as stack:
            if db == "sqlite":
                tmp = stack.enter_context(tempfile.TemporaryDirectory())
                url = f"sqlite:///{Path(tmp) / 'webhook.db'}"
                upgrade(url)
            else:
                url = stack.enter_context(scratch_postgres("webhook"))
            tables = start_games(url, args.games)
            # The floor applies nothing: it gets a copy, so the app's moves stay legal.
            floor_feed, feed = Feed(copy.deepcopy(tables), LANES), Feed(tables, LANES)
            rows = measure(url, {"floor": floor_feed, "app": feed}, args.seconds, args.rounds)
            ratios = rows.pop("ratios")
            for name, r in rows.items():
                print(
                    f"{db:>8} {name:>7} {r['peak']:>7.0f} {r['rate']:>7.0f} "
                    f"{r['p50'] * 1000:>7.1f} {r['p99'] * 1000:>7.1f} {r['errors']:>6}"
                )
            ratio = statistics.median(ratios)
            ok = ratio >= TARGET_RATIO and rows["app"]["p99"] < TARGET_P99
            each = ", ".join(f"{r:.2f}" for r in ratios)
            print(
                f"{db:>8} app/floor {ratio:.2f} (median of rounds {each}; target >= "
                f"{TARGET_RATIO}), app p99 at half peak "
                f"{rows['app']['p99'] * 1000:.1f} ms (target < 30) -> {'ok' if ok else 'MISSED'}"
            )
            if db == "sqlite" and args.profile_texts > 0:
                profile(url, feed, args.profile_texts)
    print(f"load average at the end: {_load()}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
