"""Twilio's message resources for the fake Twilio: as created, and filtered as the list API does."""

from __future__ import annotations

from datetime import UTC, datetime
from email.utils import parsedate_to_datetime


def rfc2822(moment: datetime) -> str:
    """A time the way Twilio writes it: `Wed, 18 Aug 2010 20:01:40 +0000`."""
    return moment.astimezone(UTC).strftime("%a, %d %b %Y %H:%M:%S +0000")


def matches(message: dict, query: dict[str, str]) -> bool:
    """Whether a message passes Twilio's list filters. `DateSent` compares the sent time (a
    message not yet sent has none, so any DateSent filter leaves it out)."""
    if query.get("To") and message["to"] != query["To"]:
        return False
    if query.get("From") and message["from"] != query["From"]:
        return False
    for key, keep in (
        ("DateSent", lambda sent, at: sent.date() == at.date()),
        ("DateSent<", lambda sent, at: sent <= at),
        ("DateSent>", lambda sent, at: sent >= at),
    ):
        if query.get(key):
            if message["date_sent"] is None:
                return False
            sent = parsedate_to_datetime(message["date_sent"])
            if not keep(sent, _when(query[key])):
                return False
    return True


def _when(value: str) -> datetime:
    """A DateSent filter value: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`, in UTC."""
    if len(value) == 10:
        return datetime.fromisoformat(value).replace(tzinfo=UTC)
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def message(account: str, sid: str, form: dict[str, str], created: datetime) -> dict:
    """A message resource as Twilio returns it on creation."""
    now = rfc2822(created)
    uri = f"/2010-04-01/Accounts/{account}/Messages/{sid}"
    return {
        "account_sid": account,
        "api_version": "2010-04-01",
        "body": form.get("Body"),
        "date_created": now,
        "date_sent": None,
        "date_updated": now,
        "direction": "outbound-api",
        "error_code": None,
        "error_message": None,
        "from": form.get("From"),
        "messaging_service_sid": form.get("MessagingServiceSid"),
        "num_media": "0",
        "num_segments": "1",
        "price": None,
        "price_unit": "USD",
        "sid": sid,
        "status": "accepted" if form.get("MessagingServiceSid") else "queued",
        "subresource_uris": {"media": f"{uri}/Media.json"},
        "to": form.get("To"),
        "uri": f"{uri}.json",
    }


def list_page(found: list[dict], size: int, uri: str) -> dict:
    """One page of the message list, with the paging fields the twilio library reads."""
    return {
        "messages": found,
        "end": max(0, len(found) - 1),
        "first_page_uri": uri,
        "next_page_uri": None,
        "page": 0,
        "page_size": size,
        "previous_page_uri": None,
        "start": 0,
        "uri": uri,
    }
