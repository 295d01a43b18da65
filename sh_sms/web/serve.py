"""`sh-sms serve` (what `make run` runs): migrate the database, then serve the app on this machine
with werkzeug's threaded server, after one banner that says where the simulator (or the app) is.

Requests and per-text lines are logged at DEBUG only (LOG_LEVEL=DEBUG shows them), so a browser
polling the simulator adds nothing to the terminal.
"""

from __future__ import annotations

import dataclasses
import os
import sys

from werkzeug.serving import make_server

from ..config import SIMULATOR, Settings, shown_url
from ..ops.commandline import command_parser
from ..ops.preflight import UnsafeConfiguration, refused, start
from ..ops.service_pool import with_service_numbers
from ..ops.wording import say
from ..setting_values import LOCAL_HOSTS
from .texting import service_number

DEFAULT_PORT = 5000
HOST = "127.0.0.1"


def main(argv: list[str] | None = None) -> int:
    """Run the migrations, print the banner, and serve until interrupted."""
    parser = command_parser("serve")
    default_port = int(os.environ.get("PORT") or DEFAULT_PORT)
    parser.add_argument(
        "--port", type=int, default=default_port, help="the port (default $PORT, else 5000)"
    )
    parser.add_argument(
        "--host", default=HOST, help="the address to listen on (default 127.0.0.1: this machine)"
    )
    args = parser.parse_args(argv)
    settings = start()
    if settings is None or refused(settings):
        return 1
    try:
        settings = with_service_numbers(settings)
    except UnsafeConfiguration:
        return 1
    local = f"http://{args.host}:{args.port}"
    if settings.backend == SIMULATOR and not settings.public_base_url and args.host in LOCAL_HOSTS:
        # Links in texts (the replay in the last one) need an address; locally, it is this one.
        settings = dataclasses.replace(settings, public_base_url=local)

    from ..store.migrate import upgrade

    upgrade(settings.database_url)

    from . import create_app

    try:
        app = create_app(settings)
    except UnsafeConfiguration:
        return 1
    server = make_server(args.host, args.port, app, threaded=True)  # a taken port: it says so
    sys.stdout.write(banner(settings, local) + "\n")  # one write: no log line lands inside
    sys.stdout.flush()
    run(server)
    return 0


def banner(settings: Settings, local: str) -> str:
    """What `make run` prints once it serves: where to go, and what to text."""
    return say(
        "serve/banner",
        url=local,
        simulator=settings.backend == SIMULATOR,
        number=service_number(settings),
        numbers=len(settings.pool.numbers),
        database=shown_url(settings.database_url),
    )


def run(server) -> None:
    """Serve until Ctrl+C (tests replace this)."""
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
