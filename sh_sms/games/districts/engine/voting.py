"""Settling into districts and the voting phase: each district elects its representative."""

from __future__ import annotations

from ....gamekind.kit import EVERYONE, Event
from .state import ELECTED, EMPTY, TIMED_OUT, VOTE, DistrictsState


def settle(
    s: DistrictsState, seat: int, district: int, events: list[Event], timed_out: bool = False
) -> None:
    """`seat` settles into `district` (`timed_out`: the clock placed them); once everybody
    has, the first voting phase begins. Only the settler is told where (a choice is final and
    later settlers cannot react to it); the table learns who is where as the voting begins."""
    s.where[seat] = district
    data = {"seat": seat, "district": district} | ({"timed_out": True} if timed_out else {})
    events.append(Event("settled", seat, data))
    if None not in s.where:
        start_voting(s, events)


def settle_the_rest(s: DistrictsState, events: list[Event]) -> None:
    """The wait ran out: each player still unsettled goes to the district with fewest players
    (the lowest number on a tie)."""
    for seat, district in enumerate(s.where):
        if district is None:
            sizes = [len(s.members(d)) for d in range(1, s.districts + 1)]
            settle(s, seat, sizes.index(min(sizes)) + 1, events, timed_out=True)


def start_voting(s: DistrictsState, events: list[Event]) -> None:
    """A new round: everyone is in a district, and every district with players votes."""
    s.round += 1
    s.phase = VOTE
    s.votes = [None] * s.players
    s.reps = [None] * s.districts
    s.closed = [None if s.members(d) else EMPTY for d in range(1, s.districts + 1)]
    s.timer_ends = None
    s.capitol = {}
    s.hand = []
    events.append(
        Event(
            "voting",
            EVERYONE,
            {
                "round": s.round,
                "districts": [s.members(d) for d in range(1, s.districts + 1)],
                "points": list(s.points),
            },
        )
    )


def needed(s: DistrictsState, district: int) -> int:
    """Votes that elect in `district`: a majority (50%+1) of the players present there."""
    return len(s.voters(district)) // 2 + 1


def vote(s: DistrictsState, seat: int, candidate: int, events: list[Event], now: int = 0) -> None:
    """`seat` votes for `candidate`; a majority of the district elects them to the capitol.
    The district is told who is still to vote and, when the timer runs, the seconds it has left
    (issue 34: a district without a majority knows what elects and when the timer ends it)."""
    s.votes[seat] = candidate
    district = s.where[seat]
    voters = s.voters(district)
    count = sum(1 for p in voters if s.votes[p] == candidate)
    need = needed(s, district)
    data = {"voter": seat, "candidate": candidate, "count": count, "needed": need}
    data["district"], data["waiting"] = district, [p for p in voters if s.votes[p] is None]
    data["left"] = None if s.timer_ends is None else max(0, s.timer_ends - now)
    for member in voters:  # the district sees its own votes; other districts do not
        events.append(Event("district_vote", member, dict(data)))
    if count >= need:
        s.reps[district - 1] = candidate
        s.closed[district - 1] = ELECTED
        events.append(
            Event(
                "elected",
                EVERYONE,
                {"seat": candidate, "district": district, "votes": count, "of": len(voters)},
            )
        )


def start_timer(s: DistrictsState, seat: int | None, now: int, events: list[Event]) -> None:
    """Start the capitol's timer: districts still voting when it runs out send nobody."""
    s.timer_ends = now + s.rules["timer_seconds"]
    waiting = [d for d, why in enumerate(s.closed, 1) if why is None]
    events.append(
        Event("timer", EVERYONE, {"by": seat, "ends": s.timer_ends, "districts": waiting})
    )


def time_out(s: DistrictsState, events: list[Event]) -> None:
    """The timer ran out: every district still voting has no representation this round."""
    for d, why in enumerate(s.closed, 1):
        if why is None:
            s.closed[d - 1] = TIMED_OUT
            events.append(Event("unrepresented", EVERYONE, {"district": d}))


def all_decided(s: DistrictsState) -> bool:
    """Whether every district has elected, is empty, or ran out of time."""
    return s.phase == VOTE and None not in s.closed
