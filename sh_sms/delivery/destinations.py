"""Where replies may go (the SMS-pumping guard): only to mobile numbers of allowed countries.

Under the Twilio backend, where every segment is paid for, a text from a number a reply may not
go to is recorded and logged (masked), and nothing is sent to it (`conversation.receive`); the
worker also refuses to send any row to such a number (`delivery.senders`), whatever queued it.
The simulator sends nothing anywhere, so it answers any number (its phones use the fictional
+1 555 area code, which no real phone has).
"""

from __future__ import annotations

from functools import lru_cache

from ..config import TWILIO, Settings
from ..text.numbers import destination_refusal, region_of


def refusal(settings: Settings, number: str) -> str | None:
    """Why no reply may go to `number` under these settings (INVALID, COUNTRY or KIND from
    `text.numbers`), or None when one may."""
    if settings.backend != TWILIO:
        return None
    regions, also = _policy(settings.reply_countries, settings.reply_also_to, _home(settings))
    return destination_refusal(number, regions, also)


def allowed_regions(settings: Settings) -> frozenset[str]:
    """REPLY_COUNTRIES (ISO codes, comma-separated), else the country of the service's own
    (home) number, else DEFAULT_REGION."""
    return _policy(settings.reply_countries, settings.reply_also_to, _home(settings))[0]


def _home(settings: Settings) -> str:
    return region_of(settings.pool.home) or settings.default_region.upper()


@lru_cache(maxsize=16)
def _policy(countries: str, also: str, home: str) -> tuple[frozenset[str], tuple[str, ...]]:
    regions = frozenset(c.strip().upper() for c in countries.split(",") if c.strip())
    patterns = tuple(p.strip() for p in also.split(",") if p.strip())
    return regions or frozenset({home}), patterns
