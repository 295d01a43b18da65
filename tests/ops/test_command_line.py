"""The command line an operator meets: every command refuses settings it cannot start with (one
line each), has its full help, and `sh-sms --version` answers; `make run`'s server prints one
banner and stays quiet while a browser polls the simulator."""

from __future__ import annotations

import logging
import os
import re
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from sh_sms.cli import COMMANDS, installed_version
from sh_sms.cli import main as cli

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "DYNO", "LOG_LEVEL")


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """A directory without .env, a fresh SQLite file, no Twilio and no host."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/x.db")
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return tmp_path


@pytest.mark.parametrize(("command", "status"), [
    ("worker", 1), ("migrate", 1), ("doctor", 1), ("twilio", 2), ("serve", 1)
])  # fmt: skip
def test_every_command_refuses_a_value_it_cannot_use_with_one_line(
    command, status, clean_env, monkeypatch, caplog
):
    monkeypatch.setenv("NUDGE_AFTER_SECONDS", "30m")
    with caplog.at_level(logging.ERROR):
        assert cli([command]) == status
    [line] = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert line.startswith("Refusing to start: NUDGE_AFTER_SECONDS=30m is not a whole number")
    assert not (clean_env / "x.db").exists()  # nothing was opened or migrated


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_has_its_whole_help(command, capsys):
    with pytest.raises(SystemExit) as done:
        cli([command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: sh-sms {command}")
    description = out.split("\n\n")[1]
    assert len(description.split()) >= 12 and description.rstrip().endswith(".")
    options = out.split("options:\n")[1]
    for entry in re.split(r"\n(?=  -)", options.rstrip()):  # an option, with its help
        flag, *words = entry.split()
        assert len(words) >= 3, f"{flag} has no help"


def test_the_command_list_describes_each_command(capsys):
    assert cli([]) == 2
    out = capsys.readouterr().out
    for command in COMMANDS:
        [line] = [row for row in out.splitlines() if row.strip().startswith(command + " ")]
        assert len(line.split()) >= 5, line


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        cli(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"sh-sms {installed_version()}"
    assert installed_version()[0].isdigit()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_make_runs_server_prints_one_banner_and_nothing_while_the_simulator_is_polled(tmp_path):
    port = _free_port()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path}/fresh.db",  # a fresh clone: every migration runs
        "WORKER_IN_WEB": "1",  # as `make run` sets it
        "QUIET_HOURS": "off",
    }
    serve = [sys.executable, "-m", "sh_sms.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        serve, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if "Ctrl+C" in line:
                ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert ready.wait(60), "\n".join(lines)
        base = f"http://127.0.0.1:{port}"
        before = list(lines)
        for _ in range(20):  # a browser on /sim polls twice a second
            with urllib.request.urlopen(f"{base}/sim/messages.json?after=0", timeout=10) as r:
                assert r.status == 200
        with urllib.request.urlopen(f"{base}/sim", timeout=10) as r:
            assert r.status == 200
    finally:
        proc.terminate()
        proc.wait(30)
        reader.join(10)
    assert len(before) <= 15, "\n".join(before)
    assert any(f"http://127.0.0.1:{port}/sim" in line for line in before)
    assert lines[: len(before)] == before
    assert len(lines) == len(before), "\n".join(lines[len(before) :])  # polling added nothing
