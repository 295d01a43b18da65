"""The pieces of the chaos test: web (gunicorn) and worker processes that can be SIGKILLed and
started again, and a player driver that texts like Twilio (retrying after a 5xx or a dropped
connection with the same MessageSid, as the Fallback URL would) and checks every move lands once.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests
from sqlalchemy.engine import Engine
from sqlmodel import Session, select
from twilio.request_validator import RequestValidator

from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.textbot import next_text
from sh_sms.store import ACTIVE, Game, Player
from sh_sms.store.faults import RetryPolicy, retrying
from sh_sms.store.games import load_state

PUBLIC_URL = "https://sms.chaos.test"  # what the driver signs; every web process is told it
READ_RETRY = RetryPolicy(attempts=20, base_seconds=0.05, cap_seconds=0.5)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Process:
    """One web or worker process, started again after each kill; its log is kept."""

    name: str
    command: list[str]
    env: dict[str, str]
    workdir: Path
    port: int | None = None
    proc: subprocess.Popen | None = None
    starts: int = 0

    def start(self) -> None:
        log = (self.workdir / f"{self.name}.log").open("a")
        self.proc = subprocess.Popen(
            self.command, env=self.env, cwd=self.workdir, stdout=log, stderr=log,
            start_new_session=True,  # its own process group: gunicorn's worker dies with it
        )  # fmt: skip
        self.starts += 1

    def kill(self) -> None:
        """SIGKILL the whole process group and reap it."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(30)

    def log_text(self) -> str:
        return (self.workdir / f"{self.name}.log").read_text(errors="replace")

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])


def web_process(name: str, env: dict[str, str], workdir: Path) -> Process:
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "sh_sms.web:create_app()",
        "--bind", f"127.0.0.1:{port}", "--workers", "1", "--threads", "4",
        "--graceful-timeout", "1", "--no-control-socket",
    ]  # fmt: skip
    return Process(name, command, env, workdir, port)


def worker_process(name: str, env: dict[str, str], workdir: Path) -> Process:
    return Process(name, [sys.executable, "-m", "sh_sms.cli", "worker"], env, workdir)


@dataclass
class Tally:
    """What the drivers did, shared between their threads."""

    acked: list[str] = field(default_factory=list)  # MessageSids answered 200
    errors_5xx: int = 0  # answers that make Twilio's Fallback URL try again
    dropped: int = 0  # requests whose web process was killed (or not up yet)
    wrong_versions: list[str] = field(default_factory=list)  # moves not applied exactly once
    changed: threading.Condition = field(default_factory=threading.Condition)

    def ack(self, sid: str) -> None:
        with self.changed:
            self.acked.append(sid)
            self.changed.notify_all()

    def count(self, name: str, detail: str | None = None) -> None:
        """Add one to a counter (`wrong_versions`: with what went wrong)."""
        with self.changed:
            if detail is not None:
                self.wrong_versions.append(detail)
            else:
                setattr(self, name, getattr(self, name) + 1)


class Driver(threading.Thread):
    """One table of bots playing one game by text through the web processes."""

    def __init__(
        self,
        index: int,
        webs: list[Process],
        engine: Engine,
        token: str,
        tally: Tally,
        seed: int,
        deadline: float,
        max_moves: int,
        to: str = "+15550009999",
        phones: int | None = None,
    ) -> None:
        """Table `index` texting the service number `to` from the phones of table `phones`
        (default its own: tables that share phones play at once on different numbers)."""
        super().__init__(name=f"driver-{index}", daemon=True)
        self.to = to
        self.line = "" if to == "+15550009999" else to  # the pool's first number is home
        self.webs, self.engine, self.tally = webs, engine, tally
        self.validator = RequestValidator(token)
        self.rng = random.Random(seed)
        self.bot = RandomBot(seed)
        self.deadline, self.max_moves = deadline, max_moves
        table = index if phones is None else phones
        self.numbers = [f"+1555{table:03d}{seat:04d}" for seat in range(5)]
        self.http = requests.Session()
        self.moves = 0
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            self.play()
        except BaseException as exc:  # reported by the test
            self.failure = exc

    def play(self) -> None:
        names = ["Ana", "Bob", "Cy", "Dee", "Eve"]
        self.text(self.numbers[0], f"NEW {names[0]}")
        code = self.read(self._code)
        for number, name in zip(self.numbers[1:], names[1:], strict=True):
            self.text(number, f"JOIN {code} {name}")
        self.text(self.numbers[0], "START")
        while self.moves < self.max_moves:
            game = self.read(lambda s: s.exec(select(Game).where(Game.code == code)).one())
            if game.status != ACTIVE:
                return
            seat, body = next_text(load_state(game), self.bot)
            self.text(self.by_seat(code)[seat], body)
            after = self.read(lambda s: s.exec(select(Game).where(Game.code == code)).one())
            if after.version != game.version + 1:
                wrong = f"{code} {body!r}: version {game.version} -> {after.version}"
                self.tally.count("wrong_versions", wrong)
            self.moves += 1

    def text(self, number: str, body: str) -> None:
        """Send one text until a web process answers 200, always with the same MessageSid."""
        form = {
            "From": number,
            "To": self.to,
            "Body": body,
            "MessageSid": f"SM{self.rng.getrandbits(128):032x}",
            "AccountSid": "AC" + "0" * 32,
        }
        signature = self.validator.compute_signature(PUBLIC_URL + "/sms", form)
        headers = {"X-Twilio-Signature": signature}
        while time.monotonic() < self.deadline:
            web = self.rng.choice(self.webs)
            try:
                response = self.http.post(
                    f"http://127.0.0.1:{web.port}/sms", data=form, headers=headers, timeout=(2, 20)
                )
            except requests.RequestException:
                self.tally.count("dropped")
                time.sleep(0.02)  # the web process is restarting: Twilio's fallback comes later too
                continue
            if response.status_code == 200:
                self.tally.ack(form["MessageSid"])
                return
            assert response.status_code >= 500, (response.status_code, body)
            self.tally.count("errors_5xx")
        raise AssertionError(f"{body!r} from {number} never acknowledged")

    def read(self, query):
        """A read of the driver's own, retried across killed database connections."""

        def once():
            with Session(self.engine) as session:
                return query(session)

        return retrying(once, READ_RETRY, "chaos_read")

    def _code(self, session: Session) -> str:
        """The code of the game the host opened on this table's number (the host may hold a
        seat on each number of a pool)."""
        query = (
            select(Game)
            .join(Player, Player.game_id == Game.id)
            .where(Player.number == self.numbers[0], Player.open_number == self.numbers[0])
            .order_by(Game.id.desc())
        )
        games = session.exec(query).all()
        lines = {game.line: game.code for game in games}
        return lines[self.line] if self.line in lines else games[0].code

    def by_seat(self, code: str) -> list[str]:
        def numbers(session: Session) -> list[str]:
            game = session.exec(select(Game).where(Game.code == code)).one()
            query = select(Player).where(Player.game_id == game.id).order_by(Player.seat)
            return [p.number for p in session.exec(query)]

        return self.read(numbers)
