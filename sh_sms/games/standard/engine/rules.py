"""Applying one action: validate it, then return the new state and what happened."""

from __future__ import annotations

from . import errors as E
from .actions import (
    ANSWER_VETO,
    DISCARD,
    ENACT,
    NOMINATE_ACTION,
    POWER_ACTIONS,
    PROPOSE_VETO,
    VOTE_ACTION,
    Action,
)
from .boards import HITLER, INVESTIGATE, PEEK_AND_DROP, REVERSE_INVESTIGATION, SPECIAL_ELECTION
from .errors import IllegalAction
from .events import EVERYONE, Event
from .flow import (
    BY_HITLER_ELECTED,
    BY_HITLER_EXECUTED,
    FASCIST_WIN,
    LIBERAL_WIN,
    advance,
    advance_tracker,
    end_session,
    finish,
    hitler_elected,
    reshuffle_if_needed,
    start_round,
)
from .state import (
    CHANCELLOR_ENACT,
    NOMINATE,
    OVER,
    POWER,
    PRESIDENT_DISCARD,
    VETO,
    VOTE,
    GameState,
)

_POWER_OF_ACTION = {kind: power for power, kind in POWER_ACTIONS.items()}


def apply(state: GameState, seat: int, action: Action) -> tuple[GameState, list[Event]]:
    """Apply `action` by `seat`; return (new state, events).

    Raises IllegalAction with a reason code, leaving `state` untouched.
    """
    if state.phase == OVER:
        raise IllegalAction(E.GAME_OVER)
    if not (type(seat) is int and 0 <= seat < len(state.alive)):
        raise IllegalAction(E.NOT_A_PLAYER)
    if not state.alive[seat]:
        raise IllegalAction(E.DEAD)
    kind = action[0]
    handler = _HANDLERS.get(kind) if type(kind) is str else None
    if handler is None:
        raise IllegalAction(E.UNKNOWN_ACTION)
    phase, handle = handler
    if phase != state.phase:
        raise IllegalAction(E.WRONG_PHASE, phase=state.phase)
    s = state.clone()
    events: list[Event] = []
    handle(s, seat, action[1], events)
    return s, events


def _require(seat: int, holder: int | None) -> None:
    if seat != holder:
        raise IllegalAction(E.NOT_YOUR_TURN, waiting_for=holder)


def _target(s: GameState, seat: int, target: object) -> int:
    """Check a player target: a living seat other than the actor's own."""
    if not (type(target) is int and 0 <= target < len(s.alive)):
        raise IllegalAction(E.INVALID_TARGET)
    if target == seat:
        raise IllegalAction(E.SELF_TARGET)
    if not s.alive[target]:
        raise IllegalAction(E.TARGET_DEAD, target=target)
    return target


def _nominate(s: GameState, seat: int, target: object, events: list[Event]) -> None:
    _require(seat, s.president)
    target = _target(s, seat, target)
    if target in s.term_limited():
        raise IllegalAction(E.TERM_LIMITED, target=target, eligible=s.eligible_chancellors())
    s.chancellor = target
    s.phase = VOTE
    s.votes = [None] * len(s.alive)
    events.append(Event("nominated", EVERYONE, {"president": seat, "chancellor": target}))


def _vote(s: GameState, seat: int, ja: object, events: list[Event]) -> None:
    if type(ja) is not bool:
        raise IllegalAction(E.INVALID_TARGET)
    votes = list(s.votes)
    changed = votes[seat] is not None and votes[seat] != ja  # the same vote again changes nothing
    votes[seat] = ja
    s.votes = votes
    events.append(Event("vote_recorded", seat, {"vote": ja, "changed": changed}))
    alive = s.alive
    if votes.count(None) > len(alive) - sum(alive):  # dead seats stay None
        return
    ayes = votes.count(True)
    passed = ayes * 2 > sum(alive)  # strictly more than half of the living (R6)
    s.last_votes = votes
    s.votes = None
    events.append(
        Event(
            "election",
            EVERYONE,
            {
                "president": s.president,
                "chancellor": s.chancellor,
                "votes": votes,
                "passed": passed,
            },
        )
    )
    if not passed:
        advance_tracker(s, events)
        return
    s.last_president, s.last_chancellor = s.president, s.chancellor
    if hitler_elected(s):
        finish(s, FASCIST_WIN, BY_HITLER_ELECTED, events)
        return
    s.hand, s.draw = s.draw[:3], s.draw[3:]
    s.phase = PRESIDENT_DISCARD
    events.append(
        Event("session", EVERYONE, {"president": s.president, "chancellor": s.chancellor})
    )
    events.append(Event("drawn", s.president, {"cards": s.hand}))


def _without(hand: list[str], card: object) -> list[str]:
    if card not in ("L", "F") or card not in hand:
        raise IllegalAction(E.NOT_IN_HAND, hand=hand)
    rest = list(hand)
    rest.remove(card)
    return rest


