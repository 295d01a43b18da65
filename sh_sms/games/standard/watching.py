"""What the standard game tells a watcher, and what its event log says of a finished game.

A watcher reads the public news once per round of elections: when a new round opens, the public
lines of the round just played (the election, the policy, a power used on somebody) and who is
the new candidate; then the end with every role. Only events the whole table saw (`to` None)
are read, so nothing a player keeps (a role, a hand, an investigation's result, a peek) is in it.
"""

from __future__ import annotations

from collections.abc import Callable

from ...gamekind.kit import Event
from .engine import GameState
from .wording import LOG_ONLY, event_text

# Public events the digest leaves out: the nomination (the election names the pair), the
# session's gag, the bots' claims (table talk), the deal and the players' welcome.
QUIET = LOG_ONLY | {"nominated", "session", "claim", "dealt", "started"}
ENDINGS = ("game_over", "ended")


def watch_text(
    after: GameState, events: list[Event], recent: Callable[[], list[Event]], replay: str | None
) -> str | None:
    """The watcher's text after a step: the last round played and the end with every role, the
    round just played when a new one opens, else None (nothing until the round is over)."""
    for event in events:
        if event.to is None and event.kind in ENDINGS:
            end = event_text(event, after.names, rules=after.ruleset, replay=replay, hint=False)
            public = [e for e in recent() if e.to is None]
            opens = [i for i, e in enumerate(public) if e.kind == "round"]
            last = public[opens[-1] + 1 :] if opens else public
            return " ".join([*_lines(after, [e for e in last if e.kind not in ENDINGS]), end])
    if not any(event.to is None and event.kind == "round" for event in events):
        return None
    public = [event for event in recent() if event.to is None]
    opens = [i for i, event in enumerate(public) if event.kind == "round"]
    start = opens[-2] + 1 if len(opens) > 1 else 0
    return " ".join(_lines(after, public[start : opens[-1] + 1])) or None


def _lines(after: GameState, public: list[Event]) -> list[str]:
    """The texts of public events a watcher reads (the quiet ones left out)."""
    return [
        event_text(event, after.names, rules=after.ruleset)
        for event in public
        if event.kind not in QUIET
    ]


def result(events: list[Event]) -> dict | None:
    """A finished game's result from its log: the winning side (None: the host ended it), how
    it ended, each seat's role and the seats that won; None when no role was dealt."""
    for event in reversed(events):
        if event.kind == "game_over":
            winner, roles = event.data["winner"], list(event.data["roles"])
            won = [seat for seat, role in enumerate(roles) if _side(role) == winner]
            return {"winner": winner, "reason": event.data["reason"], "roles": roles, "won": won}
        if event.kind == "ended" and event.data.get("roles"):
            roles = list(event.data["roles"])
            return {"winner": None, "reason": "ended", "roles": roles, "won": []}
    return None


def _side(role: str) -> str:
    """The side a role plays for: Hitler is on the fascist side."""
    return "liberal" if role == "liberal" else "fascist"
