"""Fixtures for the browser tests: the app served on a free port, and Debian's Chromium.

- `live_server` serves `create_app` (simulator backend) on a fresh migrated SQLite file, from a
  background thread, on 127.0.0.1 and a free port; it is shut down after the test. SQLite only:
  the web layer's PostgreSQL runs are covered by tests/web.
- `browser` is one headless Chromium for the session, started by Playwright from
  /usr/bin/chromium (Playwright's own browser download is not used).
- `context` / `page`: a fresh browser context per test, so no localStorage is shared.
- `serve(**settings)` serves an app with other settings (e.g. Twilio's, for the lobby's QR code);
  `screenshot(page, name)` saves a PNG to test-artifacts/screenshots/ (CI keeps that folder).

Without Chromium or the `playwright` package the tests are skipped, except under `CI=true`,
where they fail: CI must run them (.ci/run installs chromium).
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from sh_sms.store.migrate import upgrade
from sh_sms.web import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
# Settings that must not leak in from the environment of whoever runs the tests.
CLEAN = {
    "twilio_account_sid": None,
    "twilio_auth_token": None,
    "twilio_from_number": None,
    "twilio_messaging_service_sid": None,
    "public_base_url": None,
}


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}\nUnder CI=true the browser tests must run.", pytrace=False)
    pytest.skip(reason)


@dataclass
class LiveServer:
    """The running app: its base URL, and small HTTP helpers for driving it from the test."""

    url: str
    app: object = None  # the Flask app, for tests that put rows in its database

    def get_json(self, path: str) -> dict:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.load(response)

    def text(self, number: str, body: str) -> dict:
        """Send one text from a simulated phone, as the /sim page does."""
        request = urllib.request.Request(
            self.url + "/sim/send",
            data=json.dumps({"from": number, "body": body}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def state(self, code: str) -> dict:
        return self.get_json(f"/g/{code}.json")

    def inbox(self, number: str) -> list[str]:
        """Every text sent to `number` so far, oldest first."""
        bodies, after = [], 0
        while page := self.get_json(f"/sim/messages.json?after={after}")["messages"]:
            bodies += [m["body"] for m in page if m["to"] == number]
            after = page[-1]["id"]
        return bodies


@pytest.fixture(scope="session")
def _browser_db_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with every migration applied, copied by each test."""
    path = tmp_path_factory.mktemp("browser-db") / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture
def sqlite_url(_browser_db_template: Path, tmp_path: Path) -> str:
    """The URL of an empty, migrated SQLite database of this test's own."""
    path = tmp_path / "browser.db"
    shutil.copyfile(_browser_db_template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def serve(sqlite_url: str) -> Iterator:
    """Serve the app with these settings (over clean ones) in a background thread; once a test."""
    stops = []

    def start(**settings) -> LiveServer:
        app = create_app({**CLEAN, "database_url": sqlite_url, **settings})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
        thread.start()
        stops.append((server, thread, app))
        return LiveServer(f"http://127.0.0.1:{server.server_port}", app)

    yield start
    for server, thread, app in stops:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        app.extensions["sh_sms"].engine.dispose()


@pytest.fixture
def live_server(serve) -> LiveServer:
    """The app with the simulator backend, served in a background thread on a free port."""
    return serve()


SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


@pytest.fixture(scope="session")
def screenshot():
    """Save a screenshot of the page as test-artifacts/screenshots/<name>.png, for a person."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str, full_page: bool = False) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        return path

    return save


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session."""
    try:
        from playwright.sync_api import Error, expect, sync_playwright
    except ImportError as exc:
        _unavailable(f"the playwright package is not installed: {exc}")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")
    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
        except Error as exc:
            _unavailable(f"Chromium at {CHROMIUM} does not start: {exc}")
        yield browser
        browser.close()


@pytest.fixture
def context(browser):
    """A fresh browser context (own localStorage) for one test."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def page(context):
    """A page in this test's own context."""
    return context.new_page()
