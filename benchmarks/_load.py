"""Load helpers shared by the webhook and scale benchmarks: processes, a client, texts to send.

- `serve`: gunicorn (threaded workers, as gunicorn.conf.py says) on a free port.
- `Feed`: players of started games texting a realistic mix (talk, STATUS, WHO, HELP, moves);
  moves are legal because the feed applies them to its own copy of each game's state.
- `drive`: a threaded client sending pre-signed requests over raw sockets, either as fast as the
  server answers (`rate=None`, a fixed number in flight) or at a fixed rate on a schedule, when
  latency counts from the moment a request was due (a late client is not hidden).
- `scratch_postgres`: an empty, migrated PostgreSQL database, dropped afterwards.
"""

from __future__ import annotations

import contextlib
import os
import random
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from _limits import NO_LIMITS
from sqlalchemy import create_engine, text
from twilio.request_validator import RequestValidator

from sh_sms.games.standard.engine import GameState, apply, awaiting, legal_actions
from sh_sms.games.standard.engine.state import OVER
from sh_sms.games.standard.textbot import action_text
from sh_sms.store.migrate import upgrade

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = "https://bench.example"  # PUBLIC_BASE_URL: what the requests are signed for
TOKEN = "bench-auth-token"
PG_SERVER = os.environ.get("BENCH_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/")
MIX = (("talk", 40), ("STATUS", 20), ("WHO", 10), ("HELP", 10), ("move", 20))
TALK = ("I trust P2", "P3 is lying to us", "watch the fascists", "ok then", "hmm")  # no command


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(
    app: str, env: dict[str, str], workers: int = 2, cwd: Path = ROOT, quiet: bool = False
) -> tuple:
    """Start gunicorn on `app` with `workers` workers of 4 threads each (the Procfile's
    gunicorn.conf.py shape, whichever folder it starts in); return (process, port). `quiet`:
    the app's log lines (stdout) still cost what they cost, but go to /dev/null."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", app, "--workers", str(workers),
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
         # Said here, not left to a gunicorn.conf.py: the app's folder has one and the floor's
         # none, and its threads=4 made "--worker-class sync" a threaded worker for the app only.
         "--worker-class", "gthread", "--threads", "4",
         "--access-logfile", os.devnull, "--no-control-socket"],
        cwd=cwd, env={**os.environ, **env}, stdout=subprocess.DEVNULL if quiet else None,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return proc, port
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn {app} exited with {proc.returncode}")
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"gunicorn {app} did not start")


def stop(proc: subprocess.Popen) -> None:
    """Terminate a child process and wait for it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


def request(port: int, form: dict[str, str]) -> bytes:
    """A signed `POST /sms` as raw bytes (the server closes the connection after answering)."""
    body = urlencode(form).encode()
    signature = RequestValidator(TOKEN).compute_signature(PUBLIC + "/sms", form)
    head = (
        f"POST /sms HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\nX-Twilio-Signature: {signature}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + body


def send(port: int, raw: bytes) -> int:
    """Send one request; return the HTTP status (0: no answer)."""
    with socket.create_connection(("127.0.0.1", port), 30) as s:
        s.sendall(raw)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    answer = b"".join(chunks)
    return int(answer[9:12]) if answer.startswith(b"HTTP/1.") else 0


@dataclass
class Table:
    """One started game as the feed knows it: its players' numbers and its engine state."""

    numbers: list[str]
    state: GameState
    rng: random.Random = field(default_factory=random.Random)

    def next_text(self) -> tuple[str, str] | None:
        """The next text one of its players sends (None once the game is over)."""
        state = self.state
        if state.phase == OVER:
            return None
        kind = self.rng.choices([k for k, _ in MIX], [w for _, w in MIX])[0]
        if kind == "move":
            seat = self.rng.choice(awaiting(state))
            action = self.rng.choice(legal_actions(state, seat))
            self.state, _ = apply(state, seat, action)
            return self.numbers[seat], action_text(action, state.names)
        living = [s for s in range(state.players) if state.alive[s]]
        seat = self.rng.choice(living)
        body = self.rng.choice(TALK) if kind == "talk" else kind
        return self.numbers[seat], body


class Feed:
    """Texts from the players of many started games; each game belongs to one client thread."""

    def __init__(self, tables: list[Table], threads: int) -> None:
        self.lanes = [tables[i::threads] for i in range(threads)]
        self.turn = [0] * threads
        self.sent: dict[str, int] = {}

    def form(self, lane: int) -> dict[str, str] | None:
        """The next form for lane `lane` (its games in turn), or None when all are over."""
        tables = self.lanes[lane]
        for _ in range(len(tables)):
            table = tables[self.turn[lane] % len(tables)]
            self.turn[lane] += 1
            found = table.next_text()
            if found is not None:
                number, body = found
                return {"From": number, "Body": body, "MessageSid": "SM" + uuid.uuid4().hex}
        return None


@dataclass
class Result:
    """What one drive measured."""

    latencies: list[float]
    errors: int
    seconds: float

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0


def drive(port: int, feed: Feed, seconds: float, rate: float | None = None) -> Result:
    """Send the feed's texts for `seconds`: as fast as answered (one in flight per lane), or at
    `rate` per second in all (latency counted from when each request was due)."""
    lanes = len(feed.lanes)
    latencies: list[list[float]] = [[] for _ in range(lanes)]
    errors = [0] * lanes
    start = time.perf_counter() + 0.05
    end = start + seconds

    def lane(i: int) -> None:
        k = 0
        while True:
            due = start + (k * lanes + i) / rate if rate else time.perf_counter()
            if due >= end:
                return
            form = feed.form(i)
            if form is None:
                return
            raw = request(port, form)
            wait = due - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            status = send(port, raw)
            latencies[i].append(time.perf_counter() - due)
            errors[i] += status != 200
            k += 1

    threads = [threading.Thread(target=lane, args=(i,)) for i in range(lanes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    flat = [x for part in latencies for x in part]
    return Result(flat, sum(errors), max(time.perf_counter(), end) - start)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank; nan when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


@contextlib.contextmanager
def scratch_postgres(name: str) -> Iterator[str]:
    """The URL of a new, migrated PostgreSQL database, dropped afterwards."""
    admin = create_engine(PG_SERVER + "postgres", isolation_level="AUTOCOMMIT")
    db = f"sh_sms_bench_{name}_{os.getpid()}"
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)'))
        conn.execute(text(f'CREATE DATABASE "{db}"'))
    url = PG_SERVER + db
    try:
        upgrade(url)
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)'))
        admin.dispose()


def app_env(url: str, **extra: str) -> dict[str, str]:
    """The environment of a web or worker process of the benchmarks."""
    return {
        "DATABASE_URL": url,
        "TWILIO_ACCOUNT_SID": "AC" + "0" * 32,
        "TWILIO_AUTH_TOKEN": TOKEN,
        "TWILIO_FROM_NUMBER": "+15550009999",
        "PUBLIC_BASE_URL": PUBLIC,
        "WORKER_IN_WEB": "0",
        **{name.upper(): str(value) for name, value in NO_LIMITS.items()},
        **extra,
    }
