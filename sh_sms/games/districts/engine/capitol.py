"""The policy phase: the capitol deck is dealt, then investigate, draw, take, and the action."""

from __future__ import annotations

from ....gamekind.kit import EVERYONE, Event
from .ending import end_reasons, finish
from .state import DRAW, INVESTIGATE, MOVE, PLAY, TAKE, DistrictsState
from .tables import ACTION, CAPITOL_DECKS, CAPITOL_ORDER, DRAWN, NO_MOVE, ROTATE, policy
from .tables import DRAW as DRAW_CARD
from .tables import INVESTIGATE as INVESTIGATE_CARD
from .tables import TAKE as TAKE_CARD
from .voting import start_voting


def open_capitol(s: DistrictsState, events: list[Event]) -> None:
    """All districts are decided: deal the capitol deck for this many representatives."""
    reps = s.in_capitol()
    if not reps:  # nobody to play the cards: the top policy is played as it is
        _refill(s, 1, events)
        top, s.draw = s.draw[0], s.draw[1:]
        events.append(Event("capitol", EVERYONE, {"holders": {}, "reps": []}))
        enact(s, top, None, events)
        return
    roles = list(CAPITOL_DECKS[len(reps)])
    rng = s.rng("capitol")
    rng.shuffle(roles)
    order = rng.sample(reps, len(reps))
    dealt = {role: order[i % len(order)] for i, role in enumerate(roles)}
    s.capitol = {role: dealt[role] for role in CAPITOL_ORDER if role in dealt}
    events.append(Event("capitol", EVERYONE, {"holders": dict(s.capitol), "reps": reps}))
    if INVESTIGATE_CARD in s.capitol:
        s.phase = INVESTIGATE
    else:
        _draw(s, events)


def investigate(s: DistrictsState, seat: int, target: int | None, events: list[Event]) -> None:
    """The investigate card: `seat` sees `target`'s alignment card (None: the wait ran out)."""
    if target is None:
        events.append(Event("investigation_skipped", EVERYONE, {"by": seat}))
    else:
        s.investigations.append([seat, target])
        events.append(Event("investigated", EVERYONE, {"by": seat, "target": target}))
        events.append(Event("investigation", seat, {"target": target, "card": s.cards[target]}))
    _draw(s, events)


def _draw(s: DistrictsState, events: list[Event]) -> None:
    """The draw card: its holder takes three policies from the deck."""
    _refill(s, DRAWN, events)
    s.hand, s.draw = s.draw[:DRAWN], s.draw[DRAWN:]
    s.phase = DRAW
    holder = s.holder(DRAW_CARD)
    events.append(Event("drawn", holder, {"cards": list(s.hand)}))


def _refill(s: DistrictsState, needed: int, events: list[Event]) -> None:
    """Shuffle the discards back under the deck's last cards when fewer than `needed` remain."""
    if len(s.draw) >= needed:
        return
    s.shuffles += 1
    pile = s.draw + s.discards
    s.rng("reshuffle").shuffle(pile)
    s.draw, s.discards = pile, []
    events.append(Event("reshuffle", EVERYONE, {"deck": len(pile)}))


def discard(s: DistrictsState, seat: int, code: str, events: list[Event]) -> None:
    """Discard one policy held: after the draw, two go to the taker; after the take, the last
    one goes to the action player, who is asked to play it (`play`): nobody plays it for them."""
    hand = list(s.hand)
    hand.remove(code)
    s.hand = hand
    s.discards.append(code)
    if s.phase == DRAW:
        taker = s.holder(TAKE_CARD)
        s.phase = TAKE
        events.append(Event("passed", EVERYONE, {"from": seat, "to": taker, "cards": len(hand)}))
        events.append(Event("handed", taker, {"cards": list(hand), "from": seat}))
        return
    actor = s.holder(ACTION)
    s.phase = PLAY
    events.append(Event("passed", EVERYONE, {"from": seat, "to": actor, "cards": len(hand)}))
    events.append(Event("handed", actor, {"cards": list(hand), "from": seat}))


def play(s: DistrictsState, seat: int, events: list[Event], timed_out: bool = False) -> None:
    """The action player plays the policy they hold (`timed_out`: the wait ran out and the
    clock played it for them, which everyone is told)."""
    (card,) = s.hand
    if timed_out:
        events.append(Event("timed_out", EVERYONE, {"seat": seat, "phase": PLAY}))
    enact(s, card, seat, events)


def enact(s: DistrictsState, code: str, actor: int | None, events: list[Event]) -> None:
    """The action player plays `code`: its policy, its points for their district, then the
    check for the end; if the game goes on, the card's move, then a new voting phase."""
    s.enacted.append(code)
    s.hand = []
    effects = policy(code)
    district = s.where[actor] if actor is not None else None
    if district is not None and effects.points:
        s.points[district - 1] += effects.points
    events.append(
        Event(
            "enacted",
            EVERYONE,
            {
                "card": code,
                "by": actor,
                "district": district,
                "tracks": s.tracks(),
                "points": list(s.points),
                "played": len(s.enacted),
            },
        )
    )
    reasons = end_reasons(s)
    if reasons:
        finish(s, reasons, events)
        return
    if actor is None or effects.move == NO_MOVE:
        start_voting(s, events)
    elif effects.move == ROTATE:
        rotate(s, events)
        start_voting(s, events)
    else:
        s.phase = MOVE  # the action player chooses (RELOCATE or SEND)


def rotate(s: DistrictsState, events: list[Event]) -> None:
    """Redistricting: the players of each district move on to the next (the last to the first)."""
    s.where = [d % s.districts + 1 for d in s.where]
    events.append(Event("rotated", EVERYONE, {"where": list(s.where), "districts": s.districts}))


def relocate(s: DistrictsState, seat: int, district: int | None, events: list[Event]) -> None:
    """The action player moves to `district` (None: the wait ran out and nobody moves)."""
    if district is None:
        events.append(Event("move_skipped", EVERYONE, {"by": seat}))
    else:
        s.where[seat] = district
        events.append(Event("moved", EVERYONE, {"by": seat, "seat": seat, "district": district}))
    start_voting(s, events)


def send(s: DistrictsState, seat: int, target: int, district: int, events: list[Event]) -> None:
    """The action player sends `target` to `district`."""
    s.where[target] = district
    events.append(Event("moved", EVERYONE, {"by": seat, "seat": target, "district": district}))
    start_voting(s, events)
