"""What Twilio's requests may carry, checked for shape and length before anything is queried.

Twilio's SIDs are two upper-case letters and 32 hex digits (`SM...`, `MM...`, `AC...`); the
checks accept any two-letter prefix and up to 62 letters or digits after it, which every real
SID (and the simulator's `SIM...`) passes and which still fits the 64-character columns. A value
that fails is refused with a 400, except where Twilio itself may leave a value out: there a
malformed one is treated as absent (`ErrorCode`, `OptOutType`, an empty callback `id`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

SID = re.compile(r"[A-Z]{2}[A-Za-z0-9]{1,62}")
ACCOUNT_SID = re.compile(r"AC[A-Za-z0-9]{1,62}")
ADDRESS = re.compile(r"[A-Za-z0-9+:._@-]{1,64}")  # E.164, a short code, `whatsapp:+1...`
STATUS = re.compile(r"[A-Za-z_-]{1,32}")  # queued, sent, delivered, undelivered, ...
ERROR_CODE = re.compile(r"[0-9]{1,8}")
OPT_OUT_TYPE = re.compile(r"[A-Za-z]{1,16}")  # STOP, START, HELP
ROW_ID = re.compile(r"[0-9]{1,10}")
MEDIA = re.compile(r"[0-9]{1,2}")  # NumMedia: Twilio sends at most 10
MAX_ROW_ID = 2**31 - 1  # fits every database's integer column


def _bad(form: Mapping[str, str], name: str, shape: re.Pattern) -> bool:
    value = form.get(name)
    return bool(value) and not shape.fullmatch(value)


def inbound_problem(form: Mapping[str, str]) -> str | None:
    """The name of the first malformed field of an inbound text (`/sms`), or None."""
    for name, shape in (("MessageSid", SID), ("AccountSid", ACCOUNT_SID), ("To", ADDRESS)):
        if _bad(form, name, shape):
            return name
    return None


def clean_body(raw: str | None) -> str:
    """The text's body without NUL characters (no database column can hold one)."""
    return (raw or "").replace("\x00", "")


def opt_out_type(raw: str | None) -> str | None:
    """Twilio's OptOutType when it is a plain word; anything else counts as absent."""
    return raw if raw and OPT_OUT_TYPE.fullmatch(raw) else None


def media_count(raw: str | None) -> int:
    """How many pictures an MMS carried (`NumMedia`, 0-10); anything else counts as none."""
    return int(raw) if raw and MEDIA.fullmatch(raw) else 0


def status_problem(form: Mapping[str, str], args: Mapping[str, str]) -> str | None:
    """The name of the first malformed field of a status callback (`/sms/status`), or None."""
    sid = form.get("MessageSid") or form.get("SmsSid")
    status = form.get("MessageStatus") or form.get("SmsStatus")
    if not sid or not SID.fullmatch(sid):
        return "MessageSid"
    if not status or not STATUS.fullmatch(status):
        return "MessageStatus"
    if _bad(form, "AccountSid", ACCOUNT_SID):
        return "AccountSid"
    raw_id = args.get("id")
    if raw_id and (not ROW_ID.fullmatch(raw_id) or int(raw_id) > MAX_ROW_ID):
        return "id"
    return None


def row_id(raw: str | None) -> int | None:
    """The outbox id from a callback URL already checked by `status_problem` (None: absent)."""
    return int(raw) if raw else None


def error_code(raw: str | None) -> str | None:
    """Twilio's ErrorCode when it is a number; anything else counts as absent."""
    return raw if raw and ERROR_CODE.fullmatch(raw) else None
