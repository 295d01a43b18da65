"""A parsed command read against the sender's view: the engine action it means, or a refusal
that says why not and what would work (pure; the view holds all the sender may know)."""

from __future__ import annotations

from typing import NamedTuple

from sh_sms.text.commands import Command
from sh_sms.text.players import AMBIGUOUS, ResolveError, resolve_player

from ..engine import Action
from ..engine.actions import (
    DISCARD,
    INVESTIGATE_ACTION,
    MOVE_ACTION,
    PLAY_ACTION,
    SEND_ACTION,
    TIMER,
    VOTE_ACTION,
)
from ..engine.tables import FACTION_OF_LETTER

# Refusal codes (each has templates/sms/districts/refuse_<code>.txt).
NOT_NOW = "not_now"  # the command is not one the sender can use now
NO_SUCH_PLAYER = "no_such_player"
AMBIGUOUS_PLAYER = "ambiguous"
NOT_A_CHOICE = "not_a_choice"  # a real player or district, but not one of the choices
NO_SUCH_CARD = "no_such_card"
ALREADY_VOTED = "already_voted"  # a vote for the candidate the sender already votes for

KIND_OF_VERB = {
    "move": MOVE_ACTION,
    "vote": VOTE_ACTION,
    "timer": TIMER,
    "investigate": INVESTIGATE_ACTION,
    "discard": DISCARD,
    "send": SEND_ACTION,
    "play": PLAY_ACTION,
}


class Refusal(NamedTuple):
    """Why a command cannot be made now: a code, the verb, and what would work (`choices`:
    seats, districts or card numbers the sender may use)."""

    code: str
    verb: str
    choices: tuple = ()
    typed: str = ""


def resolve(command: Command, view: dict) -> Action | Refusal:
    """The engine action `command` means for the sender of `view`, or why it cannot be made."""
    verb = command.verb
    kind = KIND_OF_VERB[verb]
    legal = [(k, tuple(a) if type(a) is list else a) for k, a in view["legal"] if k == kind]
    if not legal:
        return Refusal(NOT_NOW, verb)
    if kind in (TIMER, PLAY_ACTION):
        return Action(kind)
    args = [a for _, a in legal]
    names = [p["name"] for p in view["public"]["players"]]
    typed = command.arg or ""
    if kind == MOVE_ACTION:
        choice = int(typed)
    elif kind == DISCARD:
        choice = _card(typed, view["hand"])
        if choice is None:
            return Refusal(NO_SUCH_CARD, verb, tuple(range(1, len(view["hand"]) + 1)), typed)
    elif kind == SEND_ACTION:
        ref, district = typed.rsplit(" ", 1)
        seat = resolve_player(ref, names)
        if isinstance(seat, ResolveError):
            return _unknown(seat, verb, ref, tuple(dict.fromkeys(p for p, _ in args)))
        choice = (seat, int(district))
        if choice not in args:
            return Refusal(NOT_A_CHOICE, verb, tuple(d for p, d in args if p == seat), typed)
    else:  # vote, investigate: a player
        choice = resolve_player(typed, names)
        if isinstance(choice, ResolveError):
            return _unknown(choice, verb, typed, tuple(args))
    if kind == VOTE_ACTION and view["district_votes"].get(view["seat"]) == choice:
        return Refusal(ALREADY_VOTED, verb, (choice,), typed)
    if choice not in args:
        return Refusal(NOT_A_CHOICE, verb, tuple(args), typed)
    return Action(kind, choice)


def _unknown(error: ResolveError, verb: str, typed: str, choices: tuple) -> Refusal:
    if error.code == AMBIGUOUS:
        return Refusal(AMBIGUOUS_PLAYER, verb, tuple(error.candidates), typed)
    return Refusal(NO_SUCH_PLAYER, verb, choices, typed)


def _card(typed: str, hand: list[str]) -> str | None:
    """The policy `typed` means: its number in the hand (1-3), or a faction letter (L, F, O, P)
    that only one card held has."""
    key = typed.strip().upper()
    if key.isdigit():
        index = int(key)
        return hand[index - 1] if 1 <= index <= len(hand) else None
    same = [code for code in hand if code[0] == key[:1]]
    if key[:1] in FACTION_OF_LETTER and len(set(same)) == 1:
        return same[0]
    return None
