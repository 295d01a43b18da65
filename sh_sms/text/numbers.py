"""Phone numbers: normalise what Twilio (or the simulator) sends, and mask them for logs."""

from __future__ import annotations

from functools import lru_cache

import phonenumbers

# A computer player's `number`: never a phone number (`normalize` refuses it), so no text can come
# from it, and the mailbox queues nothing for it.
BOT_PREFIX = "bot:"


def normalize(raw: str | None, region: str = "US") -> str | None:
    """Return the number in E.164 form, or None if it is not a plausible phone number."""
    if not raw or len(raw) > 32:
        return None
    return _normalize(raw, region)


@lru_cache(maxsize=4096)  # the same few numbers text again and again; parsing one costs ~25 us
def _normalize(raw: str, region: str) -> str | None:
    try:
        parsed = phonenumbers.parse(raw.strip(), region)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_possible_number(parsed):
        return None
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)


def bot_number(name: str) -> str:
    """The `number` a computer player called `name` is stored with."""
    return BOT_PREFIX + name.casefold()


def is_bot_number(number: str | None) -> bool:
    """Whether `number` belongs to a computer player (it has no phone)."""
    return bool(number) and number.startswith(BOT_PREFIX)


def mask(number: str | None) -> str:
    """A number safe for info-level logs: country code and last four digits only."""
    if not number:
        return "-"
    if is_bot_number(number):
        return number
    digits = number.lstrip("+")
    if len(digits) <= 4:
        return "+" + "*" * len(digits)
    return "+" + digits[:1] + "*" * (len(digits) - 5) + digits[-4:]
