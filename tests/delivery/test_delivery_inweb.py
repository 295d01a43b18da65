"""The worker loop inside the web process (WORKER_IN_WEB=1, `make run`), and the Procfile."""

from __future__ import annotations

import re
import subprocess
import threading
import time
from pathlib import Path

from delivery_helpers import number, rows
from sqlalchemy import event
from sqlalchemy.orm import Session as OrmSession

from sh_sms import jobs as inproc
from sh_sms.cli import COMMANDS
from sh_sms.store import DELIVERED

ROOT = Path(__file__).resolve().parents[2]


def wait_for_commit(predicate, timeout: float = 30.0) -> bool:
    """Wait until `predicate()` holds, checking it again after every commit in this process."""
    committed = threading.Event()

    def wake(_session) -> None:
        committed.set()

    event.listen(OrmSession, "after_commit", wake)
    deadline = time.monotonic() + timeout
    try:
        while not predicate():
            if not committed.wait(max(0.0, deadline - time.monotonic())):
                return predicate()
            committed.clear()
        return True
    finally:
        event.remove(OrmSession, "after_commit", wake)


def test_the_web_process_drains_the_simulator_outbox(make_app, db_engine):
    app = make_app(worker_in_web=True, worker_poll_seconds=0.01)
    client = app.test_client()
    assert client.post("/sim/send", data={"from": number(1), "body": "NEW Ana"}).status_code == 200

    def all_delivered() -> bool:
        found = rows(db_engine)
        return bool(found) and {r.status for r in found} == {DELIVERED}

    assert wait_for_commit(all_delivered)
    # The simulator page still shows every message, whatever its status.
    [message] = client.get("/sim/messages.json").get_json()["messages"]
    assert message["to"] == number(1) and "Ana" in message["body"]


def test_one_loop_per_process_and_database(make_app):
    first = make_app(worker_in_web=True)
    second = make_app(worker_in_web=True)
    assert inproc.ensure_worker(first) is inproc.ensure_worker(second)
    plain = make_app()
    assert plain.before_request_funcs == {}  # no loop unless asked for


def test_a_request_restarts_a_loop_that_is_gone(make_app):
    app = make_app(worker_in_web=True)
    before = inproc.ensure_worker(app)
    inproc.stop_workers()
    app.test_client().get("/g/NONE.json")
    after = inproc.ensure_worker(app)
    assert after is not before and not after.stopping.is_set()


def test_the_procfile_runs_a_worker_and_make_run_drains_in_process():
    procfile = (ROOT / "Procfile").read_text()
    assert re.search(r"^worker: sh-sms worker$", procfile, re.M)
    assert COMMANDS["worker"] == "sh_sms.jobs"
    out = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True)
    assert "WORKER_IN_WEB=1" in out.stdout and "sh-sms serve" in out.stdout
