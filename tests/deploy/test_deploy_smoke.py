"""A deploy as a Heroku-style host makes it, end to end.

The checkout is copied (as a push would ship it) and installed into a fresh virtual environment
exactly as the Python buildpack installs it: `pip install -r requirements.txt`. Then, on a fresh
PostgreSQL database, the Procfile's release line runs, and its web and worker lines run as
separate processes with $PORT, the Twilio backend pointed at a fake Twilio on loopback. A signed
inbound text leads to a send at the fake; its status callback is accepted; SIGTERM stops both
processes cleanly within 30 seconds. Under CI=true this runs, never skips.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import SQLAlchemyError
from twilio.request_validator import RequestValidator

pytestmark = pytest.mark.deploy

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "delivery"))
from fake_twilio import FakeTwilio  # noqa: E402

DEFAULT_PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
NOT_SHIPPED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "__pycache__",
    "*.db",
    "*.db-*",
    ".env",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "build",
    "dist",
    "*.egg-info",
    "test-results",
    "node_modules",
)
FROM, PLAYER = "+15550009999", "+15550100001"
STOP_SECONDS = 30


def procfile() -> dict[str, str]:
    """The Procfile's process types and their commands."""
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())


@pytest.fixture
def database() -> Iterator[str]:
    """A fresh, empty PostgreSQL database, in Heroku's `postgres://` form; dropped afterwards."""
    admin_url = make_url(os.environ.get("TEST_DATABASE_URL") or DEFAULT_PG_URL)
    admin_url = admin_url.set(drivername="postgresql+psycopg")
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    name = f"sh_sms_deploy_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except (SQLAlchemyError, OSError) as exc:
        admin.dispose()
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is unreachable under CI=true: {exc}", pytrace=False)
        pytest.skip(f"PostgreSQL is unreachable: {exc}")
    url = admin_url.set(database=name, drivername="postgres")
    yield url.render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def slug(tmp_path) -> Path:
    """The app as the host builds it: the checkout copied, installed from requirements.txt into
    a fresh venv (pip's cache is used; the host's build has its own)."""
    app = tmp_path / "app"
    shutil.copytree(ROOT, app, symlinks=True, ignore=NOT_SHIPPED)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    install = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-r", "requirements.txt"]
    done = subprocess.run(install, cwd=app, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (venv / "bin" / "sh-sms").exists() and (venv / "bin" / "gunicorn").exists()
    return app


def free_port() -> int:
    """A TCP port nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(kind: str, app: Path, env: dict[str, str], log: Path) -> subprocess.Popen:
    """Run the Procfile's `kind` line as the host does (a shell, in the app, its own group)."""
    out = log.open("w")
    return subprocess.Popen(
        ["bash", "-c", procfile()[kind]],
        cwd=app,
        env={**env, "DYNO": f"{kind}.1"},
        stdout=out,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(proc: subprocess.Popen) -> int:
    """SIGTERM the process group, as the host does at shutdown; its exit status."""
    os.killpg(proc.pid, signal.SIGTERM)
    return proc.wait(timeout=STOP_SECONDS)


def wait_for_web(port: int, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    """Until /healthz answers 200 (the web process is booting; it must not exit meanwhile)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):  # refused, reset, or no answer yet (booting)
            pass
        time.sleep(0.2)  # polling a process that is starting up, not timing the code
    raise AssertionError("web never answered /healthz\n" + log.read_text())


def post(url: str, form: dict[str, str], token: str, signed_url: str) -> int:
    """POST a form signed the way Twilio signs it; the HTTP status."""
    signature = RequestValidator(token).compute_signature(signed_url, form)
    request = urllib.request.Request(
        url,
        data=urllib.parse.urlencode(form).encode(),
        headers={"X-Twilio-Signature": signature},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_release_web_and_worker_from_the_pinned_install(slug, database, tmp_path):
    fake = FakeTwilio().start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        "PATH": f"{tmp_path / 'venv' / 'bin'}:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "PORT": str(port),
        "WEB_CONCURRENCY": "2",
        "DATABASE_URL": database,
        "TWILIO_ACCOUNT_SID": fake.account_sid,
        "TWILIO_AUTH_TOKEN": fake.auth_token,
        "TWILIO_FROM_NUMBER": FROM,
        "TWILIO_API_URL": fake.url,
        "PUBLIC_BASE_URL": base,
        "TWILIO_MPS": "50",
        "WORKER_POLL_SECONDS": "0.1",
        "LOG_LEVEL": "DEBUG",  # the per-text lines, to see that they mask numbers
    }
    running: list[subprocess.Popen] = []
    try:
        release = subprocess.run(
            ["bash", "-c", procfile()["release"]],
            cwd=slug,
            env={**env, "DYNO": "release.1"},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert release.returncode == 0, release.stdout + release.stderr
        web_log, worker_log = tmp_path / "web.log", tmp_path / "worker.log"
        web = start("web", slug, env, web_log)
        worker = start("worker", slug, env, worker_log)
        running += [web, worker]
        wait_for_web(port, web, web_log)

        inbound = {"From": PLAYER, "Body": "NEW Ana", "MessageSid": "SM" + uuid.uuid4().hex}
        assert post(f"{base}/sms", inbound, fake.auth_token, f"{base}/sms") == 200

        def answered(f) -> list:  # created, and its answer given (sent_to holds a bit sooner)
            return [c for c in f.accepted() if c.to == PLAYER]

        assert fake.wait_for(answered, timeout=60), worker_log.read_text()
        [sent] = answered(fake)
        assert sent.form["From"] == FROM
        callback = sent.form["StatusCallback"]
        assert callback.startswith(f"{base}/sms/status?id=")
        status = {"MessageSid": sent.sid, "MessageStatus": "delivered"}
        assert post(callback, status, fake.auth_token, callback) == 204

        for proc in (web, worker):
            assert stop(proc) == 0
        logs = web_log.read_text() + worker_log.read_text()
        assert "Using worker: gthread" in logs  # gunicorn.conf.py was read
        assert "sms_received from=+1******0001" in logs  # one line per inbound text
        assert "sent id=1 to=+1******0001" in logs  # and per send, both on stdout
        assert PLAYER not in logs and PLAYER.lstrip("+") not in logs
    finally:
        for proc in running:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        fake.close()
