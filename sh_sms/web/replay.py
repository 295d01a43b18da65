"""`/g/<CODE>/replay`: a finished game told again round by round, secrets and roles included."""

from __future__ import annotations

from flask import Blueprint, Response, render_template
from jinja2 import TemplateError
from sqlmodel import Session

from ..games.districts import is_districts
from ..games.standard.bots import CLAIM, Claim
from ..games.standard.bots.claims import CHANCELLOR
from ..games.standard.engine import Event
from ..games.standard.engine.boards import CHAOS_AT, LIBERAL_TO_WIN
from ..games.standard.engine.ruleset import Ruleset, differences
from ..public.board import bot_names, fascist_slots
from ..public.links import board_path
from ..public.replay import Step, build_replay
from ..public.state import FINISHED, PUBLIC_KINDS
from ..store.games import all_events, load_state
from ..text.messages import claim_text, event_text, render
from .board import find_game, no_store, not_found
from .districts import districts_replay
from .runtime import runtime

bp = Blueprint("replay", __name__)

UNTOLD = frozenset({"round", "session"})  # the step's heading already says these


def _teller(names: list[str], rules: Ruleset | None):
    def say(event: Event) -> str | None:
        if event.kind == CLAIM:  # a computer player's claim, as the table read it
            return _claim(event, names)
        if event.kind not in PUBLIC_KINDS or event.kind in UNTOLD:
            return None
        try:
            return event_text(event, names, rules=rules)
        except (TemplateError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None

    return say


def _claim(event: Event, names: list[str]) -> str | None:
    try:
        claim = Claim.from_data(event.data)
        return render("reply/talk", name=names[claim.seat], text=claim_text(claim, names))
    except (TemplateError, ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


def told(steps: list[Step], say) -> list[list[str]]:
    """Per step, the texts the table read; a bot's claim is told with the government it speaks
    of (it comes a pause later, often after the next round began)."""
    lines: list[list[str]] = [[] for _ in steps]
    for index, step in enumerate(steps):
        for event in step.public:
            text = say(event)
            if text:
                lines[_about(steps, index, event)].append(text)
    return lines


def _about(steps: list[Step], index: int, event: Event) -> int:
    """The step a public event belongs to: its own, or for a claim the latest step up to it in
    which the claimant held the office the claim speaks of."""
    if event.kind != CLAIM:
        return index
    seat, office = event.data.get("seat"), event.data.get("office")
    for earlier in range(index, -1, -1):
        step = steps[earlier]
        holder = step.chancellor if office == CHANCELLOR else step.president
        if step.passed and holder == seat:
            return earlier
    return index


@bp.get("/g/<code>/replay")
def replay_page(code: str) -> Response | tuple[Response | str, int]:
    """The replay of a finished game; a friendly 404 for a game still running or never begun."""
    with Session(runtime().engine) as session:
        game = find_game(session, code)
        if game is None:
            return not_found()
        state = load_state(game)
        if game.status not in FINISHED or state is None:
            page = render_template(
                "web/no_replay.html",
                code=game.code,
                board=board_path(game.code),
                running=game.status not in FINISHED,
            )
            return no_store(Response(page, status=404))
        if is_districts(state):  # a districts game (issue 22)
            return no_store(Response(districts_replay(session, game, state)))
        replay = build_replay(state.names, all_events(session, game.id), state.ruleset)
        bots = bot_names(session, game)
    if replay.roles is None:  # a game ended before the end events were logged
        replay.roles = list(state.roles)
    say = _teller(replay.names, state.ruleset)
    page = render_template(
        "web/replay.html",
        code=game.code,
        board=board_path(game.code),
        r=replay,
        told=told(replay.steps, say),
        powers=fascist_slots(state.rules),
        rules=state.rules,
        house=differences(state.rules, state.players) if state.ruleset else {},
        liberal_slots=LIBERAL_TO_WIN,
        chaos_at=CHAOS_AT,
        bots=bots,
    )
    return no_store(Response(page))
