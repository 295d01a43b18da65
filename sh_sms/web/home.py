"""`/`: what this is, how to start a game by text, and the latest games (codes and results only;
never an open lobby)."""

from __future__ import annotations

from flask import Blueprint, Response, render_template
from sqlmodel import Session, col, select

from ..config import SIMULATOR
from ..gamekind import registry
from ..store import ENDED, LOBBY, OVER, Game
from ..store.games import load_state
from ..table.links import board_path, replay_path
from .board import no_store
from .runtime import runtime
from .texting import service_number

FINISHED = (OVER, ENDED)

bp = Blueprint("home", __name__)

RECENT = 12


def recent_games(session: Session, limit: int = RECENT) -> list[dict]:
    """The latest started games, newest first: code, status, winner and links; no names, no
    numbers, and never an open lobby (its code would let anyone join it)."""
    played = col(Game.state).is_not(None)
    games = session.exec(
        select(Game)
        .where(played, Game.status != LOBBY)
        .order_by(col(Game.updated_at).desc(), col(Game.id).desc())
        .limit(limit)
    ).all()
    rows = []
    for game in games:
        state = load_state(game)
        finished = game.status in FINISHED
        rows.append(
            {
                "code": game.code,
                "status": game.status,
                "winner": registry.of(game).outcome(state)["winner"] if state else None,
                "board": board_path(game.code),
                "replay": replay_path(game.code) if finished and state else None,
            }
        )
    return rows


@bp.get("/")
def home_page() -> Response:
    """The front page."""
    settings = runtime().settings
    with Session(runtime().engine) as session:
        games = recent_games(session)
    page = render_template(
        "web/home.html",
        number=service_number(settings),
        simulator=settings.backend == SIMULATOR,
        games=games,
    )
    return no_store(Response(page))
