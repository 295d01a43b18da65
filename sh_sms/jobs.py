"""`sh-sms worker` (Procfile `worker:`): the outbox drained, and every periodic job beside it.

The drain is `sh_sms.delivery.worker`; this module adds an APScheduler that runs the reminders
and retention (`sh_sms.reminders.scheduler`), the inbound texts kept after a database fault
(`sh_sms.conversation.intake`) and the computer players (`sh_sms.botplay`).

With WORKER_IN_WEB=1 (and `make run`) the same loop runs as a daemon thread of the web process.
One loop per process and database, however many apps are built: started when the app is built
and, should the process have forked since (gunicorn's --preload), on its next request. Claims
are safe across processes, so every gunicorn worker process may run its own loop.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable
from datetime import UTC, datetime

from apscheduler.schedulers.background import BackgroundScheduler
from flask import Flask
from sqlalchemy.engine import Engine

from .botplay.job import tick as bot_tick
from .config import Settings
from .conversation.intake import retry_due_logged
from .delivery import worker as delivery
from .ops.commandline import command_parser
from .ops.preflight import UnsafeConfiguration, refused, start
from .ops.service_pool import with_service_numbers
from .reminders.scheduler import start_scheduler
from .store import make_engine

log = logging.getLogger(__name__)


def start_jobs(
    engine: Engine, settings: Settings, clock: Callable[[], datetime]
) -> BackgroundScheduler:
    """Start the scheduler: reminders and retention, the kept inbound texts, the bots."""
    scheduler = start_scheduler(engine, settings, clock)  # reminders
    scheduler.add_job(  # inbound texts kept after a database fault (sh_sms.conversation.intake)
        retry_due_logged,
        "interval",
        seconds=max(settings.dead_letter_poll_seconds, 0.1),
        args=(engine, settings, clock),
        id="dead_letters",
        next_run_time=datetime.now(UTC),
    )
    scheduler.add_job(  # computer players' claims and moves (sh_sms.botplay)
        bot_tick,
        "interval",
        seconds=max(settings.bot_poll_seconds, 0.1),
        args=(engine, settings, clock),
        id="bots",
        next_run_time=datetime.now(UTC),
    )
    return scheduler


class Worker(delivery.Worker):
    """The outbox worker whose `run` also runs every periodic job, until `stop`."""

    def run(self) -> None:
        """Start the jobs, send what is due until `stop`, then stop the jobs."""
        scheduler = start_jobs(self.engine, self.settings, self.clock.now)
        try:
            super().run()
        finally:
            scheduler.shutdown(wait=False)


def main(argv: list[str] | None = None) -> int:
    """Send DATABASE_URL's texts and run the jobs until SIGTERM or SIGINT (`--once`: drain)."""
    parser = command_parser("worker")
    parser.add_argument("--once", action="store_true", help="send what is due now, then exit")
    args = parser.parse_args(argv)
    settings = start()
    if settings is None:
        return 1
    engine = make_engine(settings.database_url)
    if refused(settings, engine):
        engine.dispose()
        return 1
    try:
        settings = with_service_numbers(settings)
    except UnsafeConfiguration:
        engine.dispose()
        return 1
    worker = Worker(engine, settings)
    try:
        if args.once:
            worker.drain()
            worker.close()
            return 0
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: worker.stop())
        log.info("worker_started name=%s mps=%s", worker.name, worker.mps)
        worker.run()
    finally:
        engine.dispose()
    return 0


_lock = threading.Lock()
_loops: dict[tuple[int, str], tuple[Worker, threading.Thread]] = {}


def ensure_worker(app: Flask) -> Worker:
    """Start this process's loop for the app's database unless it is running; return it."""
    runtime = app.extensions["sh_sms"]
    key = (os.getpid(), runtime.settings.database_url)
    with _lock:
        running = _loops.get(key)
        if running is not None and running[1].is_alive():
            return running[0]
        worker = Worker(runtime.engine, runtime.settings)
        thread = threading.Thread(target=worker.run, name="sh-sms-worker", daemon=True)
        thread.start()
        _loops[key] = (worker, thread)
        return worker


def attach_worker(app: Flask) -> None:
    """Run the loop for `app` now and make sure, before each request, that it still runs."""
    ensure_worker(app)

    @app.before_request
    def _worker_running() -> None:
        ensure_worker(app)


def stop_workers(timeout: float = 10.0) -> None:
    """Stop every loop this process started and wait for them (tests, shutdown)."""
    with _lock:
        loops = list(_loops.values())
        _loops.clear()
    for worker, _thread in loops:
        worker.stop()
    for _worker, thread in loops:
        thread.join(timeout)
