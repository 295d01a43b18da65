"""Delivery latency: from the webhook's commit to the send call, at a steady inbound rate.

Bot games text the signed `POST /sms` webhook at a steady rate (default 20 texts/s, spread over
several games); a worker (`sh-sms worker` in its own process, as the Procfile runs it, or a
thread) sends through the real `twilio` Client to the fake Twilio of the tests. For each outbox
row: the time its transaction committed, and the time the fake received the send (both on this
process's clock; the row is known by the `?id=` of its status callback URL).

    python benchmarks/delivery.py [--rate 20] [--seconds 20] [--mps 1000] [--database-url URL]

Targets: median under 1 s and 99th percentile under 2 s at 20 texts/s, TWILIO_MPS unthrottled.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.orm import Session as OrmSession
from sqlmodel import Session, select
from twilio.request_validator import RequestValidator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "delivery"))

from _db import require_empty  # noqa: E402
from _limits import NO_LIMITS  # noqa: E402
from fake_twilio import FakeTwilio  # noqa: E402

from sh_sms.config import Settings  # noqa: E402
from sh_sms.games.standard.demo import NAMES  # noqa: E402
from sh_sms.games.standard.engine import GameState  # noqa: E402
from sh_sms.games.standard.engine.bot import RandomBot  # noqa: E402
from sh_sms.games.standard.textbot import next_text  # noqa: E402
from sh_sms.jobs import Worker  # noqa: E402
from sh_sms.store import Game, Outbox, Player  # noqa: E402
from sh_sms.store.migrate import upgrade  # noqa: E402
from sh_sms.web import create_app  # noqa: E402

CALLBACK = "https://bench.example/sms/status"
FROM = "+15550009999"


class CommitClock:
    """Notes when each new outbox row's transaction committed (any session in this process)."""

    def __init__(self) -> None:
        self.at: dict[int, float] = {}
        self._lock = threading.Lock()
        event.listen(OrmSession, "after_flush", self._flushed)
        event.listen(OrmSession, "after_commit", self._committed)

    def _flushed(self, session, _context) -> None:
        ids = [o.id for o in session.new if isinstance(o, Outbox)]
        session.info.setdefault("outbox_ids", []).extend(ids)

    def _committed(self, session) -> None:
        now = time.perf_counter()
        ids = session.info.pop("outbox_ids", [])
        with self._lock:
            for outbox_id in ids:
                self.at[outbox_id] = now


class BotGame:
    """One bot game after another, texted one at a time through the webhook."""

    generations = itertools.count()

    def __init__(self, app, players: int, token: str) -> None:
        self.client = app.test_client()
        self.engine = app.extensions["sh_sms"].engine
        self.players, self.token = players, token
        self.busy = threading.Lock()
        self.texts = self._forever()
        self.webhook_seconds: list[float] = []

    def step(self) -> None:
        """Send this game's next text (the caller holds `busy`)."""
        try:
            seat_number, body = next(self.texts)
            form = {"From": seat_number, "Body": body, "MessageSid": "SM" + uuid.uuid4().hex}
            signature = RequestValidator(self.token).compute_signature("http://localhost/sms", form)
            start = time.perf_counter()
            response = self.client.post(
                "/sms", data=form, headers={"X-Twilio-Signature": signature}
            )
            self.webhook_seconds.append(time.perf_counter() - start)
            assert response.status_code == 200
        finally:
            self.busy.release()

    def _forever(self):
        while True:
            yield from self._one_game(next(self.generations))

    def _one_game(self, generation: int):
        numbers = [f"+1555{generation % 1000:03d}{seat:04d}" for seat in range(self.players)]
        names = NAMES[: self.players]
        yield numbers[0], f"NEW {names[0]}"
        with Session(self.engine) as session:
            query = select(Player.game_id).where(Player.open_number == numbers[0])
            game_id = session.exec(query).one()
            code = session.get(Game, game_id).code
        for seat in range(1, self.players):
            yield numbers[seat], f"JOIN {code} {names[seat]}"
        yield numbers[0], "START"
        bot = RandomBot(generation)
        while True:
            with Session(self.engine) as session:
                game = session.get(Game, game_id)
            if game.status != "active":
                return
            seat, body = next_text(GameState.from_json(game.state), bot)
            yield numbers[seat], body