def _discard(s: GameState, seat: int, card: object, events: list[Event]) -> None:
    _require(seat, s.president)
    s.hand = _without(s.hand, card)
    s.discards = [*s.discards, card]
    s.phase = CHANCELLOR_ENACT
    events.append(Event("discarded", seat, {"card": card}))
    events.append(Event("passed", EVERYONE, {"president": seat, "chancellor": s.chancellor}))
    events.append(Event("handed", s.chancellor, {"cards": s.hand}))


def _enact(s: GameState, seat: int, card: object, events: list[Event]) -> None:
    _require(seat, s.chancellor)
    rest = _without(s.hand, card)
    s.discards = s.discards + rest
    s.hand = []
    end_session(s, card, events)


def _propose_veto(s: GameState, seat: int, arg: object, events: list[Event]) -> None:
    _require(seat, s.chancellor)
    if arg is not None:
        raise IllegalAction(E.INVALID_TARGET)
    if not s.veto_unlocked:
        raise IllegalAction(E.VETO_LOCKED)
    if s.veto_proposed:
        raise IllegalAction(E.VETO_ALREADY_PROPOSED)
    s.veto_proposed = True
    s.phase = VETO
    events.append(Event("veto_proposed", EVERYONE, {"chancellor": seat, "president": s.president}))


def _answer_veto(s: GameState, seat: int, agree: object, events: list[Event]) -> None:
    _require(seat, s.president)
    if type(agree) is not bool:
        raise IllegalAction(E.INVALID_TARGET)
    events.append(Event("veto_answered", EVERYONE, {"president": seat, "agreed": agree}))
    if not agree:
        s.phase = CHANCELLOR_ENACT
        events.append(Event("handed", s.chancellor, {"cards": s.hand}))
        return
    s.discards = s.discards + s.hand
    s.hand = []
    reshuffle_if_needed(s, events)
    advance_tracker(s, events)


def _use_power(s: GameState, seat: int, target: object, events: list[Event], kind: str) -> None:
    _require(seat, s.president)
    if _POWER_OF_ACTION[kind] != s.power:
        raise IllegalAction(E.WRONG_POWER, power=s.power)
    if s.power == PEEK_AND_DROP:
        _drop_or_keep(s, seat, target, events)
        return
    target = _target(s, seat, target)
    if s.power == INVESTIGATE:
        if target in s.investigated():
            raise IllegalAction(E.ALREADY_INVESTIGATED, target=target)
        s.investigations = [*(s.investigations or ()), [seat, target]]
        events.append(Event("investigation", seat, {"target": target, "party": s.party(target)}))
        events.append(Event("investigated", EVERYONE, {"president": seat, "target": target}))
        advance(s, events)
    elif s.power == REVERSE_INVESTIGATION:
        s.shown = [*(s.shown or ()), [seat, target]]
        events.append(Event("shown_party", target, {"president": seat, "party": s.party(seat)}))
        events.append(Event("showed_party", EVERYONE, {"president": seat, "target": target}))
        advance(s, events)
    elif s.power == SPECIAL_ELECTION:
        events.append(Event("special_election", EVERYONE, {"president": seat, "target": target}))
        start_round(s, target, events)  # the rotation stays with the caller (R16)
    else:
        alive = list(s.alive)
        alive[target] = False
        s.alive = alive
        events.append(Event("executed", EVERYONE, {"president": seat, "target": target}))
        if s.roles[target] == HITLER:
            finish(s, LIBERAL_WIN, BY_HITLER_EXECUTED, events)
        else:
            advance(s, events)


def _drop_or_keep(s: GameState, seat: int, drop: object, events: list[Event]) -> None:
    """Peek and drop: the top policy goes to the discards, or stays on top (secrethitler.io,
    policy-powers.js `selectBurnCard`); the table learns which, never the card."""
    if type(drop) is not bool:
        raise IllegalAction(E.INVALID_TARGET)
    if drop:
        s.discards = [*s.discards, s.draw[0]]
        s.draw = s.draw[1:]
    events.append(Event("drop_decided", EVERYONE, {"president": seat, "dropped": drop}))
    if drop:
        reshuffle_if_needed(s, events)
    advance(s, events)


def _power_handler(kind: str):
    def handle(s: GameState, seat: int, target: object, events: list[Event]) -> None:
        _use_power(s, seat, target, events, kind)

    return handle


_HANDLERS = {
    NOMINATE_ACTION: (NOMINATE, _nominate),
    VOTE_ACTION: (VOTE, _vote),
    DISCARD: (PRESIDENT_DISCARD, _discard),
    ENACT: (CHANCELLOR_ENACT, _enact),
    PROPOSE_VETO: (CHANCELLOR_ENACT, _propose_veto),
    ANSWER_VETO: (VETO, _answer_veto),
    **{kind: (POWER, _power_handler(kind)) for kind in POWER_ACTIONS.values()},
}
