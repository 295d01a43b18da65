"""`/g/<CODE>/group`: the games a group played (issue 29), from the board of a finished game:
each game's winner, how it ended and who was what, and how often each player won (bars).

The group and its series are `public.series`'s: the game's REMATCH chain and the finished games
that share most of its people. Players are named, never numbered.
"""

from __future__ import annotations

from collections import defaultdict

from flask import Blueprint, Response, render_template
from sqlmodel import Session

from ..public.series import Played, series, wins
from ..table.links import board_path, replay_path
from ..text.languages import speaking
from .board import find_game, no_store, not_found
from .pages import page_language
from .runtime import runtime

bp = Blueprint("group", __name__)
LISTED = 8  # games listed, newest first (a TV cannot scroll); the bars count every game


@bp.get("/g/<code>/group")
def group_page(code: str) -> Response | tuple[Response | str, int]:
    """The group's games around the game with that code, newest first, and who won how often."""
    with Session(runtime().engine) as session:
        game = find_game(session, code)
        if game is None:
            return not_found()
        games = series(session, game)
        with speaking(page_language(game.lang)):
            page = _page(game.code, games)
    return no_store(Response(page))


def _page(code: str, games: list[Played]) -> str:
    """The group page of `games`, in the language being written."""
    return render_template(
        "web/group.html",
        code=code,
        board=board_path(code),
        games=[_game(played) for played in reversed(games[-LISTED:])],
        total=len(games),
        players=_winners(games),
        sides=wins(games),
        decided=sum(1 for played in games if played.result["winner"] is not None),
    )


def _game(played: Played) -> dict:
    """One game of the series as the page lists it."""
    result = played.result
    return {
        "code": played.game.code,
        "day": played.game.updated_at.strftime("%b %d, %H:%M"),
        "winner": result["winner"],
        "reason": result["reason"],
        "replay": replay_path(played.game.code),
        "players": [
            {"name": p.name, "role": result["roles"][p.seat], "won": p.seat in result["won"]}
            for p in played.players
            if p.seat < len(result["roles"])
        ],
    }


def _winners(games: list[Played]) -> list[dict]:
    """Each player of the series (by number, shown by their latest name): games with a winner
    and games won, most wins first."""
    seen: dict[str, dict] = defaultdict(lambda: {"name": "", "games": 0, "won": 0})
    for played in games:
        if played.result["winner"] is None:
            continue
        for p in played.players:
            row = seen[p.number]
            row["name"] = p.name
            row["games"] += 1
            row["won"] += p.seat in played.result["won"]
    return sorted(seen.values(), key=lambda r: (-r["won"], -r["games"], r["name"].casefold()))
