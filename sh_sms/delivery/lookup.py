"""Does Twilio already have this message? Asked before sending a text again whose earlier attempt
had an unknown outcome: its request timed out, or the worker sending it died.

Twilio takes no idempotency key when a message is created, so the only way to send at most once
is to look: list the messages to the recipient from the text's sender (its service number; with
a Messaging Service, keep those of the service), newest first, and match the body among those
created since the uncertain attempt began, leaving out the messages our other rows to that number
already hold (an earlier text with the same words, "Vote changed to JA.", sent a moment before).
Per recipient only this text's own attempts can be that recent otherwise (later texts to the same
number wait for it), so one page is plenty.

The list is deliberately not filtered by `DateSent`: Twilio filters that on whole days of the
sent date, and a message still waiting in Twilio's queue has no sent date at all, so such a
filter would miss exactly the message most likely to be in doubt.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from twilio.base.exceptions import TwilioException, TwilioRestException
from twilio.rest import Client

from ..config import Settings
from .claims import CLOCK_SKEW, Claim

LOOKUP_LIMIT = 50  # the newest messages to the recipient that are read
NOT_SENT = frozenset({"failed", "undelivered", "canceled"})  # created, but it did not get out


def find_created(client: Client, settings: Settings, item: Claim) -> str | None:
    """The SID of a message Twilio created for `item` since `item.unsure_since` and did not
    fail, or None. Errors of the request are the caller's to sort."""
    if item.unsure_since is None:
        return None
    since = _aware(item.unsure_since) - CLOCK_SKEW
    sender = settings.pool.sender(item.line)
    service = sender.get("messaging_service_sid")
    query = {"to": item.to_number, "limit": LOOKUP_LIMIT}
    if "from_" in sender:
        query["from_"] = sender["from_"]
    for message in _listed(client, query):
        if (
            message.sid not in item.known_sids  # an earlier row's, with the same words
            and message.body == item.body
            and message.date_created is not None
            and message.date_created >= since
            and str(message.status) not in NOT_SENT
            and (message.messaging_service_sid == service if service else True)
        ):
            return message.sid
    return None


def _listed(client: Client, query: dict) -> list:
    """`client.messages.list`, a refused page raised as the TwilioRestException that a refused
    create raises (the library raises a bare TwilioException with the response for pages)."""
    try:
        return client.messages.list(**query)
    except TwilioRestException:
        raise
    except TwilioException as exc:
        response = exc.args[1] if len(exc.args) > 1 else None
        status = getattr(response, "status_code", None)
        if status is None:
            raise
        try:
            code = json.loads(response.text).get("code")
        except (ValueError, AttributeError):
            code = None
        raise TwilioRestException(status, "Messages.json", "listing refused", code) from exc


def _aware(moment: datetime) -> datetime:
    """SQLite gives times back without their zone; every time stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
