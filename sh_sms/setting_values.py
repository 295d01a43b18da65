"""What each setting may hold: pydantic types that refuse a value that cannot work, and the one
line that says so (templates/ops/setting/ for why, templates/ops/problem/setting.txt for the line).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import phonenumbers
from pydantic import AfterValidator, BeforeValidator, Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from .quiet import parse_window
from .resources import has, say

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})  # where plain http is fine
DATABASES = ("sqlite", "postgresql+psycopg")


def database_url(raw: str) -> str:
    """Accept Heroku's `postgres://` and plain `postgresql://`, using the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix) :]
    return raw


def shown_url(url: str) -> str:
    """A database URL fit for a log line: no password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(not a database URL)"


def _refuse(kind: str, **context: Any) -> PydanticCustomError:
    """A refusal whose words are templates/ops/setting/<kind>.txt."""
    return PydanticCustomError(kind, kind, context)


def _database(url: str) -> str:
    try:
        driver = make_url(url).drivername
    except ArgumentError:
        driver = None
    if driver not in DATABASES:
        raise _refuse("database")
    return url


def _base_url(url: str) -> str:
    """An absolute https URL with no path (http only for this machine): Twilio signs it."""
    parts = _parts(url)
    local = parts.hostname in LOCAL_HOSTS
    if parts.scheme != "https" and not (parts.scheme == "http" and local):
        raise _refuse("base_url_scheme")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise _refuse("base_url_path")
    return url


def _any_url(url: str) -> str:
    _parts(url)
    return url


def _parts(url: str):
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname
    except ValueError:
        host = None
    if not host or parts.scheme not in ("http", "https") or url != url.strip():
        raise _refuse("url")
    return parts


def _zone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise _refuse("timezone") from None
    return name


def _quiet(text: str) -> str:
    if parse_window(text) is False:
        raise _refuse("quiet_hours")
    return text


def _region(code: str) -> str:
    if code not in phonenumbers.SUPPORTED_REGIONS:
        raise _refuse("region")
    return code


def _regions(codes: str) -> str:
    """Comma-separated country codes, each one phone numbers use; empty is allowed."""
    for code in codes.split(","):
        if code.strip():
            _region(code.strip().upper())
    return codes


def _patterns(patterns: str) -> str:
    """`off`, or comma-separated numbers in E.164 where `#` stands for any digit."""
    if patterns.strip().lower() == "off":
        return patterns
    for pattern in patterns.split(","):
        body = pattern.strip()
        if body and not (body.startswith("+") and all(c.isdigit() or c == "#" for c in body[1:])):
            raise _refuse("number_pattern")
    return patterns


def _numbers(numbers: str) -> str:
    """Comma-separated phone numbers, each in E.164 (+ and the digits); empty is allowed."""
    for number in numbers.split(","):
        body = number.strip()
        if body and not _e164(body):
            raise _refuse("numbers", number=body)
    return numbers


def _number_rates(rates: str) -> str:
    """Comma-separated `number=segments per second` pairs, each number in E.164; empty is
    allowed."""
    parse_number_rates(rates)
    return rates


def parse_number_rates(rates: str) -> dict[str, float]:
    """The send rate of each number TWILIO_NUMBER_RATES lists, by number."""
    found = {}
    for pair in rates.split(","):
        if not pair.strip():
            continue
        number, _, rate = pair.partition("=")
        try:
            value = float(rate)
        except ValueError:
            value = 0.0
        if not _e164(number.strip()) or not value > 0:
            raise _refuse("number_rates", pair=pair.strip())
        found[number.strip()] = value
    return found


def _e164(number: str) -> bool:
    try:
        parsed = phonenumbers.parse(number)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164) == number


def _prefixed(prefix: str):
    def check(sid: str) -> str:
        if not sid.startswith(prefix):
            raise _refuse("sid", prefix=prefix)
        return sid

    return AfterValidator(check)


def _blank_is_none(value: object) -> object:
    return None if isinstance(value, str) and not value.strip() else value


def _upper(value: object) -> object:
    return value.strip().upper() if isinstance(value, str) else value


def _lower(value: object) -> object:
    return value.strip().lower() if isinstance(value, str) else value


DatabaseUrl = Annotated[str, BeforeValidator(database_url), AfterValidator(_database)]
BaseUrl = Annotated[str, AfterValidator(_base_url)]
OptionalBaseUrl = Annotated[BaseUrl | None, BeforeValidator(_blank_is_none)]
Url = Annotated[str, AfterValidator(_any_url)]
TimeZone = Annotated[str, AfterValidator(_zone)]
QuietHours = Annotated[str, AfterValidator(_quiet)]
Region = Annotated[str, BeforeValidator(_upper), AfterValidator(_region)]
Regions = Annotated[str, AfterValidator(_regions)]
NumberPatterns = Annotated[str, AfterValidator(_patterns)]
Numbers = Annotated[str, AfterValidator(_numbers)]
NumberRates = Annotated[str, AfterValidator(_number_rates)]
AccountSid = Annotated[str, _prefixed("AC")]
ServiceSid = Annotated[str, _prefixed("MG")]
LogLevel = Annotated[
    Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"], BeforeValidator(_upper)
]
DeliveryOrder = Annotated[Literal["critical", "fifo"], BeforeValidator(_lower)]
# Twilio keeps a text in its queue at most 36,000 s (10 hours), its own default and maximum.
Validity = Annotated[int, Field(ge=1, le=36000)]
SECRETS = frozenset({"twilio_auth_token"})  # never quoted back in a refusal


def refusals(
    fields: Mapping[str, FieldInfo], error: ValidationError, values: Mapping[str, Any]
) -> list[str]:
    """One line per refused variable (the first reason pydantic gives for each)."""
    lines, seen = [], set()
    for problem in error.errors():
        name = str(problem["loc"][0]) if problem["loc"] else ""
        if name in seen or name not in fields:
            continue
        seen.add(name)
        read = values.get(name)
        if name == "database_url" and isinstance(read, str):
            read = shown_url(database_url(read))
        shown = "(hidden)" if name in SECRETS else _shown(read)
        kind = problem["type"]
        template = f"setting/{kind}" if has(f"setting/{kind}") else "setting/other"
        why = say(template, **(problem.get("ctx") or {}), message=problem["msg"])
        example = _example(fields[name], name)
        lines.append(
            say("problem/setting", name=name.upper(), read=shown, why=why, example=example)
        )
    return lines


def _shown(value: object, limit: int = 100) -> str:
    """`value` as read, on one line: control and non-ASCII characters escaped, bounded."""
    text = str(value)
    more = "..." if len(text) > limit else ""
    return text[:limit].encode("unicode_escape").decode("ascii") + more


def _example(info: FieldInfo, name: str) -> object:
    """A value that works: the field's example, else its default (a flag as 0 or 1)."""
    if info.examples:
        return info.examples[0]
    if isinstance(info.default, bool):
        return int(info.default)
    return info.default
