"""The app factory, the WSGI entry point and the `serve` command."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from werkzeug.middleware.proxy_fix import ProxyFix

from sh_sms.cli import COMMANDS
from sh_sms.config import SIMULATOR, TWILIO, Settings
from sh_sms.web import create_app

ROOT = Path(__file__).resolve().parents[2]


def test_a_dict_overrides_settings_and_may_carry_a_clock(database_url):
    clock = lambda: datetime(2030, 1, 1, tzinfo=UTC)  # noqa: E731
    app = create_app({"database_url": database_url, "twilio_account_sid": None, "clock": clock})
    rt = app.extensions["sh_sms"]
    try:
        assert rt.settings.database_url == database_url
        assert rt.clock is clock
        assert rt.engine.url.render_as_string(hide_password=False) == database_url
        assert isinstance(app.wsgi_app, ProxyFix)
    finally:
        rt.engine.dispose()


def test_settings_select_the_blueprints(database_url):
    sim = create_app(Settings(database_url=database_url))
    twilio = create_app(
        Settings(
            database_url=database_url,
            twilio_account_sid="AC1",
            twilio_auth_token="t",
            twilio_from_number="+15550009999",
        )
    )
    try:
        assert sim.extensions["sh_sms"].settings.backend == SIMULATOR
        pages = {"health", "webhook", "status", "home", "board", "replay", "group"}
        assert set(sim.blueprints) == {*pages, "sim"}
        assert twilio.extensions["sh_sms"].settings.backend == TWILIO
        assert set(twilio.blueprints) == pages
        assert twilio.extensions["sh_sms"].clock().tzinfo is not None
    finally:
        for app in (sim, twilio):
            app.extensions["sh_sms"].engine.dispose()


def test_the_engine_and_package_import_without_flask():
    code = (
        "import sys, sh_sms, sh_sms.games.standard.engine, sh_sms.games.standard.public;"
        " print('flask' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_app_py_builds_the_app(tmp_path):
    code = (
        "import os; from sh_sms.store.migrate import upgrade; upgrade(os.environ['DATABASE_URL']);"
        "import app; print(sorted(app.app.blueprints))"
    )
    env = {"DATABASE_URL": f"sqlite:///{tmp_path}/x.db", "PATH": "/usr/bin:/bin"}
    run = [sys.executable, "-c", code]
    out = subprocess.run(run, capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    assert (
        out.stdout.strip()
        == "['board', 'group', 'health', 'home', 'replay', 'sim', 'status', 'webhook']"
    )


def test_serve_is_a_command():
    assert COMMANDS["serve"] == "sh_sms.web.serve"


FORM_TYPE = "application/x-www-form-urlencoded"
ODD_PATHS = [
    "/",
    "/g/",
    "/g/%00",
    "/g/ABCD/",
    "/g/%C3%A9t%C3%A9",
    "/g/..%2F..%2Fetc",
    "/g/.json",
    "/g/ABCD.JSON",
    "/g/ABCD.json.json",
    "/g/ABCD/replay",
    "/g/%00/replay",
    "/g/ABCD/board.json",
    "/g/..%2F/board.json",
    "/sim/messages.json?after=%00",
    "/sim/messages.json?after=-1&after=2",
    "/sms?%ff=%ff",
    "/favicon.ico",
]


def test_odd_requests_never_cause_a_500(client, received):
    for path in ODD_PATHS:
        for method in ("get", "post", "head"):
            response = getattr(client, method)(
                path, data=b"From=%00&Body=%ff%fe&from=%2B1", content_type=FORM_TYPE
            )
            assert response.status_code < 500, (method, path, response.status_code)


def test_serve_gives_the_simulators_texts_a_local_address(tmp_path, monkeypatch):
    """`make run` without PUBLIC_BASE_URL: the last text's replay link (and every other link)
    points at the local server, so a newcomer can open it; with Twilio nothing is assumed."""
    from sh_sms.web import serve

    served = []
    monkeypatch.setattr(serve, "run", lambda server: served.append(server.app))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/x.db")
    for name in ("PUBLIC_BASE_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"):
        monkeypatch.setenv(name, "")  # set, so a developer's .env cannot fill them in
    assert serve.main(["--port", "5123"]) == 0
    assert served[0].extensions["sh_sms"].settings.public_base_url == "http://127.0.0.1:5123"

    monkeypatch.setenv("TWILIO_ACCOUNT_SID", "AC" + "1" * 32)
    monkeypatch.setenv("TWILIO_AUTH_TOKEN", "t")
    monkeypatch.setenv("TWILIO_FROM_NUMBER", "+15550009999")
    assert serve.main(["--port", "5123"]) == 0
    assert not served[1].extensions["sh_sms"].settings.public_base_url
    for app in served:
        app.extensions["sh_sms"].engine.dispose()
