"""The outbox worker: drain the outbox until stopped (`sh-sms worker`, in sh_sms.jobs, runs it
with the periodic jobs beside it).

Each round claims a batch (at most one row per recipient and service number, so the batch can go
out in parallel without reordering anyone's thread), waits for each row's send slot, sends it and
records what happened. Any number of workers, in their own processes or threads, may run at once.
"""

from __future__ import annotations

import logging
import os
import random
import secrets
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine

from ..config import Settings
from ..ops.logsafe import failure
from .claims import Claim, claim, record, release
from .errors import Outcome
from .senders import SimulatorSender, TwilioSender, make_sender

log = logging.getLogger(__name__)
ERROR_PAUSE_SECONDS = 5.0


class SystemClock:
    """Wall-clock time; tests pass their own clock with the same two methods."""

    def now(self) -> datetime:
        """The current time, aware, in UTC."""
        return datetime.now(UTC)

    def sleep_until(self, when: float, stop: threading.Event) -> bool:
        """Wait until epoch second `when` or until `stop` is set; return whether it was set."""
        delay = when - time.time()
        return stop.wait(delay) if delay > 0 else stop.is_set()


def worker_name() -> str:
    """A name unique to this worker: host, process and a random suffix."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"


class Worker:
    """Claims, sends and records outbox rows. `run` loops until `stop`; `drain` empties what is
    due now and returns."""

    def __init__(
        self,
        engine: Engine,
        settings: Settings,
        sender: SimulatorSender | TwilioSender | None = None,
        *,
        clock: SystemClock | None = None,
        name: str | None = None,
        rand: Callable[[], float] = random.random,
    ) -> None:
        """A worker on `engine`; the sender defaults to the configured backend's."""
        self.engine, self.settings = engine, settings
        self.sender = sender or make_sender(settings)
        self.clock = clock or SystemClock()
        self.name = name or worker_name()
        self.rand = rand
        self.stopping = threading.Event()
        self.mps = settings.segment_rate if self.sender.rate_limited else None  # segments/s
        # With a pool, `run` claims only slots about to come, so that one number's far slot
        # never holds another's prompt (one number: as always, its next slot however far).
        self.near_slots = not settings.pool.single
        threads = max(1, settings.worker_threads)
        self._pool = ThreadPoolExecutor(threads, "sh-sms-send") if threads > 1 else None

    def run_once(self, near: bool = False) -> int:
        """Claim one batch and send it; return how many rows were claimed (0: nothing due).
        `near`: claim only slots about to come (`claims.claim`), as `run` does with a pool.

        With several send threads, outcomes are stored as sends finish, together: whatever
        finished while the previous outcomes were being written goes in the next transaction.
        """
        batch = claim(
            self.engine,
            self.settings,
            self.name,
            self.clock.now(),
            max(1, self.settings.worker_batch),
            self.mps,
            near,
        )
        if self._pool is None or len(batch) < 2:
            for item in batch:
                self._record([(item, self._send(item))])
            return len(batch)
        pending = {self._pool.submit(self._send, item): item for item in batch}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            self._record([(pending.pop(future), future.result()) for future in done])
        return len(batch)

    def drain(self) -> int:
        """Run rounds until nothing is due; return how many rows were claimed in all."""
        total = 0
        while not self.stopping.is_set() and (claimed := self.run_once()):
            total += claimed
        return total

    def run(self) -> None:
        """Loop until `stop`: send what is due, pause when there is nothing."""
        log.debug("worker_loop_started name=%s", self.name)
        while not self.stopping.is_set():
            try:
                claimed = self.run_once(near=self.near_slots)
            except Exception as exc:  # the database is away, say: try again, without flooding
                log.error("worker_round_failed%s", failure(exc))
                self.stopping.wait(ERROR_PAUSE_SECONDS)
                continue
            if not claimed:
                self.stopping.wait(self.settings.worker_poll_seconds)
        self.close()
        log.info("worker_stopped name=%s", self.name)

    def stop(self) -> None:
        """Ask `run` to finish: sends under way complete, rows still waiting are given back."""
        self.stopping.set()

    def close(self) -> None:
        """Release the send threads."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)

    def _send(self, item: Claim) -> Outcome | None:
        """Wait for the row's slot and send it; None when it was not sent (given back because
        the worker is stopping, or left to expire because its lease is too short). Never raises."""
        try:
            if item.slot is not None:
                self.clock.sleep_until(item.slot, self.stopping)
            if self.stopping.is_set():
                release(self.engine, item, self.name, self.clock.now())
                return None
            deadline = item.lease_until - timedelta(seconds=self.settings.send_timeout_seconds)
            if self.clock.now() > deadline:  # another worker may take it over mid-send
                log.warning("lease_too_short id=%s", item.id)
                return None
            return self.sender.send(item)
        except Exception as exc:
            log.error("send_failed id=%s%s", item.id, failure(exc))
            return None  # claimed again when the lease expires

    def _record(self, results: list[tuple[Claim, Outcome | None]]) -> None:
        """Store the outcomes of sends that happened. Never raises."""
        sent = [(item, outcome) for item, outcome in results if outcome is not None]
        if not sent:
            return
        try:
            record(self.engine, self.settings, sent, self.name, self.clock.now(), self.rand)
        except Exception as exc:
            ids = [item.id for item, _ in sent]
            log.error("record_failed ids=%s%s", ids, failure(exc))
