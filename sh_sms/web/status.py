"""`POST /sms/status`: Twilio's status callbacks, signature-checked like `/sms`."""

from __future__ import annotations

import logging
from urllib.parse import urlsplit, urlunsplit

from flask import Blueprint, Response, request

from ..config import Settings
from ..delivery.callbacks import apply_status
from ..delivery.senders import CALLBACK_ID
from ..ops.logsafe import failure, field
from ..store.faults import retrying
from . import inputs
from .runtime import runtime
from .webhook import signature_ok, signed_url

log = logging.getLogger(__name__)
bp = Blueprint("status", __name__)


def callback_urls(settings: Settings) -> tuple[str, ...]:
    """The URLs Twilio may have signed this callback with: the one the worker gave it (from
    STATUS_CALLBACK_URL, on whatever host, with this request's query, which carries the row's
    id), then the one `/sms` is checked against (PUBLIC_BASE_URL, or the request's own)."""
    urls = [signed_url(settings)]
    if settings.status_callback_url:
        parts = urlsplit(settings.status_callback_url)
        query = request.query_string.decode("latin-1")
        urls.insert(0, urlunsplit((parts.scheme, parts.netloc, parts.path, query, "")))
    return tuple(urls)


@bp.post("/sms/status")
def status() -> Response:
    """Record one message's new status: 403 without a valid signature, 400 without the fields or
    with a malformed one, 204 otherwise (also for a message we do not know, so Twilio does not
    retry it). A transient database fault is retried like a text's."""
    rt = runtime()
    if not signature_ok(rt.settings, callback_urls(rt.settings)):
        log.warning("status_rejected reason=signature")
        return Response(status=403)
    form = request.form
    problem = inputs.status_problem(form, request.args)
    if problem is not None:  # checked before any query: nothing malformed reaches the database
        value = form.get(problem) or request.args.get(problem)
        log.warning("status_rejected reason=malformed field=%s value=%s", problem, field(value))
        return Response(status=400)
    sid = form.get("MessageSid") or form.get("SmsSid")
    state = form.get("MessageStatus") or form.get("SmsStatus")
    code = inputs.error_code(form.get("ErrorCode"))
    outbox_id = inputs.row_id(request.args.get(CALLBACK_ID))
    try:
        found = retrying(
            lambda: apply_status(
                rt.engine,
                rt.settings,
                outbox_id=outbox_id,
                sid=sid,
                status=state,
                error_code=code,
                now=rt.clock(),
            ),
            rt.retry,
            "status",
        )
    except Exception as exc:
        log.error("status_failed sid=%s%s", sid, failure(exc))
        return Response(status=500)
    log.debug("status sid=%s status=%s code=%s known=%s", sid, state, code, found)
    return Response(status=204)
