"""`/g/<CODE>`: the public board of a game, as JSON and as a self-refreshing page."""

from __future__ import annotations

import re

from flask import Blueprint, Response, jsonify, render_template
from sqlmodel import Session, select

from ..engine.boards import (
    CHAOS_AT,
    FASCIST_TO_WIN,
    LIBERAL_TO_WIN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    power_for,
)
from ..public import public_state
from ..store import Game
from .runtime import runtime

bp = Blueprint("board", __name__)

_CODE = re.compile(r"[A-Z0-9]{1,8}")
REFRESH_SECONDS = 3


def find_state(code: str) -> dict | None:
    """The public state of the game with that code (any case), or None when there is none."""
    code = code.strip().upper()
    if not _CODE.fullmatch(code):
        return None
    with Session(runtime().engine) as session:
        game = session.exec(select(Game).where(Game.code == code)).first()
        return None if game is None else public_state(session, game)


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/g/<code>.json")
def board_json(code: str) -> Response | tuple[Response, int]:
    """The public state as JSON; 404 `{"error": "not_found"}` for an unknown code."""
    state = find_state(code)
    if state is None:
        return _no_store(jsonify(error="not_found")), 404
    return _no_store(jsonify(state))


def fascist_slots(players: int) -> list[str | None]:
    """The power printed on each fascist slot for a table of that size (none in a lobby)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return [None] * FASCIST_TO_WIN
    return [power_for(players, n) for n in range(1, FASCIST_TO_WIN + 1)]


@bp.get("/g/<code>")
def board_page(code: str) -> Response | tuple[Response | str, int]:
    """The public board as a page for a shared screen; it refreshes itself."""
    if code.lower().endswith(".json"):  # never shadow the JSON route, whatever the matcher does
        return board_json(code[: -len(".json")])
    state = find_state(code)
    if state is None:
        return render_template("web/not_found.html"), 404
    return _no_store(
        Response(
            render_template(
                "web/board.html",
                state=state,
                liberal_slots=LIBERAL_TO_WIN,
                fascist_slots=fascist_slots(len(state["players"])),
                chaos_at=CHAOS_AT,
                refresh=REFRESH_SECONDS,
            )
        )
    )
