"""What happens between actions: new rounds, enacting, chaos, reshuffles, powers and the end.

Every function here takes a freshly cloned state, changes it, and appends events to `events`.
"""

from __future__ import annotations

from .boards import (
    CHAOS_AT,
    FASCIST_TO_WIN,
    HITLER,
    INVESTIGATE,
    LIBERAL_TO_WIN,
    PEEK,
    PEEK_AND_DROP,
)
from .events import EVERYONE, Event
from .state import NOMINATE, OVER, POWER, GameState

LIBERAL_WIN = "liberal"
FASCIST_WIN = "fascist"
# Reasons a game ends (R19).
BY_POLICIES = "policies"
BY_HITLER_ELECTED = "hitler_elected"
BY_HITLER_EXECUTED = "hitler_executed"


def start_round(s: GameState, president: int, events: list[Event], **facts: int) -> None:
    """Open a nomination with `president` as the candidate (`facts`: more for the round event)."""
    s.phase = NOMINATE
    s.round += 1
    s.president = president
    s.chancellor = None
    s.votes = None
    s.hand = []
    s.power = None
    s.veto_proposed = False
    events.append(Event("round", EVERYONE, {"round": s.round, "president": president, **facts}))


def advance(s: GameState, events: list[Event]) -> None:
    """Pass the presidency to the next living player after the rotation seat (R4, R16).

    After a special election (the candidate was not the rotation seat) the round says so, and
    from whom the order resumes, so the table sees why that candidate comes next.
    """
    facts = {}
    if s.president != s.rotation:
        facts = {"resumes_after": s.rotation, "special": s.president}
    s.rotation = s.next_alive(s.rotation)
    start_round(s, s.rotation, events, **facts)


def finish(s: GameState, winner: str, reason: str, events: list[Event]) -> None:
    """End the game at once and reveal every role (R19)."""
    s.phase = OVER
    s.winner = winner
    s.reason = reason
    s.hand = []
    s.power = None
    events.append(
        Event("game_over", EVERYONE, {"winner": winner, "reason": reason, "roles": list(s.roles)})
    )


def reshuffle_if_needed(s: GameState, events: list[Event]) -> None:
    """Shuffle the discards into the draw pile when fewer than 3 remain (R12)."""
    if len(s.draw) >= 3:
        return
    pile = s.draw + s.discards
    s.rng("reshuffle").shuffle(pile)
    s.shuffles += 1
    s.draw = pile
    s.discards = []
    events.append(Event("reshuffle", EVERYONE, {"draw_pile": len(pile)}))


def enact(s: GameState, card: str, by_chaos: bool, events: list[Event]) -> bool:
    """Put `card` on the board (R11); return True when that ended the game (R19)."""
    if card == "L":
        s.liberal += 1
    else:
        s.fascist += 1
    s.tracker = 0
    events.append(
        Event(
            "enacted",
            EVERYONE,
            {"policy": card, "chaos": by_chaos, "liberal": s.liberal, "fascist": s.fascist},
        )
    )
    if s.liberal >= LIBERAL_TO_WIN:
        finish(s, LIBERAL_WIN, BY_POLICIES, events)
        return True
    if s.fascist >= FASCIST_TO_WIN:
        finish(s, FASCIST_WIN, BY_POLICIES, events)
        return True
    if card == "F" and s.fascist == s.rules.veto_zone:
        events.append(Event("veto_unlocked", EVERYONE, {}))
    return False


def advance_tracker(s: GameState, events: list[Event]) -> None:
    """Move the election tracker on (R8, R13); at 3, enact the top policy by chaos (R9)."""
    s.tracker += 1
    events.append(Event("tracker", EVERYONE, {"tracker": s.tracker}))
    if s.tracker < CHAOS_AT:
        advance(s, events)
        return
    card, s.draw = s.draw[0], s.draw[1:]
    s.last_president = s.last_chancellor = None
    if enact(s, card, True, events):
        return
    reshuffle_if_needed(s, events)
    advance(s, events)


def end_session(s: GameState, card: str, events: list[Event]) -> None:
    """After a government enacted `card`: check the end, reshuffle, then grant any power (R14)."""
    if enact(s, card, False, events):
        return
    reshuffle_if_needed(s, events)
    power = s.rules.power(s.fascist) if card == "F" else None
    if power is None:
        advance(s, events)
    elif power == PEEK:
        top = s.draw[:3]
        s.peek = [s.president, top]
        events.append(Event("peek_cards", s.president, {"cards": top}))
        events.append(Event("peeked", EVERYONE, {"president": s.president}))
        advance(s, events)
    elif power == INVESTIGATE and not investigable(s):
        events.append(Event("power_skipped", EVERYONE, {"power": power}))
        advance(s, events)
    else:
        s.phase = POWER
        s.power = power
        events.append(Event("power", EVERYONE, {"power": power, "president": s.president}))
        if power == PEEK_AND_DROP:  # the President sees the top policy, then drops or keeps it
            top = s.draw[:1]
            s.peek = [s.president, top]
            events.append(Event("peek_top", s.president, {"cards": top}))


def investigable(s: GameState) -> list[int]:
    """Living players other than the President not yet investigated (R15)."""
    done = s.investigated()
    return [p for p, up in enumerate(s.alive) if up and p != s.president and p not in done]


def hitler_elected(s: GameState) -> bool:
    """Whether the government just elected makes the Fascists win (R7)."""
    return s.fascist >= s.rules.hitler_zone and s.roles[s.chancellor] == HITLER
