"""`GET /healthz`: a cheap check for the host's router and uptime monitors (a database ping)."""

from __future__ import annotations

import logging

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .runtime import runtime

log = logging.getLogger(__name__)
bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """200 when the database answers a `SELECT 1`, else 503."""
    try:
        with runtime().engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except (SQLAlchemyError, OSError) as exc:
        log.warning("healthz database=unreachable error=%s", type(exc).__name__)
        return jsonify(status="unavailable", database="unreachable"), 503
    return jsonify(status="ok", database="ok")
