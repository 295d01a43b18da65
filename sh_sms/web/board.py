"""`/g/<CODE>`: a game's public board: the contract's JSON, the board's JSON, the page."""

from __future__ import annotations

import re

from flask import Blueprint, Response, jsonify, render_template
from sqlmodel import Session, col, select

from ..config import SIMULATOR
from ..gamekind import registry
from ..public.facts import watch_facts
from ..store import Game
from ..store.games import load_state
from ..text.languages import speaking
from .pages import keep_language, page_globals, page_language
from .runtime import runtime
from .texting import join_qr, service_number

bp = Blueprint("board", __name__)
for _name, _value in page_globals().items():  # the pages' words: `t`, `page_lang`, `keep_lang`
    bp.add_app_template_global(_value, _name)

_CODE = re.compile(r"[A-Z0-9]{1,8}")
POLL_MS = 2000  # how often an open board asks whether anything changed
REFRESH_SECONDS = 5  # the same without JavaScript, by reloading


def find_game(session: Session, code: str) -> Game | None:
    """The game that code (any case) names, the newest with it (codes come back after a
    cool-off), or None when the code is malformed or unknown."""
    code = code.strip().upper()
    if not _CODE.fullmatch(code):
        return None
    query = select(Game).where(Game.code == code).order_by(col(Game.id).desc()).limit(1)
    return session.exec(query).first()


def find_state(code: str) -> dict | None:
    """The public state of the game with that code (any case), or None when there is none."""
    with Session(runtime().engine) as session:
        game = find_game(session, code)
        if game is None:
            return None
        return registry.of(game).public_state(session, game, load_state(game))


def find_board(code: str) -> dict | None:
    """The board's view of the game with that code, or None when there is none."""
    with Session(runtime().engine) as session:
        game = find_game(session, code)
        if game is None:
            return None
        board = registry.of(game).board_view(session, game, load_state(game))
        return {**board, **watch_facts(session, game)}


def no_store(response: Response) -> Response:
    """Mark a response as never to be cached: it changes with the game."""
    response.headers["Cache-Control"] = "no-store"
    return response


def not_found() -> tuple[str, int]:
    """The page for a code no game has, in the reader's language (`?lang=`, the browser's)."""
    with speaking(page_language()):
        return render_template("web/not_found.html"), 404


@bp.get("/g/<code>.json")
def board_json(code: str) -> Response | tuple[Response, int]:
    """The public state as JSON; 404 `{"error": "not_found"}` for an unknown code."""
    state = find_state(code)
    if state is None:
        return no_store(jsonify(error="not_found")), 404
    return no_store(jsonify(state))


@bp.get("/g/<code>/board.json")
def board_data(code: str) -> Response | tuple[Response, int]:
    """The public state plus the board's own public facts, which the open page polls."""
    board = find_board(code)
    if board is None:
        return no_store(jsonify(error="not_found")), 404
    return no_store(jsonify(board))


@bp.get("/g/<code>")
def board_page(code: str) -> Response | tuple[Response | str, int]:
    """The public board as a page for a shared screen; it follows the game by itself."""
    if code.lower().endswith(".json"):  # never shadow the JSON route, whatever the matcher does
        return board_json(code[: -len(".json")])
    with Session(runtime().engine) as session:
        game = find_game(session, code)
    if game is None:
        return not_found()
    lang = page_language(game.lang)
    with speaking(lang):  # the page's words and the events' texts, in the page's language
        board = find_board(code)
        if board is None:
            return not_found()
        settings = runtime().settings
        template, context = registry.of(game).board_page(board)
        page = render_template(
            template,
            b=board,
            number=service_number(settings, game.line),  # the game's own number
            simulator=settings.backend == SIMULATOR,
            qr=join_qr(settings, board["code"], game.line) if board["phase"] == "lobby" else None,
            poll_ms=POLL_MS,
            refresh=REFRESH_SECONDS,
            page_url=keep_language(f"/g/{board['code']}"),
            **context,
        )
    return no_store(Response(page))
