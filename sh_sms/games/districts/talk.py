"""Who hears a player's table talk in a districts game, for the conversation (D15): the
engine's `talk_audience` as the players and templates the app uses."""

from __future__ import annotations

from .engine import DistrictsState, awaiting, legal_actions, talk_audience
from .engine.views import CAPITOL_SILENT
from .text.commands import taught

# Moves whose every choice is worth listing in a refusal (DISCARD 1 or DISCARD 2); the others
# are shown as their form ("VOTE <name>").
_LISTED = {"discard", "move", "play"}
_FORM = {"vote": "{word} <name> ({names})", "investigate": "{word} <name> ({names})"}


def districts_talk_refusal(state: DistrictsState, seat: int) -> str | None:
    """Why `seat` may not talk now (a template), or None if someone hears it."""
    audience = talk_audience(state, seat)
    if audience == CAPITOL_SILENT:
        return "districts/refuse_capitol_silent"
    return None if audience else "districts/refuse_alone"


def districts_listeners(state: DistrictsState, seat: int, others: list) -> list:
    """The players among `others` who hear `seat` now."""
    audience = talk_audience(state, seat)
    seats = set() if audience == CAPITOL_SILENT else set(audience)
    return [p for p in others if p.seat in seats]


def your_moves(state: DistrictsState, seat: int) -> list[str]:
    """The commands the game waits on from `seat` ("PLAY", "DISCARD 1"...), in the language being
    written; empty when it waits on someone else (starting the timer is never awaited)."""
    if seat not in awaiting(state):
        return []
    legal = [a for a in legal_actions(state, seat) if a.kind != "timer"]
    kinds = list(dict.fromkeys(a.kind for a in legal))
    moves = []
    for kind in kinds:
        word = taught(kind)
        if kind not in _LISTED:
            names = ", ".join(dict.fromkeys(_name(state, a.arg) for a in legal if a.kind == kind))
            moves.append(_FORM.get(kind, "{word} <name> <district>").format(word=word, names=names))
        elif kind == "play":
            moves.append(word)
        elif kind == "discard":
            moves += [f"{word} {n}" for n in range(1, len(state.hand) + 1)]
        else:
            moves += [f"{word} {a.arg}" for a in legal if a.kind == kind]
    return moves


def _name(state: DistrictsState, arg: object) -> str:
    """The player an action's argument names (a seat, or a SEND's [seat, district])."""
    seat = arg[0] if isinstance(arg, (list, tuple)) else arg
    return state.names[seat] if isinstance(seat, int) else str(seat)
