"""Senders: how one claimed text leaves. The simulator only marks it delivered; Twilio sends it
through the `twilio` library's Client, with a request timeout and a status callback URL, and a
text that asks its reader to act with a ValidityPeriod (PROMPT_VALIDITY_SECONDS, 600): should
Twilio's queue hold it longer, Twilio drops it (error 30036) rather than deliver a prompt whose
moment has passed; the game's reminders then say what is asked now."""

from __future__ import annotations

import logging
import threading
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import requests
from twilio.base.exceptions import TwilioRestException, TwilioServiceException
from twilio.http.http_client import TwilioHttpClient
from twilio.rest import Client

from ..config import SIMULATOR, Settings
from ..text.numbers import mask
from .claims import Claim
from .destinations import refusal
from .errors import DELIVERED, FAIL, REFUSED, RETRY, SENT, Outcome, classify, network_error
from .lookup import find_created

log = logging.getLogger(__name__)

CALLBACK_ID = "id"  # the query parameter of the status callback URL naming the outbox row


def callback_url(base: str | None, outbox_id: int) -> str | None:
    """The status callback URL for one row: `base` with `?id=<outbox id>` (None without base).

    With the row's id in the URL a callback finds its row even before the worker has stored
    Twilio's message SID, or when the worker died before it could.
    """
    if not base:
        return None
    parts = urlsplit(base)
    query = [*parse_qsl(parts.query), (CALLBACK_ID, str(outbox_id))]
    return urlunsplit(parts._replace(query=urlencode(query)))


class SimulatorSender:
    """The simulator backend: a text is delivered the moment a worker takes it."""

    rate_limited = False

    def send(self, item: Claim) -> Outcome:
        """Mark `item` delivered."""
        return Outcome(DELIVERED, sid=f"SIM{item.id}")


class TwilioSender:
    """Sends through Twilio's REST API with the official Client (one per thread)."""

    rate_limited = True

    def __init__(self, settings: Settings) -> None:
        """Use `settings`' credentials, sender, timeout and (for tests) API base URL."""
        if not (settings.pool.numbers or settings.twilio_messaging_service_sid):
            raise ValueError(
                "set TWILIO_FROM_NUMBER, TWILIO_NUMBERS or TWILIO_MESSAGING_SERVICE_SID to send"
            )
        self.settings = settings
        self._local = threading.local()

    def client(self) -> Client:
        """This thread's Client (requests sessions are not meant to be shared across threads)."""
        client = getattr(self._local, "client", None)
        if client is None:
            s = self.settings
            http = TwilioHttpClient(timeout=s.send_timeout_seconds)
            client = Client(s.twilio_account_sid, s.twilio_auth_token, http_client=http)
            if s.twilio_api_url:
                client.api.base_url = s.twilio_api_url.rstrip("/")
            self._local.client = client
        return client

    def send(self, item: Claim) -> Outcome:
        """Create the message, unless an earlier attempt whose outcome was unknown did (then
        that one counts); sort any failure into transient or permanent."""
        s = self.settings
        sender = s.pool.sender(item.line)  # the service number of the text's game (or thread)
        refused = refusal(s, item.to_number)
        if refused is not None:  # no reply may go there, whatever queued one: never sent
            to = mask(item.to_number)
            log.warning("send_refused id=%s to=%s reason=%s", item.id, to, refused)
            return Outcome(FAIL, code=REFUSED, unreachable=True)
        if item.critical:
            sender["validity_period"] = s.prompt_validity_seconds
        if item.unsure_since is not None:
            found = self._look_up(item)
            if found is not None:
                return found
        try:
            message = self.client().messages.create(
                to=item.to_number,
                body=item.body,
                status_callback=callback_url(s.callback_url, item.id),
                **sender,
            )
        except (TwilioRestException, TwilioServiceException) as exc:
            return classify(exc.code, exc.status)
        except requests.RequestException:
            return network_error()
        return Outcome(SENT, sid=message.sid)

    def _look_up(self, item: Claim) -> Outcome | None:
        """Ask Twilio whether an earlier attempt of `item` created the message: its outcome when
        it did, or when asking failed transiently (try again later rather than risk sending
        twice); None to go on and send. A permanent failure to ask (the credentials may not
        allow listing messages) also sends: once more at worst, rather than never."""
        try:
            sid = find_created(self.client(), self.settings, item)
        except (TwilioRestException, TwilioServiceException) as exc:
            outcome = classify(exc.code, exc.status)
            if outcome.kind != RETRY:
                log.warning("lookup_refused id=%s code=%s: sending anyway", item.id, outcome.code)
                return None
            return outcome
        except requests.RequestException:
            return network_error()
        if sid is None:
            return None
        log.info("send_found id=%s sid=%s: an earlier attempt reached Twilio", item.id, sid)
        return Outcome(SENT, sid=sid)


def make_sender(settings: Settings) -> SimulatorSender | TwilioSender:
    """The sender for the configured backend."""
    return SimulatorSender() if settings.backend == SIMULATOR else TwilioSender(settings)
