"""The decision: from one seat's view and history to the action it takes, or the claim it makes."""

from __future__ import annotations

from sh_sms.games.standard.engine import Action, Event
from sh_sms.games.standard.engine.actions import (
    ANSWER_VETO,
    DISCARD,
    ENACT,
    NOMINATE_ACTION,
    POWER_ACTIONS,
    PROPOSE_VETO,
    VOTE_ACTION,
)
from sh_sms.games.standard.engine.boards import FASCIST, PEEK_AND_DROP

from . import fascist, liberal, stories
from .claims import Claim
from .notebook import Notebook

DROP = POWER_ACTIONS[PEEK_AND_DROP]


def decide(view: dict, history: list[Event], notebook: Notebook | None = None) -> Action | None:
    """The action the seat of `view` takes now, or None when the game is not waiting on it.

    `view` is `player_view(state, seat)`; `history` every event that seat has seen, oldest first.
    A `notebook` kept from earlier calls for the same seat and history only saves reading time.
    """
    if view["seat"] not in view["public"]["waiting_for"]:
        return None
    nb = (notebook or Notebook(view)).read(history)
    playbook = fascist if nb.role == FASCIST else liberal
    legal = [Action(*pair) for pair in view["legal"]]
    kinds = {action.kind for action in legal}
    if NOMINATE_ACTION in kinds:
        choices = [action.arg for action in legal]
        return Action(NOMINATE_ACTION, playbook.nominate(nb, view, choices))
    if VOTE_ACTION in kinds:
        return Action(VOTE_ACTION, playbook.vote(nb, view))
    if DISCARD in kinds:
        return Action(DISCARD, playbook.discard(nb, view, view["hand"]))
    if ENACT in kinds:
        card = playbook.enact(nb, view, view["hand"], PROPOSE_VETO in kinds)
        return Action(PROPOSE_VETO) if card is None else Action(ENACT, card)
    if ANSWER_VETO in kinds:
        return Action(ANSWER_VETO, playbook.answer_veto(nb, view))
    (kind,) = kinds  # a power: investigate, special_election, execute, show or drop
    if kind == DROP:
        return Action(DROP, playbook.drop(nb, view, view["peek"][0]))
    choices = [action.arg for action in legal]
    return Action(kind, playbook.target(nb, view, view["public"]["power"], choices))


def claim(view: dict, history: list[Event], notebook: Notebook | None = None) -> Claim | None:
    """The claim the seat of `view` owes the table now (after its turn in office), if any."""
    if not view["alive"]:
        return None
    return stories.next_claim((notebook or Notebook(view)).read(history))
