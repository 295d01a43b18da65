"""What one send did, and which failures are worth another try.

Twilio reports failures twice over: the REST API refuses a request (HTTP 4xx/5xx with an error
code such as 21211), and status callbacks report a message the carrier did not deliver (30003,
30005, ...). Both are sorted here into the same three kinds.
"""

from __future__ import annotations

from dataclasses import dataclass

SENT = "sent"  # the provider accepted it; callbacks tell the rest
DELIVERED = "delivered"  # the simulator: nothing further will happen
RETRY = "retry"  # transient: try again later
FAIL = "fail"  # permanent: never retried

NETWORK = "network"  # no HTTP answer at all (refused, reset, timed out)
REFUSED = "refused"  # never sent: no reply may go to that number (delivery.destinations)

# Sorted by who can fix them (https://www.twilio.com/docs/api/errors):
# A moment's wait: Twilio's or the carrier's queues are full, or the handset is briefly away.
TRANSIENT_CODES = frozenset({20429, 21611, 30001, 30003, 30008, 30017, 30022})
# ... and of those, Twilio's queue for the number is full (21611: ten hours of texts at its rate):
# slow down, not for seconds but for minutes: tried again no sooner than SLOW_DOWN_SECONDS.
SLOW_DOWN_CODES = frozenset({21611})
SLOW_DOWN_SECONDS = 60.0
# The player's phone: the number is invalid, not mobile, unsubscribed, gone.
RECIPIENT_CODES = frozenset({21211, 21214, 21610, 21612, 21614, 30004, 30005, 30006})
OPTED_OUT_CODES = frozenset({21610})  # the carrier has the number unsubscribed (it texted STOP)
# The operator: bad credentials (20003), a sender that is not ours or cannot text (21212, 21606),
# the account's geographic permissions (21408), a status callback URL Twilio refuses (21609), a
# trial account texting an unverified number (21608), carrier filtering (30007), an unverified
# toll-free or unregistered 10DLC number (30032, 30034). Every game on the number is affected: a
# person must hear of these, the host of the game and the operator.
SENDER_CODES = frozenset({20003, 21212, 21408, 21606, 21608, 21609, 30007, 30032, 30034})
# Nobody: the text waited in Twilio's queue past its ValidityPeriod (a prompt whose moment has
# passed; the reminders say what is asked now). Given up, and the number is not blamed.
EXPIRED_CODES = frozenset({30036})


@dataclass(frozen=True)
class Outcome:
    """The result of one send attempt, or of a failure a status callback reports."""

    kind: str
    sid: str | None = None
    code: str | None = None  # a Twilio error code, `http_<status>` or `network`
    unreachable: bool = False  # permanent, and the number's fault: tell its table
    opted_out: bool = False  # the number unsubscribed at the carrier
    sender: bool = False  # permanent, and the sender's fault: tell the host and the operator
    slow_down: bool = False  # transient, and Twilio asks for fewer requests: wait longer

    @property
    def accepted(self) -> bool:
        """Whether the message left us (handed to the provider, or delivered by the simulator)."""
        return self.kind in (SENT, DELIVERED)


def classify(code: int | str | None, http_status: int | None = None) -> Outcome:
    """Sort a failure by its Twilio error code and HTTP status (either may be missing)."""
    number = _int(code)
    label = str(number) if number is not None else (f"http_{http_status}" if http_status else None)
    if number in RECIPIENT_CODES:
        return Outcome(FAIL, code=label, unreachable=True, opted_out=number in OPTED_OUT_CODES)
    if number in SENDER_CODES:
        return Outcome(FAIL, code=label, sender=True)
    if number in SLOW_DOWN_CODES:
        return Outcome(RETRY, code=label, slow_down=True)
    if number in TRANSIENT_CODES or http_status == 429 or (http_status or 0) >= 500:
        return Outcome(RETRY, code=label)
    return Outcome(FAIL, code=label)


def network_error() -> Outcome:
    """No answer from the provider: maybe it never got the request, so it is sent again."""
    return Outcome(RETRY, code=NETWORK)


def _int(code: int | str | None) -> int | None:
    """A Twilio error code (five digits); the library puts the HTTP status there when none."""
    try:
        number = int(code) if code not in (None, "") else None
    except (TypeError, ValueError):
        return None
    return number if number is not None and number >= 10000 else None
