"""Log fields that can neither forge a log line nor leak a phone number.

Request values (a MessageSid, a status) are escaped, bounded and have numbers masked before they
reach a log line; tracebacks, which can quote anything, have their numbers masked. A passing
database fault (a restarted server, a dropped connection) is one field, not a traceback: what
failed is tried again, and a traceback would only say where the connection was lost.
"""

from __future__ import annotations

import re
import traceback

from ..store.faults import describe, is_transient
from ..text.numbers import mask

_NUMBER = re.compile(r"\+?\d{7,15}")
_PLAIN = re.compile(r"[A-Za-z0-9_.:/@+-]")
FIELD_MAX = 64


def scrub(text: str) -> str:
    """Mask anything that looks like a phone number."""
    return _NUMBER.sub(lambda m: mask(m.group()), text)


def field(value: object, limit: int = FIELD_MAX) -> str:
    """`value` as one log token: at most `limit` characters kept, any character outside a plain
    set (spaces, `=`, newlines, control and non-ASCII characters) escaped, numbers masked."""
    if value is None:
        return "-"
    text = str(value)
    escaped = "".join(ch if _PLAIN.match(ch) else _escape(ch) for ch in text[:limit])
    more = f"...({len(text)})" if len(text) > limit else ""
    return scrub(escaped) + more


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def failure(error: BaseException) -> str:
    """How a log line shows `error`, appended to its message: a passing database fault as one
    ` error=...` field, anything else as its traceback on the following lines, numbers masked."""
    if is_transient(error):
        return f" error={describe(error)} (a passing database fault: tried again)"
    return "\n" + scrub("".join(traceback.format_exception(error)).rstrip())
