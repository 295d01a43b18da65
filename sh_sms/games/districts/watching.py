"""What the districts game tells a watcher, and what its event log says of a finished game.

A watcher reads the public news once per round, as in the standard game: when a new round's
voting opens, what the table saw of the round just played (who each district elected, the
capitol's cards, whom the investigator looked at, the policy played and its moves) and where
everyone stands now; then the last round and the end with every card. Only events the whole
table saw (`to` None) are read: no alignment card, hand, discard, district vote or investigation
result before the end. Written in the language being written (the table writes a watcher's text
in the watcher's own).

A finished game's result counts each player's own way of winning (D14): every seat's faction,
the seats whose card won, and the factions that won (several may win together, or none).
"""

from __future__ import annotations

from collections.abc import Callable

from ...gamekind.kit import Event
from ...text.gsm import sanitize, segments
from .engine import DistrictsState
from .engine.tables import faction
from .text.wording import LOG_ONLY, event_text

# Public events a watcher's digest leaves out: the deal, where each settled (the round's board
# says it), and the log's bookkeeping; the round's opening ("voting") comes last, as its board.
QUIET = (LOG_ONLY - {"voting"}) | {"started", "dealt", "settled", "passed"}
OPENS = "voting"
ENDINGS = ("game_over", "ended")
# What a digest too long for two segments leaves out first, then next: the capitol's cards and
# the clock's news, then the elections; never the policy played, a move, the board or the end.
SPARED = (
    frozenset({"capitol", "investigated", "investigation_skipped", "reshuffle", "timer"})
    | {"timed_out", "move_skipped", "unrepresented"},
    frozenset({"elected"}),
)
FITS = 2  # segments a watcher's text may take,
WRAPPER = 30  # with the house's words around it ("ABCD: ... Your watch is over.")


def watch_text(
    after: DistrictsState,
    events: list[Event],
    recent: Callable[[], list[Event]],
    replay: str | None,
) -> str | None:
    """The watcher's text after a step: the last round and the end with every card, the round
    just played when a new one opens, else None."""
    public = [e for e in events if e.to is None]
    end = next((e for e in public if e.kind in ENDINGS), None)
    if end is None and not any(e.kind == OPENS for e in public):
        return None
    log = [e for e in recent() if e.to is None]
    opens = [i for i, e in enumerate(log) if e.kind == OPENS]
    if end is not None:  # the end names the policy that ended it
        played = log[opens[-1] + 1 :] if opens else log
        played = [e for e in played if e.kind not in (*ENDINGS, "enacted")]
        closing = ""
        for link in (replay, None):  # the replay's address, if the end leaves room for it
            closing = event_text(end, after.names, after.rules, replay=link, brief=True)
            if _fits(closing):
                break
        return _fit(after, played, closing)
    start = opens[-2] + 1 if len(opens) > 1 else 0
    return _fit(after, log[start : opens[-1] + 1]) or None


def _fit(after: DistrictsState, public: list[Event], closing: str = "") -> str:
    """The public events as one text with `closing` after them, of at most two segments: what
    matters least is left out first (SPARED)."""
    kept = [e for e in public if e.kind not in QUIET]
    text = ""
    for left_out, brief in (
        (frozenset(), False),
        *((s, False) for s in SPARED),
        (SPARED[-1], True),
    ):
        kept = [e for e in kept if e.kind not in left_out]
        lines = [event_text(e, after.names, after.rules, brief=brief) for e in kept]
        text = " ".join(line for line in [*lines, closing] if line)
        if _fits(text):
            break  # (brief: the policy played without the tracks and points)
    return text


def _fits(text: str) -> bool:
    """Whether a watcher's text fits, with the house's words around it."""
    return segments(sanitize(text) + " " * WRAPPER) <= FITS


def result(events: list[Event]) -> dict | None:
    """A finished game's result from its log: `winner` the factions whose card won, joined by
    "+" ("" when nobody won; None: the host ended it), how it ended, each seat's faction and the
    seats that won; None when no card was dealt."""
    for event in reversed(events):
        if event.kind == "game_over":
            data = event.data
            roles = [faction(card) for card in data["cards"]]
            won = list(data["winners"])
            sides = sorted({roles[seat] for seat in won})
            return {"winner": "+".join(sides), "reason": "+".join(data["reasons"]),
                    "roles": roles, "won": won}  # fmt: skip
        if event.kind == "ended" and event.data.get("cards"):
            roles = [faction(card) for card in event.data["cards"]]
            return {"winner": None, "reason": "ended", "roles": roles, "won": []}
    return None
