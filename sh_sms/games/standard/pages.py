"""The standard game's pages: its board at `/g/<CODE>` and its replay at `/g/<CODE>/replay`,
their templates and what they show beside what every game's page shows (the web adds that)."""

from __future__ import annotations

from jinja2 import TemplateError
from sqlmodel import Session

from ...store import Game
from ...store.games import all_events
from ...text.messages import render
from .board import fascist_slots
from .bots import CLAIM, Claim
from .bots.claims import CHANCELLOR
from .engine import Event, GameState
from .engine.boards import CHAOS_AT, LIBERAL_TO_WIN, MAX_PLAYERS, MIN_PLAYERS
from .engine.ruleset import Ruleset, differences
from .public import PUBLIC_KINDS
from .replay import Step, build_replay
from .wording import claim_text, event_text


def board_page(_board: dict) -> tuple[str, dict]:
    """The board page's template and its own context (the web adds the board and the rest)."""
    return "web/board.html", {
        "liberal_slots": LIBERAL_TO_WIN,
        "chaos_at": CHAOS_AT,
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
    }


def replay_page(session: Session, game: Game, state: GameState) -> tuple[str, dict]:
    """The replay page of a finished game: every round, its secrets, every role."""
    replay = build_replay(state.names, all_events(session, game.id), state.ruleset)
    if replay.roles is None:  # a game ended before the end events were logged
        replay.roles = list(state.roles)
    say = _teller(replay.names, state.ruleset)
    return "web/replay.html", dict(
        r=replay,
        told=told(replay.steps, say),
        powers=fascist_slots(state.rules),
        rules=state.rules,
        house=differences(state.rules, state.players) if state.ruleset else {},
        liberal_slots=LIBERAL_TO_WIN,
        chaos_at=CHAOS_AT,
    )


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
