"""What the logs show of a phone number: its whole country code and its last four digits."""

from __future__ import annotations

import io
import logging

import psycopg
import pytest
from sqlalchemy import exc as sa_exc

from sh_sms.ops.logs import FORMAT, _OurHandler
from sh_sms.ops.logsafe import failure, scrub
from sh_sms.text.numbers import mask


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        ("+15550104321", "+1******4321"),
        ("+447911123456", "+44******3456"),  # was +4*******3456: one digit of the country code
        ("+353871234567", "+353*****4567"),
        ("+8613800138000", "+86*******8000"),
        ("+9715012345", "+971***2345"),
        ("+1234", "+****"),
        (None, "-"),
        ("bot:ana", "bot:ana"),  # a computer player has no phone
    ],
)
def test_a_number_keeps_its_whole_country_code_and_last_four_digits(number, shown):
    assert mask(number) == shown


def test_a_traceback_quoting_a_number_has_it_masked_the_same_way():
    assert scrub("to=+447911123456 failed") == "to=+44******3456 failed"


def _admin_shutdown() -> Exception:
    """What a restarted PostgreSQL does to a connection in use, as SQLAlchemy raises it."""
    orig = psycopg.errors.AdminShutdown("terminating connection due to administrator command")
    return sa_exc.OperationalError("ROLLBACK", {}, orig)


def _emitted(logger: str, message: str, error: Exception) -> str:
    """What the processes' stdout handler writes for `log.exception(message)` about `error`."""
    out = io.StringIO()
    handler = _OurHandler(out)
    handler.setFormatter(logging.Formatter(FORMAT))
    log = logging.getLogger(logger)
    log.addHandler(handler)
    log.propagate = False
    try:
        try:
            raise error
        except Exception:
            log.exception(message)
    finally:
        log.removeHandler(handler)
        log.propagate = True
    return out.getvalue()


def test_a_passing_database_fault_is_one_line_saying_it_is_tried_again():
    # SQLAlchemy's pool, returning a connection the restarted server dropped, logs this
    written = _emitted(
        "sqlalchemy.pool.impl.QueuePool", "Exception during reset", _admin_shutdown()
    )
    assert written.count("\n") == 1, written
    assert "Exception during reset error=OperationalError/AdminShutdown[57P01]" in written
    assert "tried again" in written and "Traceback" not in written


def test_any_other_error_keeps_its_traceback_with_numbers_masked():
    written = _emitted("sh_sms.test", "bot_move_failed", ValueError("seat +447911123456"))
    assert "Traceback" in written and "ValueError" in written
    assert "+44******3456" in written and "7911123456" not in written


def test_the_workers_lines_about_a_fault_are_one_line_too():
    assert failure(_admin_shutdown()).count("\n") == 0
    assert failure(KeyError("x")).startswith("\nKeyError")  # on the lines after
