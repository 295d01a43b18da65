"""`/sim`: the simulator backend's phones in a browser (registered only without Twilio)."""

from __future__ import annotations

import uuid

from flask import Blueprint, Response, jsonify, render_template, request
from sqlmodel import Session

from ..conversation.intake import ANSWERED
from ..store import outbox_after
from ..store.games import CODE_LENGTHS, CODE_LETTERS
from ..text.numbers import normalize
from . import inputs, webhook
from .runtime import runtime

bp = Blueprint("sim", __name__)

PAGE_SIZE = 500
MAX_ID = 2**31 - 1  # keeps a silly `after` inside every database's integer range


@bp.get("/sim/messages.json")
def messages() -> Response:
    """Outbound texts with an id above `after` (default 0), oldest first, at most 500; with
    several service numbers (SIM_NUMBERS), each says which one it comes from (`from`)."""
    after = min(max(request.args.get("after", 0, type=int), 0), MAX_ID)
    rt = runtime()
    with Session(rt.engine) as session:
        rows = outbox_after(session, after, PAGE_SIZE)
    pool = rt.settings.pool
    texts = [{"id": r.id, "to": r.to_number, "body": r.body} for r in rows]
    if not pool.single:  # SMS.md's three fields, and the thread each text belongs to
        for text, row in zip(texts, rows, strict=True):
            text["from"] = pool.number_of(row.line)
    response = jsonify(messages=texts)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/sim/send")
def send() -> Response | tuple[Response, int]:
    """Receive a text from a simulated phone (`from`, `body`, and `to`, one of the simulator's
    service numbers, by default the first; as a form or JSON)."""
    data = request.get_json(silent=True) if request.is_json else request.form
    if not isinstance(data, dict):  # a form is a dict too; JSON may be a list or a string
        data = {}
    raw, body, to = data.get("from"), data.get("body", ""), data.get("to")
    rt = runtime()
    number = normalize(raw if isinstance(raw, str) else None, rt.settings.default_region)
    if number is None:
        return jsonify(ok=False, error="bad_number"), 400
    pool = rt.settings.pool
    to = to if isinstance(to, str) and to else pool.home
    if to not in pool.numbers:
        return jsonify(ok=False, error="bad_to"), 400
    body = inputs.clean_body(body if isinstance(body, str) else "")
    result = webhook.deliver(rt, number, body, "SIM" + uuid.uuid4().hex, to=to)
    if result not in ANSWERED:  # the database is away: the phone shows it was not delivered
        return jsonify(ok=False, error="unavailable"), 503
    return jsonify(ok=True)


@bp.get("/sim")
def page() -> str:
    """The simulated phones page."""
    lengths = f"{min(CODE_LENGTHS)},{max(CODE_LENGTHS)}"  # a regular expression's {4,6}
    numbers = list(runtime().settings.pool.numbers)  # the service numbers a phone may text
    return render_template(
        "web/sim.html", code_letters=CODE_LETTERS, code_length=lengths, numbers=numbers
    )
