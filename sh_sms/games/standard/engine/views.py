"""What each player may know, and what the whole table may know. Hidden facts leave only here."""

from __future__ import annotations

from functools import cache

from .actions import awaiting, legal_actions
from .ruleset import Ruleset
from .setup import knowledge
from .state import CHANCELLOR_ENACT, NOMINATE, OVER, PRESIDENT_DISCARD, VETO, VOTE, GameState


def public_view(s: GameState) -> dict:
    """The board as the whole table may know it: counts, offices and revealed votes, no cards."""
    over = s.phase == OVER
    return {
        "phase": s.phase,
        "round": s.round,
        "players": [
            {"seat": p, "name": name, "alive": s.alive[p]} for p, name in enumerate(s.names)
        ],
        "president": None if over else s.president,
        "chancellor": None if over else s.chancellor,
        "liberal": s.liberal,
        "fascist": s.fascist,
        "tracker": s.tracker,
        "draw_pile": len(s.draw),
        "discards": len(s.discards),
        "veto_unlocked": s.veto_unlocked,
        "power": s.power,
        "waiting_for": awaiting(s),
        "eligible": s.eligible_chancellors() if s.phase == NOMINATE else None,
        "term_limited": [] if over else s.term_limited(),
        "voted": [p for p, v in enumerate(s.votes) if v is not None] if s.phase == VOTE else None,
        "last_votes": s.last_votes,
        "investigated": s.investigated(),
        "winner": s.winner,
        "reason": s.reason,
        "roles": list(s.roles) if over else None,
        "rules": rules_data(s.rules),
    }


def rules_data(rules: Ruleset) -> dict:
    """The ruleset as plain data (public: the whole table plays by it)."""
    return dict(_rules_data(rules))


@cache
def _rules_data(rules: Ruleset) -> dict:
    data = rules.to_data()
    data["powers"] = tuple(data["powers"])
    return data


def holder(s: GameState) -> int | None:
    """The seat holding policy cards now, if any."""
    if s.phase == PRESIDENT_DISCARD:
        return s.president
    if s.phase in (CHANCELLOR_ENACT, VETO):
        return s.chancellor
    return None


def player_view(s: GameState, seat: int) -> dict:
    """Exactly what `seat` may know: the public view plus its own secrets."""
    view = knowledge(s, seat)
    view.update(
        seat=seat,
        name=s.names[seat],
        alive=s.alive[seat],
        investigations=[
            {"target": target, "party": s.party(target)}
            for who, target in s.investigations or ()
            if who == seat
        ],
        shown=[
            {"president": president, "party": s.party(president)}
            for president, target in s.shown or ()
            if target == seat
        ],
        hand=list(s.hand) if holder(s) == seat else [],
        peek=list(s.peek[1]) if s.peek and s.peek[0] == seat else None,
        vote=s.votes[seat] if s.phase == VOTE else None,
        legal=[list(a) for a in legal_actions(s, seat)],
        public=public_view(s),
    )
    return view
