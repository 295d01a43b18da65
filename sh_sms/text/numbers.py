"""Phone numbers: normalise what Twilio (or the simulator) sends, judge where a reply may go,
and mask them for logs."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

import phonenumbers
from phonenumbers import PhoneNumberType

# A computer player's `number`: never a phone number (`normalize` refuses it), so no text can come
# from it, and the mailbox queues nothing for it.
BOT_PREFIX = "bot:"


# What a phone number may be written with; `whatsapp:+1...`, `tel:` and vanity letters are not.
DIALLED = re.compile(r"[0-9 +().\-]+")
# Reply only to numbers of these kinds: never premium-rate, shared-cost, satellite, pagers...
TEXTABLE = frozenset({PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE})
# Why a reply may not go to a number (`destination_refusal`).
INVALID = "invalid"  # not a valid number (5551234, +882..., a made-up area code)
COUNTRY = "country"  # a valid number of a country replies may not go to
KIND = "kind"  # premium-rate, shared-cost, satellite, toll-free, a landline...


def normalize(raw: str | None, region: str = "US") -> str | None:
    """Return the number in E.164 form, or None if it is not a plausible phone number (or is
    written with anything but digits, spaces, `+`, `-`, `.` and brackets: `whatsapp:+1...`)."""
    if not raw or len(raw) > 32 or not DIALLED.fullmatch(raw.strip()):
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


def destination_refusal(
    number: str, regions: frozenset[str], also: Iterable[str] = ()
) -> str | None:
    """Why a reply may not go to `number` (E.164), or None when it may: the number must be
    valid, of one of `regions` (ISO codes such as "US"), and a mobile number or one that may be
    (FIXED_LINE_OR_MOBILE); a number matching a pattern of `also` (`#`: any one digit) may
    always."""
    if any(_matches(number, pattern) for pattern in also):
        return None
    return _refusal(number, regions)


@lru_cache(maxsize=4096)
def _refusal(number: str, regions: frozenset[str]) -> str | None:
    try:
        parsed = phonenumbers.parse(number, None)
    except phonenumbers.NumberParseException:
        return INVALID
    if not phonenumbers.is_valid_number(parsed):
        return INVALID
    if phonenumbers.region_code_for_number(parsed) not in regions:
        return COUNTRY
    if phonenumbers.number_type(parsed) not in TEXTABLE:
        return KIND
    return None


def _matches(number: str, pattern: str) -> bool:
    return len(number) == len(pattern) and all(
        (p == "#" and n.isdigit()) or p == n for n, p in zip(number, pattern, strict=True)
    )


@lru_cache(maxsize=4096)  # asked of the service's own number for every text (about 0.1 ms)
def region_of(number: str | None) -> str | None:
    """The ISO region of a number (its country code's main region when the number itself is not
    valid, as a test number is), or None when it is no number."""
    if not number:
        return None
    try:
        parsed = phonenumbers.parse(number, None)
    except phonenumbers.NumberParseException:
        return None
    region = phonenumbers.region_code_for_number(parsed)
    if region in (None, phonenumbers.UNKNOWN_REGION, "001"):
        region = phonenumbers.region_code_for_country_code(parsed.country_code)
    return None if region in (None, phonenumbers.UNKNOWN_REGION, "001") else region


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
