"""Logging to stdout, the same in every process (web, worker, release), where a host reads it."""

from __future__ import annotations

import logging
import sys

from .logsafe import failure

FORMAT = "%(levelname)-5.5s [%(name)s] %(message)s"
# Libraries that speak at info about every request or step: the twilio library logs each API call,
# Alembic each migration, Flask's local server each request (a browser polling /sim, twice a
# second), APScheduler each job. Heard only at DEBUG.
CHATTY_LIBRARIES = ("twilio", "alembic", "werkzeug", "apscheduler")
# SQLAlchemy would log every statement at DEBUG, urllib3 every connection: warnings only, always.
NOISY_LIBRARIES = ("sqlalchemy", "urllib3")


class _OurHandler(logging.StreamHandler):
    """The handler `configure_logging` installs (so that a second call only sets the level)."""

    def __init__(self, stream) -> None:
        super().__init__(stream)
        self.addFilter(one_line_faults)


def one_line_faults(record: logging.LogRecord) -> bool:
    """A record that carries an exception (`log.exception`, SQLAlchemy's pool failing to reset a
    connection the server dropped) shows it as `logsafe.failure` does: a passing database fault
    as one field on the same line, anything else as a traceback with numbers masked."""
    error = record.exc_info[1] if record.exc_info else None
    if error is not None:
        record.msg, record.args = "%s%s", (record.getMessage(), failure(error))
        record.exc_info, record.exc_text = None, None
    return True


def configure_logging(level: str = "INFO") -> None:
    """Send log records at `level` and above to stdout, unless the process set up logging itself
    (a test runner, say). Chatty libraries are kept to warnings unless `level` is DEBUG."""
    root = logging.getLogger()
    ours = [h for h in root.handlers if isinstance(h, _OurHandler)]
    if ours or not root.handlers:
        if not ours:
            handler = _OurHandler(sys.stdout)
            handler.setFormatter(logging.Formatter(FORMAT))
            root.addHandler(handler)
        known = logging.getLevelNamesMapping()
        root.setLevel(known.get(level.upper(), logging.INFO))
    chatty = logging.DEBUG if root.level == logging.DEBUG else logging.WARNING
    for name in CHATTY_LIBRARIES:
        logging.getLogger(name).setLevel(chatty)
    for name in NOISY_LIBRARIES:
        logging.getLogger(name).setLevel(logging.WARNING)
