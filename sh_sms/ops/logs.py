"""Logging to stdout, the same in every process (web, worker, release), where a host reads it."""

from __future__ import annotations

import logging
import sys

FORMAT = "%(levelname)-5.5s [%(name)s] %(message)s"


def configure_logging(level: str = "INFO") -> None:
    """Send log records at `level` and above to stdout, unless the process set up logging itself
    (a test runner, say). The twilio library logs every request at info: it is kept to warnings."""
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(handler)
        known = logging.getLevelNamesMapping()
        root.setLevel(level.upper() if level.upper() in known else logging.INFO)
    logging.getLogger("twilio").setLevel(logging.WARNING)
