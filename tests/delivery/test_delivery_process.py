"""`sh-sms worker` as its own process: killed with SIGKILL mid-batch it loses nothing; SIGTERM
stops it cleanly; `--once` drains and exits.

Twilio has no idempotency key, so a message whose request was in flight when its worker died
(Twilio may have accepted it) is looked up at Twilio once the lease expires, and sent again only
if Twilio does not have it (sh_sms.delivery.lookup): every message is sent exactly once.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from delivery_helpers import CALLBACK, FROM, FakeClock, number, queue, rows
from delivery_helpers import twilio_settings as settings_for

from sh_sms.delivery.worker import Worker
from sh_sms.store import DELIVERED, QUEUED, SENDING, SENT

LEASE = 60


def worker_process(database_url: str, fake, tmp_path: Path, *args: str, **env: str):
    """Start `python -m sh_sms.cli worker` on the test database, sending to `fake`."""
    environ = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DATABASE_URL": database_url,
        "LEASE_SECONDS": str(LEASE),
        "WORKER_POLL_SECONDS": "0.05",
        **env,
    }
    if fake is not None:
        environ |= {
            "TWILIO_ACCOUNT_SID": fake.account_sid,
            "TWILIO_AUTH_TOKEN": fake.auth_token,
            "TWILIO_FROM_NUMBER": FROM,
            "TWILIO_API_URL": fake.url,
            "STATUS_CALLBACK_URL": CALLBACK,
            "TWILIO_MPS": "1000",
        }
    log = (tmp_path / "worker.log").open("w")
    command = [sys.executable, "-m", "sh_sms.cli", "worker", *args]
    # cwd: a directory without a .env file, so only this environment counts
    return subprocess.Popen(command, env=environ, cwd=tmp_path, stdout=log, stderr=log)


def test_a_worker_killed_mid_batch_loses_nothing(database_url, db_engine, fake_twilio, tmp_path):
    people = [number(i) for i in range(1, 5)]
    for person in people:
        queue(db_engine, person, f"{person} first", f"{person} second")
    fake_twilio.hold()  # requests arrive but are not answered: the worker is mid-send
    proc = worker_process(database_url, fake_twilio, tmp_path, WORKER_THREADS="2", WORKER_BATCH="4")
    try:
        assert fake_twilio.wait_for(lambda f: f.waiting == 2, timeout=30), (
            tmp_path / "worker.log"
        ).read_text()
        held = [r for r in rows(db_engine) if r.status == SENDING]
        assert len(held) == 4  # one per recipient: two in flight, two waiting for a thread
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=30) == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
    in_flight = {c.outbox_id for c in fake_twilio.calls}
    assert len(in_flight) == 2
    fake_twilio.release()  # Twilio got those two: they count as sent

    settings = settings_for(database_url, fake_twilio)
    assert Worker(db_engine, settings).drain() == 0  # the dead worker's lease still holds
    after_lease = FakeClock(datetime.now(UTC) + timedelta(seconds=LEASE + 1))
    assert Worker(db_engine, settings, clock=after_lease).drain() == 8

    sent = fake_twilio.created_count()
    assert set(sent) == {r.id for r in rows(db_engine)}  # nothing lost
    assert set(sent.values()) == {1}  # the two in flight were found at Twilio, not sent again
    assert fake_twilio.lists == 4  # every row the dead worker held was in doubt: looked up
    for person in people:
        first_arrivals = list(dict.fromkeys(fake_twilio.sent_to(person)))
        assert first_arrivals == [f"{person} first", f"{person} second"]
    assert {r.status for r in rows(db_engine)} == {SENT}


def test_sigterm_finishes_the_send_under_way_and_gives_back_the_rest(
    database_url, db_engine, fake_twilio, tmp_path
):
    for i in range(1, 4):
        queue(db_engine, number(i), "hi")
    fake_twilio.hold()
    proc = worker_process(database_url, fake_twilio, tmp_path, WORKER_THREADS="1", TWILIO_MPS="1")
    try:
        assert fake_twilio.wait_for(lambda f: f.waiting == 1, timeout=30)
        proc.send_signal(signal.SIGTERM)
        fake_twilio.release()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert [r.status for r in rows(db_engine)] == [SENT, QUEUED, QUEUED]
    assert len(fake_twilio.calls) == 1


def test_once_under_the_simulator_marks_everything_delivered(database_url, db_engine, tmp_path):
    queue(db_engine, number(1), "a", "b")
    queue(db_engine, number(2), "c")
    proc = worker_process(database_url, None, tmp_path, "--once")
    assert proc.wait(timeout=60) == 0, (tmp_path / "worker.log").read_text()
    assert {r.status for r in rows(db_engine)} == {DELIVERED}
