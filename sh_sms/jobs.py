"""The worker loop inside a web process (WORKER_IN_WEB=1, and `make run`): a daemon thread.

One loop per process and database, however many apps are built: started when the app is built
and, should the process have forked since (gunicorn's --preload), on its next request. Claims
are safe across processes, so every gunicorn worker process may run its own loop.
"""

from __future__ import annotations

import os
import threading

from flask import Flask

from .delivery.worker import Worker

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
