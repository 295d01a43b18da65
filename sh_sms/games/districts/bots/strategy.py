"""The decision: from one seat's view and the events it has seen to the action it takes."""

from __future__ import annotations

from collections import Counter

from ....gamekind.kit import Event
from ..engine.actions import (
    DISCARD,
    INVESTIGATE_ACTION,
    MOVE_ACTION,
    PLAY_ACTION,
    SEND_ACTION,
    VOTE_ACTION,
    Action,
)
from ..engine.tables import ACTION, FASCIST, LIBERAL, OLIGARCH, faction, home_of
from .memory import Memory
from .values import after, board_of, value

BANDWAGON = 1.5  # how much one vote already cast for a candidate counts toward joining it
KNOWN_FOE = -5.0  # friendliness at or below which a bot will not hand a candidate the district


def decide(view: dict, history: list[Event], memory: Memory | None = None) -> Action | None:
    """The action the seat of `view` takes now, or None when the game is not waiting on it.

    `view` is the seat's player_view; `history` every event it has seen, oldest first; a
    `memory` kept from earlier calls for the same seat only saves reading time.
    """
    public = view["public"]
    if view["seat"] not in public["waiting_for"]:
        choices = revote_choices(view)
        if not choices:
            return None
        mem = (memory or Memory(len(public["players"]))).read(history)
        best = max(choices, key=lambda c: (friendliness(view, mem, c), -c))
        return Action(VOTE_ACTION, best)
    mem = (memory or Memory(len(public["players"]))).read(history)
    legal = [Action(kind, tuple(arg) if type(arg) is list else arg) for kind, arg in view["legal"]]
    kinds = {a.kind for a in legal}
    if VOTE_ACTION in kinds:
        return _vote(view, mem, [a.arg for a in legal if a.kind == VOTE_ACTION])
    if PLAY_ACTION in kinds:
        return Action(PLAY_ACTION)
    if DISCARD in kinds:
        return Action(DISCARD, _discard(view))
    if INVESTIGATE_ACTION in kinds:
        return Action(INVESTIGATE_ACTION, _investigate(view, mem, [a.arg for a in legal]))
    if SEND_ACTION in kinds:
        return Action(SEND_ACTION, _send(view, mem, [a.arg for a in legal]))
    choices = [a.arg for a in legal]
    if public["phase"] == "settle":
        return Action(MOVE_ACTION, _settle(view, choices))
    return Action(MOVE_ACTION, _relocate(view, choices))


def friendliness(view: dict, mem: Memory, seat: int) -> float:
    """How much the seat of `view` wants `seat` to represent its district."""
    card, me = view["card"], view["seat"]
    side = faction(card)
    if side == FASCIST:
        if seat == me or seat in view["fascists"]:
            return 10.0
        return mem.leaning(seat, FASCIST) - mem.leaning(seat, LIBERAL)
    if seat == me:
        return 1.2 if side == OLIGARCH else 1.0
    return mem.leaning(seat, side)


def _vote(view: dict, mem: Memory, choices: list[int]) -> Action:
    """A vote that gets the district represented: when this vote elects somebody, the best of
    those it elects (a known foe only if nobody else is left to vote); else the candidate the
    seat trusts most, leaning toward those its district-mates already back."""
    votes = Counter(view["district_votes"].values())
    needed = len(choices) // 2 + 1  # the district's voters are exactly the choices
    last = len(view["district_votes"]) + 1 == len(choices)

    def score(c: int) -> float:
        return friendliness(view, mem, c) + BANDWAGON * votes[c]

    electable = sorted((c for c in choices if votes[c] + 1 >= needed), key=lambda c: -score(c))
    for c in electable:
        if last or friendliness(view, mem, c) > KNOWN_FOE:
            return Action(VOTE_ACTION, c)
    return Action(VOTE_ACTION, max(choices, key=lambda c: (score(c), -c)))


def revote_choices(view: dict) -> list[int]:
    """Whom the seat of `view` would change its vote to, when every voter of its district has
    voted and nobody has a majority (issue 34: a bot never keeps its district from electing):
    the candidates its changed vote elects; else those with at least as many votes as its own
    candidate, so that bots gather behind one (each such change makes the largest count grow,
    so changes end). Empty: it keeps its vote."""
    public, me = view["public"], view["seat"]
    votes = view["district_votes"]
    district = view["district"]
    if public["phase"] != "vote" or district is None or me not in votes:
        return []
    box = public["districts"][district - 1]
    voters = [p for p in box["players"] if p != box["rep"]]
    if box["closed"] is not None or len(votes) < len(voters):
        return []
    count = Counter(votes.values())
    mine, needed = votes[me], len(voters) // 2 + 1
    others = [c for c in voters if c != mine]
    electing = [c for c in others if count[c] + 1 >= needed]
    if electing:
        return electing
    return [c for c in others if count[c] >= max(1, count[mine])]


def _discard(view: dict) -> str:
    """Discard the policy whose playing would be worst for this seat."""
    public = view["public"]
    actor = public["holders"].get(ACTION)
    district = public["where"][actor] if actor is not None else None
    board, rules = board_of(public), public["rules"]
    me = view["district"]
    return min(
        view["hand"],
        key=lambda code: value(view["card"], me, after(board, code, district), rules),
    )


def _investigate(view: dict, mem: Memory, choices: list[int]) -> int:
    unknown = [c for c in choices if c not in mem.known] or choices
    side = faction(view["card"])
    return min(unknown, key=lambda c: (mem.leaning(c, side), c))


def _settle(view: dict, choices: list[int]) -> int:
    public, me = view["public"], view["seat"]
    where = public["where"]
    side = faction(view["card"])
    if side == OLIGARCH:
        return home_of(view["card"])
    size = {d: where.count(d) for d in choices}
    if side == FASCIST:
        mates = {d: sum(1 for p in view["fascists"] if where[p] == d) for d in choices}
        return min(choices, key=lambda d: (mates[d], size[d], d))
    fewest = min(size.values())
    ties = [d for d in choices if size[d] == fewest]
    return ties[me % len(ties)]


def _relocate(view: dict, choices: list[int]) -> int:
    public = view["public"]
    points = public["points"]
    side = faction(view["card"])
    if side == OLIGARCH and home_of(view["card"]) in choices:
        return home_of(view["card"])
    if side == LIBERAL:
        return max(choices, key=lambda d: (points[d - 1], -d))
    where = public["where"]
    return min(choices, key=lambda d: (where.count(d), d))


def _send(view: dict, mem: Memory, choices: list[tuple[int, int]]) -> tuple[int, int]:
    public, card = view["public"], view["card"]
    where, points = public["where"], public["points"]
    side = faction(card)
    mine = home_of(card) if side == OLIGARCH else view["district"]

    def score(pair: tuple[int, int]) -> float:
        target, to = pair
        if side == FASCIST:
            mate = target in view["fascists"]
            lead = points[where[target] - 1] - points[to - 1]
            return (-5.0 if mate else 0.0) + lead
        suspicion = -mem.leaning(target, side)
        leaving = 1.0 if where[target] == mine else 0.3
        return suspicion * leaving - 0.2 * points[to - 1] - (2.0 if to == mine else 0.0)

    return max(choices, key=lambda pair: (score(pair), -pair[0], -pair[1]))
