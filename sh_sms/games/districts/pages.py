"""The pages of a districts game (issue 22): its board at `/g/<CODE>` and its replay at
`/g/<CODE>/replay`: their templates and what they show, from `public` and `replay`."""

from __future__ import annotations

from jinja2 import TemplateError
from sqlmodel import Session

from ...store import Game
from ...store.games import all_events
from .engine import DistrictsState, Event
from .engine.tables import MAX_PLAYERS, MIN_PLAYERS
from .replay import build_replay
from .text.wording import LOG_ONLY, alignment_text, event_text, policy_text

UNTOLD = LOG_ONLY  # the replay's own lines already say these


def board_page(_board: dict) -> tuple[str, dict]:
    """The board page's template and its own context (the web adds the board and the rest)."""
    return "web/districts_board.html", {"min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS}


def replay_page(session: Session, game: Game, state: DistrictsState) -> tuple[str, dict]:
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
    return "web/districts_replay.html", dict(
        r=replay,
        told=told,
        rules=state.rules,
        districts=state.districts,
        policy=policy_text,
        alignment=alignment_text,
        named=lambda seats: [state.names[s] for s in seats],
    )
