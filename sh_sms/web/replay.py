"""`/g/<CODE>/replay`: a finished game told again round by round, secrets and roles included (the
page of the game it played: `GameKind.replay_page`)."""

from __future__ import annotations

from flask import Blueprint, Response, render_template
from sqlmodel import Session

from ..gamekind import registry
from ..public.facts import bot_names
from ..store import ENDED, OVER
from ..store.games import load_state
from ..table.links import board_path
from ..text.languages import speaking
from .board import find_game, no_store, not_found
from .pages import keep_language, page_language
from .runtime import runtime

bp = Blueprint("replay", __name__)
FINISHED = (OVER, ENDED)


@bp.get("/g/<code>/replay")
def replay_page(code: str) -> Response | tuple[Response | str, int]:
    """The replay of a finished game; a friendly 404 for a game still running or never begun."""
    with Session(runtime().engine) as session:
        game = find_game(session, code)
        if game is None:
            return not_found()
        state = load_state(game)
        lang = page_language(game.lang)
        if game.status not in FINISHED or state is None:
            with speaking(lang):
                page = render_template(
                    "web/no_replay.html",
                    code=game.code,
                    board=keep_language(board_path(game.code)),
                    running=game.status not in FINISHED,
                )
            return no_store(Response(page, status=404))
        with speaking(lang):  # what the table was texted, in the page's language
            found = registry.of(game).replay_page(session, game, state)
        bots = bot_names(session, game)
    if found is None:
        return not_found()
    template, context = found
    with speaking(lang):
        board = keep_language(board_path(game.code))
        page = render_template(template, code=game.code, board=board, bots=bots, **context)
    return no_store(Response(page))
