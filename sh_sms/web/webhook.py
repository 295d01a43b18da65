"""`POST /sms`: Twilio's inbound webhook. Checks the signature, then hands the text on."""

from __future__ import annotations

import base64
import hmac
import logging
from collections.abc import Mapping
from hashlib import sha1

from flask import Blueprint, Response, request
from twilio.request_validator import RequestValidator
from twilio.twiml.messaging_response import MessagingResponse

from ..config import Settings
from ..conversation.intake import ANSWERED, Text, accept
from ..ops.logsafe import field, scrub
from ..text.numbers import mask, normalize
from . import inputs
from .runtime import Runtime, runtime

log = logging.getLogger(__name__)
bp = Blueprint("webhook", __name__)

SIGNATURE_HEADER = "X-Twilio-Signature"
EMPTY_TWIML = str(MessagingResponse())  # the same for every text: built once
__all__ = ["bp", "deliver", "scrub", "signature_ok", "twiml"]  # scrub: status.py uses it


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
    candidates = urls or (signed_url(settings),)
    form = request.form
    # Twilio signs the URL as it called it: one HMAC usually settles it. Only a mismatch pays
    # for `validate`, which also tries the URL with and without its port (two more HMACs).
    token, given = settings.twilio_auth_token.encode(), signature.encode()
    if any(hmac.compare_digest(_signature(token, url, form), given) for url in candidates):
        return True
    validator = RequestValidator(settings.twilio_auth_token)
    return any(validator.validate(url, form, signature) for url in candidates)


def _signature(token: bytes, url: str, form: Mapping) -> bytes:
    """Twilio's signature (as `RequestValidator.compute_signature` makes it): HMAC-SHA1 of the
    URL followed by each field's name and value, sorted, in base64; without its per-field
    exception handling, which costs more than the HMAC."""
    parts = [url]
    for name in sorted(form):
        parts.extend(name + value for value in sorted(set(form.getlist(name))))
    return base64.b64encode(hmac.new(token, "".join(parts).encode(), sha1).digest())


def twiml() -> Response:
    """The empty TwiML answer: replies go out through the outbox, never in the response."""
    return Response(EMPTY_TWIML, mimetype="text/xml")


def deliver(
    rt: Runtime,
    number: str,
    body: str,
    sid: str | None,
    opt_out_type: str | None = None,
    media: int = 0,
    to: str | None = None,
) -> str:
    """Take one inbound text in (`intake.accept`), sent to the service number `to`; return
    what became of it."""
    text = Text(number, body, sid, opt_out_type, media, to)
    return accept(rt.engine, rt.settings, text, rt.clock, rt.retry)


@bp.post("/sms")
def sms() -> Response:
    """Receive one text from Twilio: 403 without a valid signature, 400 when a field is
    malformed, 503 when it could not be applied (Twilio's Fallback URL then sends it again),
    else the empty TwiML."""
    rt = runtime()
    if not signature_ok(rt.settings):
        log.warning("sms_rejected reason=signature path=%s", field(request.path))
        return Response(status=403)
    form = request.form
    problem = inputs.inbound_problem(form)
    if problem is not None:
        value = field(form[problem])
        log.warning("sms_rejected reason=malformed field=%s value=%s", problem, value)
        return Response(status=400)
    number = normalize(form.get("From"), rt.settings.default_region)
    if number is None:  # `whatsapp:+1...`, a short code, a name: never answered by SMS
        digits = "".join(ch for ch in form.get("From") or "" if ch.isdigit())[:20]
        log.info("sms_ignored reason=unusable_from from=%s", mask("+" + digits))
        return twiml()
    sid = form.get("MessageSid") or None
    body = inputs.clean_body(form.get("Body"))
    opt_out = inputs.opt_out_type(form.get("OptOutType"))
    media = inputs.media_count(form.get("NumMedia"))
    result = deliver(rt, number, body, sid, opt_out, media, form.get("To") or None)
    answered = result in ANSWERED  # a text that was not is logged at warning where it was kept
    level = logging.DEBUG if answered else logging.WARNING
    log.log(level, "sms_received from=%s sid=%s result=%s", mask(number), sid, result)
    return twiml() if answered else Response(status=503)
