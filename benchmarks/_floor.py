"""The floor the webhook benchmark compares against: a bare Flask handler that parses the same
form, reads one row by phone, inserts one row and commits (`gunicorn _floor:app`)."""

from __future__ import annotations

import os
from datetime import UTC, datetime

from flask import Flask, Response, request
from sqlalchemy import text

from sh_sms.config import database_url
from sh_sms.store import make_engine

app = Flask(__name__)
engine = make_engine(database_url(os.environ["DATABASE_URL"]))
READ = text("SELECT id, game_id FROM players WHERE open_number = :number")
INSERT = text("INSERT INTO inbound (sid, number, received_at) VALUES (:sid, :number, :at)")
EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response />'


@app.post("/sms")
def sms() -> Response:
    """Parse, read the sender's row, insert the text's row, commit, answer empty TwiML."""
    number, sid = request.form.get("From", ""), request.form.get("MessageSid", "")
    request.form.get("Body", "")
    with engine.begin() as conn:
        conn.execute(READ, {"number": number}).first()
        conn.execute(INSERT, {"sid": sid, "number": number, "at": datetime.now(UTC)})
    return Response(EMPTY, mimetype="text/xml")
