"""What each player may know, what the whole table may know, and who hears a player's talk."""

from __future__ import annotations

from .actions import awaiting, legal_actions
from .setup import knowledge
from .state import DRAW, INVESTIGATE, OVER, PLAY, SETTLE, TAKE, VOTE, DistrictsState
from .tables import ACTION
from .tables import DRAW as DRAW_CARD
from .tables import TAKE as TAKE_CARD

# Why a player's table talk reaches nobody now.
CAPITOL_SILENT = "capitol_silent"


def public_view(s: DistrictsState) -> dict:
    """The board: districts and who is in each, the capitol, scoreboard and tracks; no cards.
    While the players settle, where each one went is nobody's business but their own: only how
    many have chosen is public (docs/districts.md, "Game start")."""
    over = s.phase == OVER
    where = [None] * s.players if s.phase == SETTLE else list(s.where)
    return {
        "phase": s.phase,
        "round": s.round,
        "players": [{"seat": p, "name": name} for p, name in enumerate(s.names)],
        "districts": [
            {
                "district": d,
                "players": [p for p, at in enumerate(where) if at == d],
                "points": s.points[d - 1],
                "rep": s.reps[d - 1] if s.reps else None,
                "closed": s.closed[d - 1] if s.closed else None,
            }
            for d in range(1, s.districts + 1)
        ],
        "where": where,
        "settled": sum(1 for d in s.where if d is not None),
        "points": list(s.points),
        "capitol": s.in_capitol() if s.reps else [],
        "holders": dict(s.capitol),
        "tracks": s.tracks(),
        "enacted": list(s.enacted),
        "played": len(s.enacted),
        "draw_pile": len(s.draw),
        "discards": len(s.discards),
        "timer_ends": s.timer_ends,
        "investigated": [list(pair) for pair in s.investigations],
        "waiting_for": awaiting(s),
        "rules": dict(s.rules),
        "winners": s.winners,
        "reason": s.reason,
        "cards": list(s.cards) if over else None,
        "boxed": s.boxed if over else None,
    }


def player_view(s: DistrictsState, seat: int) -> dict:
    """Exactly what `seat` may know: the public view plus its own secrets."""
    view = knowledge(s, seat)
    district = s.where[seat]
    voting_here = s.phase == VOTE and district is not None and seat in s.voters(district)
    view.update(
        seat=seat,
        name=s.names[seat],
        district=district,
        investigations=[
            {"target": target, "card": s.cards[target]}
            for who, target in s.investigations
            if who == seat
        ],
        hand=list(s.hand) if _holds_policies(s) == seat else [],
        district_votes=(
            {p: s.votes[p] for p in s.voters(district) if s.votes[p] is not None}
            if voting_here
            else {}
        ),
        legal=[
            [a.kind, list(a.arg) if type(a.arg) is tuple else a.arg] for a in legal_actions(s, seat)
        ],
        public=public_view(s),
    )
    return view


def _holds_policies(s: DistrictsState) -> int | None:
    if s.phase == DRAW:
        return s.holder(DRAW_CARD)
    if s.phase == TAKE:
        return s.holder(TAKE_CARD)
    if s.phase == PLAY:
        return s.holder(ACTION)
    return None


def talk_audience(s: DistrictsState, seat: int) -> list[int] | str:
    """Who hears `seat`'s table talk now, or why nobody may (docs/districts.md, "Talk").

    Before the districts and after the end: everyone. In the voting phase: the capitol talks
    among itself, a district within itself. From the deal of the capitol deck until the policy
    is played the capitol is silent; everyone else talks within their district.
    """
    if s.phase in (SETTLE, OVER):
        return [p for p in range(s.players) if p != seat]
    capitol = s.in_capitol() if s.phase in (VOTE, INVESTIGATE, DRAW, TAKE, PLAY) else []
    if seat in capitol:
        if s.phase != VOTE:
            return CAPITOL_SILENT
        return [p for p in capitol if p != seat]
    district = s.where[seat]
    return [p for p in s.members(district) if p != seat and p not in capitol]
