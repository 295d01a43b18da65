"""Who reads what after one step of a game: the events each player may see, in the words for
that reader, then what they must do next.

Ordinary mode texts every public event to the table, each reader once: a player reads their
own move as "You nominated Cy", a line another line of the same text says is left out, and a
game that ends is told in its last text alone. Room mode (the table shares the board's screen)
texts only what the board cannot show: private events, prompts with the one line of news needed
to act on them, an execution to its target, and the end of the game.
"""

from __future__ import annotations

from ...text.messages import thriftiest
from .engine import Event, GameState
from .engine.actions import awaiting
from .engine.boards import CHAOS_AT, PEEK_AND_DROP
from .wording import LOG_ONLY, event_text, prompt_text

# Public events texted only to the government they bind (the table sees them on the board and
# in the log).
GOVERNMENT_ONLY = frozenset({"session"})
# The seats an event's wording names: those readers get it in the second person.
ABOUT = {
    "nominated": ("president", "chancellor"),
    "election": ("president", "chancellor"),
    "session": ("president", "chancellor"),
    "veto_proposed": ("chancellor", "president"),
    "veto_answered": ("president", "chancellor"),
    "investigated": ("president", "target"),
    "special_election": ("president", "target"),
    "executed": ("president", "target"),
    "power": ("president",),
    "drop_decided": ("president",),
    "showed_party": ("president", "target"),
    "round": ("president", "resumes_after"),
}
ENDINGS = frozenset({"game_over"})
# Room mode: public events a reader the step asks to act still gets by text, since the prompt
# makes sense only with them (the nominee in a vote prompt, the veto proposed to the President).
NEEDED_TO_ACT = frozenset(
    {"nominated", "veto_proposed", "veto_answered", "power", "special_election"}
)
# Room mode: private events not worth a text (the President's own discard, shown by the board
# moving on).
ROOM_QUIET = frozenset({"discarded"})


def step_texts(
    before: GameState | None,
    after: GameState,
    events: list[Event],
    room: bool = False,
    **extra,
) -> dict[int, list[str]]:
    """Per seat, the texts one step produces: the events it reads, then what it must do next
    (`room`: room mode; `extra`: more for the wording, such as the replay's address).

    A seat is prompted when the step opened a new decision for it (a new phase or round), so a
    voter is not re-prompted each time somebody else votes.
    """
    texts: dict[int, list[str]] = {seat: [] for seat in range(after.players)}
    new_decision = before is None or (before.phase, before.round) != (after.phase, after.round)
    asked = set(awaiting(after)) if new_decision else set()
    step = Step(after, events, asked, room)
    extra = {"rules": after.ruleset, **extra}
    for event in events:
        shared = None
        for seat in step.readers(event):
            if seat in _named(event):
                texts[seat].append(event_text(event, after.names, you=seat, room=room, **extra))
                continue
            shared = shared or _wording(event, after.names, room, extra)
            texts[seat].append(shared)
    for seat in sorted(asked):
        prompt = prompt_text(after, seat)
        if prompt:
            texts[seat].append(prompt)
    return texts


def _wording(event: Event, names: list[str], room: bool, extra: dict) -> str:
    """The text of `event` for the readers it does not name. In room mode the last text leaves
    out how to play again when that would cost a segment: the board says it."""
    text = event_text(event, names, room=room, **extra)
    if room and event.kind in ENDINGS:
        bare = event_text(event, names, room=room, hint=False, **extra)
        return thriftiest([text, bare], [])
    return text


def _named(event: Event) -> set[int]:
    named = {event.data.get(field) for field in ABOUT.get(event.kind, ())} - {None}
    if event.kind == "election":
        named |= set(_tallied(event.data["votes"]))
    return named


def _tallied(votes: list) -> list[int]:
    """The voters an election's result names: the smaller side (the Ja side on a tie), as
    event/election.txt words it."""
    ja = [p for p, v in enumerate(votes) if v is True]
    nein = [p for p, v in enumerate(votes) if v is False]
    return nein if len(nein) < len(ja) else ja


class Step:
    """The facts of one step that decide who reads which of its events."""

    def __init__(self, after: GameState, events: list[Event], asked: set[int], room: bool):
        self.after = after
        self.asked = asked
        self.room = room
        self.over = any(event.kind in ENDINGS for event in events)
        kinds = [event.kind for event in events]
        self.special = "special_election" in kinds
        self.nominating = {e.data["president"] for e in events if e.kind == "nominated"}

    def readers(self, event: Event) -> list[int]:
        """The seats that read `event` in this step's texts."""
        if event.kind in LOG_ONLY:
            return []
        if event.to is not None:
            quiet = self.room and event.kind in ROOM_QUIET
            return [] if quiet or self._shown_in_prompt(event) else [event.to]
        everyone = range(self.after.players)
        if self.over:  # the last text says who won and why: the rest is on the board and log
            return list(everyone) if event.kind in ENDINGS else []
        if self.room:
            return self._room_readers(event)
        if event.kind in GOVERNMENT_ONLY:
            everyone = [event.data["president"], event.data["chancellor"]]
        return [seat for seat in everyone if not self._said_otherwise(event, seat)]

    def _room_readers(self, event: Event) -> list[int]:
        if event.kind == "executed":
            return [event.data["target"]]
        if event.kind in NEEDED_TO_ACT:
            return sorted(self.asked)
        return []

    def _shown_in_prompt(self, event: Event) -> bool:
        """The top policy of a peek and drop: the President's prompt shows it."""
        return (
            event.kind == "peek_top"
            and self.after.power == PEEK_AND_DROP
            and event.to in self.asked
        )

    def _said_otherwise(self, event: Event, seat: int) -> bool:
        """Whether another line of the seat's text already says what `event` would: the
        candidate's prompt opens with the round; a nomination names its candidate (held news
        rides with it, see conversation.moves), and so does a special election; chaos says the
        tracker is full; the President has the peeked cards and the investigation's result; the
        player a President showed their party to has it in their own line."""
        data = event.data
        if event.kind == "round":
            candidate = data["president"]
            mine = seat == candidate and seat in self.asked
            return self.special or candidate in self.nominating or mine
        if event.kind == "tracker":
            return data["tracker"] >= CHAOS_AT  # the chaos line that follows says it
        if event.kind in ("peeked", "investigated"):
            return seat == data["president"]
        if event.kind == "showed_party":
            return seat == data["target"]
        return False
