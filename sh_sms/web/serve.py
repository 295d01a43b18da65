"""`sh-sms serve`: migrate the database, then serve the app locally with Flask's server."""

from __future__ import annotations

import argparse
import dataclasses
import os

from ..config import SIMULATOR, Settings
from ..ops.logs import configure_logging

DEFAULT_PORT = 5000
HOST = "127.0.0.1"


def main(argv: list[str] | None = None) -> int:
    """Run the migrations, print where the simulator is, and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="sh-sms serve")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or DEFAULT_PORT))
    parser.add_argument("--host", default=HOST)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    if settings.backend == SIMULATOR and not settings.public_base_url:
        # Links in texts (the replay in the last one) need an address; locally, it is this one.
        local = f"http://{args.host}:{args.port}"
        settings = dataclasses.replace(settings, public_base_url=local)
    configure_logging(settings.log_level)

    from ..store.migrate import upgrade

    upgrade(settings.database_url)

    from . import create_app

    app = create_app(settings)
    print(f"http://{args.host}:{args.port}/sim")
    app.run(host=args.host, port=args.port)
    return 0
