"""The pages of a districts game (issue 22): its board at `/g/<CODE>` and its replay at
`/g/<CODE>/replay`, rendered from `public.districts` and `public.districts_replay`."""

from __future__ import annotations

from flask import render_template
from jinja2 import TemplateError
from sqlmodel import Session

from ..config import Settings
from ..games.districts.engine import DistrictsState, Event
from ..games.districts.engine.tables import MAX_PLAYERS, MIN_PLAYERS
from ..games.districts.text.wording import LOG_ONLY, alignment_text, event_text, policy_text
from ..public.board import bot_names
from ..public.districts_replay import build_replay
from ..public.links import board_path
from ..store import Game
from ..store.games import all_events
from .texting import join_qr, service_number

UNTOLD = LOG_ONLY - {"passed"}  # the replay's own lines already say these


def districts_board(board: dict, settings: Settings, poll_ms: int, refresh: int) -> str:
    """The board page of a districts game (or of a lobby that picked it)."""
    return render_template(
        "web/districts_board.html",
        b=board,
        number=service_number(settings),
        qr=join_qr(settings, board["code"]) if board["phase"] == "lobby" else None,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        poll_ms=poll_ms,
        refresh=refresh,
    )


def districts_replay(session: Session, game: Game, state: DistrictsState) -> str:
    """The replay page of a finished districts game: every round, its secrets, every card."""
    events = all_events(session, game.id)
    replay = build_replay(state.names, state.districts, state.rules["privilege"], events)
    if replay.cards is None:  # a game whose end was not logged: the state still knows
        replay.cards, replay.boxed = list(state.cards), state.boxed

    def say(event: Event) -> str | None:
        if event.kind in UNTOLD:
            return None
        try:
            return event_text(event, state.names, state.rules)
        except (TemplateError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None

    told = [[text for e in step.public if (text := say(e))] for step in replay.rounds]
    return render_template(
        "web/districts_replay.html",
        code=game.code,
        board=board_path(game.code),
        r=replay,
        told=told,
        rules=state.rules,
        districts=state.districts,
        bots=bot_names(session, game),
        policy=policy_text,
        alignment=alignment_text,
        named=lambda seats: [state.names[s] for s in seats],
    )