def drive(games: list[BotGame], rate: float, seconds: float) -> tuple[int, int]:
    """Text at `rate` per second for `seconds`, each time from the next game not busy.
    Return (texts sent, slots with every game busy)."""
    sent = skipped = 0
    start = time.perf_counter()
    with ThreadPoolExecutor(len(games)) as pool:
        for k in range(int(rate * seconds)):
            delay = start + k / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            for game in games[k % len(games) :] + games[: k % len(games)]:
                if game.busy.acquire(blocking=False):
                    pool.submit(game.step)
                    sent += 1
                    break
            else:
                skipped += 1
    return sent, skipped


def start_worker(args, settings: Settings, fake: FakeTwilio, engine):
    """The worker: its own process (as in the Procfile), or a thread of this one."""
    if args.worker == "thread":
        worker = Worker(engine, settings)
        thread = threading.Thread(target=worker.run, daemon=True)
        thread.start()
        return lambda: (worker.stop(), thread.join())
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "TWILIO_ACCOUNT_SID": fake.account_sid,
        "TWILIO_AUTH_TOKEN": fake.auth_token,
        "TWILIO_FROM_NUMBER": FROM,
        "TWILIO_API_URL": fake.url,
        "STATUS_CALLBACK_URL": CALLBACK,
        "TWILIO_MPS": str(args.mps),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "sh_sms.cli", "worker"], env=env, stderr=subprocess.DEVNULL
    )
    return lambda: (proc.terminate(), proc.wait(30))


def warm_up(engine, fake: FakeTwilio) -> None:
    """Wait until the worker sends a first text (its process has started and connected)."""
    with Session(engine) as session:
        session.add(Outbox(to_number=FROM, body="warm-up", created_at=datetime.now(UTC)))
        session.commit()
    if not fake.wait_for(lambda f: any(c.form.get("Body") == "warm-up" for c in f.calls), 60):
        raise SystemExit("the worker did not start")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> None:
    """Run the load and print the latencies."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=20.0, help="inbound texts per second")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--games", type=int, default=10, help="games played at once")
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--mps", type=float, default=1000.0, help="TWILIO_MPS")
    parser.add_argument("--worker", choices=["process", "thread"], default="process")
    parser.add_argument("--database-url", help="an empty database; default: a temporary SQLite")
    args = parser.parse_args(argv)
    fake = FakeTwilio().start()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'delivery.db'}"
        upgrade(url)
        require_empty(url)
        settings = Settings(
            database_url=url,
            twilio_account_sid=fake.account_sid,
            twilio_auth_token=fake.auth_token,
            twilio_from_number=FROM,
            twilio_api_url=fake.url,
            status_callback_url=CALLBACK,
            twilio_mps=args.mps,
            **NO_LIMITS,
        )
        app = create_app(settings)
        engine = app.extensions["sh_sms"].engine
        stop_worker = start_worker(args, settings, fake, engine)
        warm_up(engine, fake)
        commits = CommitClock()
        games = [BotGame(app, args.players, fake.auth_token) for _ in range(args.games)]
        began = time.perf_counter()
        sent, skipped = drive(games, args.rate, args.seconds)
        inbound_seconds = time.perf_counter() - began
        for game in games:  # the last texts finish
            with game.busy:
                pass
        queued = set(commits.at)
        fake.wait_for(lambda f: queued <= {c.outbox_id for c in f.accepted()}, timeout=60)
        stop_worker()
        engine.dispose()
    fake.close()
    first_send: dict[int, float] = {}
    for call in fake.accepted():
        first_send.setdefault(call.outbox_id, call.at)
    latency = [first_send[i] - commits.at[i] for i in commits.at if i in first_send]
    webhook = [s for g in games for s in g.webhook_seconds]
    print(
        f"inbound: {sent} texts in {inbound_seconds:.1f} s ({sent / inbound_seconds:.1f}/s, "
        f"{skipped} slots skipped: every game busy); outbound: {len(commits.at)} messages, "
        f"{len(latency)} sent; worker: {args.worker}, TWILIO_MPS={args.mps:g}; "
        f"db: {url.split(':', 1)[0]}"
    )
    print(f"{'':>22} {'median':>8} {'p99':>8} {'max':>8}")
    for name, values in (("commit -> send (s)", latency), ("webhook (s)", webhook)):
        print(
            f"{name:>22} {statistics.median(values):>8.3f} {percentile(values, 99):>8.3f} "
            f"{max(values):>8.3f}"
        )


if __name__ == "__main__":
    main()
