"""What the board page shows: the public state (SMS.md's contract) and what a physical board
shows beside it (the round, term limits, who was investigated, the slots' powers, which seats
are computer players), no secret.
"""

from __future__ import annotations

from sqlmodel import Session

from ...delivery.sender_alerts import sender_problem
from ...public.facts import bot_names, room_mode
from ...store import Game
from ...store.games import load_state
from ...table.links import replay_path
from .engine import public_view
from .engine.ruleset import STANDARD, Ruleset, differences
from .params import table_size
from .public import OVER, game_rules, public_entries, public_state

LATEST = 12  # events the board keeps in view


def fascist_slots(rules: Ruleset) -> list[str | None]:
    """The power on each of the six fascist slots by this game's rules (the 6th wins)."""
    return [*rules.powers, None]


def board_view(session: Session, game: Game) -> dict:
    """The public state plus the board's own facts: everything the table may know, no more."""
    state = public_state(session, game)
    engine_state = load_state(game)
    names = [p["name"] for p in state["players"]]
    over = state["phase"] == OVER
    view = public_view(engine_state) if engine_state else None
    size = engine_state.players if engine_state else table_size(len(names))
    rules = game_rules(game, engine_state, len(names))
    return {
        **state,
        "round": view["round"] if view else 0,
        "term_limited": [] if over or not view else [names[s] for s in view["term_limited"]],
        "investigated": [names[s] for s in view["investigated"]] if view else [],
        "reason": view["reason"] if view and over else None,
        "powers": fascist_slots(rules),
        "hitler_zone": rules.hitler_zone,
        "veto_zone": rules.veto_zone,
        "house": sorted(differences(rules, size)) if rules.name != STANDARD else [],
        "events": public_entries(session, game, names, LATEST, rules),
        "replay": replay_path(game.code) if over and view else None,
        "problem": sender_problem(session, game.id),  # texts this game's number cannot send
        "bots": bot_names(session, game),
        "room": room_mode(session, game),
    }
