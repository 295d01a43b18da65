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
    """A number safe for info-level logs: its whole country code and last four digits only
    (+44 7700 900123 -> +44******0123)."""
    if not number:
        return "-"
    if is_bot_number(number):
        return number
    digits = number.lstrip("+")
    if len(digits) <= 4:
        return "+" + "*" * len(digits)
    country = country_code(digits)
    hidden = len(digits) - len(country) - 4
    if hidden < 1:  # too short to keep both: keep the last four
        return "+" + "*" * (len(digits) - 4) + digits[-4:]
    return "+" + country + "*" * hidden + digits[-4:]


def country_code(digits: str) -> str:
    """The country calling code that `digits` (an E.164 number without +) starts with; calling
    codes are prefix-free, so the first one of 1 to 3 digits that exists is it ('' if none)."""
    for size in (1, 2, 3):
        if int(digits[:size] or 0) in phonenumbers.COUNTRY_CODE_TO_REGION_CODE:
            return digits[:size]
    return ""
