"""The end: when the game ends, and whom each alignment card says has won."""

from __future__ import annotations

from ....gamekind.kit import EVERYONE, Event
from .state import OVER, DistrictsState
from .tables import ACTION, FASCIST, LIBERAL, OLIGARCH, faction, home_of

POLICIES = "policies"  # a faction has enough policies
POINTS = "points"  # a district has enough points
LIMIT = "limit"  # enough policies have been played


def end_reasons(s: DistrictsState) -> list[str]:
    """Every reason the game ends now (one card may give several); empty while it goes on."""
    rules = s.rules
    reasons = []
    if max(s.tracks().values()) >= rules["policies_to_win"]:
        reasons.append(POLICIES)
    if max(s.points) >= rules["points_to_win"]:
        reasons.append(POINTS)
    if len(s.enacted) >= rules["max_policies"]:
        reasons.append(LIMIT)
    return reasons


def wins(s: DistrictsState, seat: int) -> bool:
    """Whether the alignment card of `seat` is satisfied by the board now (R: win conditions)."""
    card = s.cards[seat]
    side = faction(card)
    rules = s.rules
    if s.track(side) >= rules["policies_to_win"]:
        return True
    target = rules["points_to_win"]
    if side == LIBERAL:
        home = s.where[seat]
        return home is not None and s.points[home - 1] >= target
    if side == OLIGARCH:
        home = s.points[home_of(card) - 1]
        return all(home > pts for d, pts in enumerate(s.points, 1) if d != home_of(card))
    if side == FASCIST:
        return end_reasons(s) == [LIMIT]  # deadlock: nobody reached a goal by the last policy
    raise AssertionError(card)


def last_played(s: DistrictsState) -> dict:
    """The policy that ended the game, who played it and for which district (by None: the top
    of the deck, played with nobody in the capitol)."""
    by = s.capitol.get(ACTION) if s.capitol else None
    return {"card": s.enacted[-1], "by": by, "district": None if by is None else s.where[by]}


def finish(s: DistrictsState, reasons: list[str], events: list[Event]) -> None:
    """End the game: every player checks their own card; all cards are revealed, with where
    everyone stood and the policy that ended it."""
    s.phase = OVER
    s.reason = "+".join(reasons)
    s.winners = [p for p in range(s.players) if wins(s, p)]
    events.append(
        Event(
            "game_over",
            EVERYONE,
            {
                "reasons": reasons,
                "winners": list(s.winners),
                "cards": list(s.cards),
                "boxed": s.boxed,
                "tracks": s.tracks(),
                "points": list(s.points),
                "where": list(s.where),
                "last": last_played(s),
            },
        )
    )
