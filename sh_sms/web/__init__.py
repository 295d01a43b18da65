"""The web layer: the Twilio webhook, the public board and the simulator, as Flask blueprints."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from ..config import SIMULATOR, Settings, database_url
from ..conversation.intake import policy_for
from ..ops.preflight import require_safe, settings_from_env
from ..resources import TEMPLATES
from ..store import make_engine
from .pages import loader
from .runtime import Runtime, utc_now

MAX_REQUEST_BYTES = 64 * 1024  # an SMS webhook is a few hundred bytes


def _settings(config: Settings | Mapping[str, Any] | None) -> tuple[Settings, Callable, dict]:
    if isinstance(config, Settings):
        return replace(config, database_url=database_url(config.database_url)), utc_now, {}
    overrides = dict(config or {})
    clock = overrides.pop("clock", None) or utc_now
    sleep = overrides.pop("sleep", None)  # tests: pauses between retries of a text, not slept
    return settings_from_env(**overrides), clock, {"sleep": sleep} if sleep else {}


def create_app(config: Settings | Mapping[str, Any] | None = None) -> Flask:
    """Build the app; a dict overrides fields of `Settings.from_env()` and may carry a `clock`
    and a `sleep` (what pauses between retries of a text's transaction).

    Raises `UnsafeConfiguration` for settings no process may start with (see ops.preflight):
    under gunicorn the worker then fails to boot and the master exits.
    """
    settings, clock, retry = _settings(config)
    engine = make_engine(settings.database_url, settings.db_lock_wait_seconds)
    try:
        require_safe(settings, engine)
    except Exception:
        engine.dispose()
        raise
    app = Flask(__name__, template_folder=str(TEMPLATES), static_folder=None)
    app.jinja_loader = loader()
    app.config["MAX_CONTENT_LENGTH"] = MAX_REQUEST_BYTES
    app.extensions["sh_sms"] = Runtime(settings, engine, clock, policy_for(settings, **retry))
    # Heroku's router sets X-Forwarded-Proto and X-Forwarded-For (and routes by Host); it never
    # sets X-Forwarded-Host, so a client's own would be believed: it is not read.
    app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=0, x_port=0, x_prefix=0)

    from . import board, group, health, home, replay, status, webhook

    app.register_blueprint(health.bp)
    app.register_blueprint(webhook.bp)
    app.register_blueprint(status.bp)
    app.register_blueprint(home.bp)
    app.register_blueprint(board.bp)
    app.register_blueprint(replay.bp)
    app.register_blueprint(group.bp)
    if settings.backend == SIMULATOR:
        from . import sim

        app.register_blueprint(sim.bp)
    if settings.worker_in_web:
        from ..jobs import attach_worker

        attach_worker(app)
    return app
