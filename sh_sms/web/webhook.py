"""`POST /sms`: Twilio's inbound webhook. Checks the signature, then hands the text on."""

from __future__ import annotations

import logging
import re
import traceback

from flask import Blueprint, Response, request
from twilio.request_validator import RequestValidator
from twilio.twiml.messaging_response import MessagingResponse

from ..config import Settings
from ..conversation.keywords import keyword_text
from ..conversation.receive import receive
from ..numbers import mask, normalize
from .runtime import Runtime, runtime

log = logging.getLogger(__name__)
bp = Blueprint("webhook", __name__)

SIGNATURE_HEADER = "X-Twilio-Signature"
_NUMBER = re.compile(r"\+?\d{7,15}")


def scrub(text: str) -> str:
    """Mask anything that looks like a phone number (tracebacks can quote SQL parameters)."""
    return _NUMBER.sub(lambda m: mask(m.group()), text)


def signed_url(settings: Settings) -> str:
    """The URL Twilio signed: PUBLIC_BASE_URL plus the path when set, else the request's own."""
    if settings.public_base_url:
        return settings.public_base_url.rstrip("/") + request.full_path.rstrip("?")
    return request.url


def signature_ok(settings: Settings, urls: tuple[str, ...] = ()) -> bool:
    """Whether the request carries a valid X-Twilio-Signature (always true without a token),
    for one of `urls` or else for `signed_url`."""
    if not settings.twilio_auth_token:
        return True
    signature = request.headers.get(SIGNATURE_HEADER, "")
    if not signature:
        return False
    validator = RequestValidator(settings.twilio_auth_token)
    candidates = urls or (signed_url(settings),)
    return any(validator.validate(url, request.form, signature) for url in candidates)


def twiml() -> Response:
    """The empty TwiML answer: replies go out through the outbox, never in the response."""
    return Response(str(MessagingResponse()), mimetype="text/xml")


def deliver(rt: Runtime, number: str, body: str, sid: str | None) -> bool | None:
    """Hand one inbound text to the service; None (and a log line) when it failed."""
    try:
        return receive(rt.engine, rt.settings, number, body, sid, rt.clock())
    except Exception:
        log.error(
            "receive_failed from=%s sid=%s\n%s", mask(number), sid, scrub(traceback.format_exc())
        )
        return None


@bp.post("/sms")
def sms() -> Response:
    """Receive one text from Twilio: 403 without a valid signature, else the empty TwiML."""
    rt = runtime()
    if not signature_ok(rt.settings):
        log.warning("sms_rejected reason=signature path=%s", request.path)
        return Response(status=403)
    number = normalize(request.form.get("From"), rt.settings.default_region)
    if number is None:
        log.info("sms_ignored reason=unusable_from")
        return twiml()
    sid = request.form.get("MessageSid") or None
    form = request.form  # Twilio's OptOutType, when present, outranks the words (optout.py)
    body = keyword_text(rt.engine, number, form.get("Body", ""), form.get("OptOutType"))
    done = deliver(rt, number, body, sid)
    log.info("sms_received from=%s sid=%s new=%s", mask(number), sid, done)
    return twiml()
