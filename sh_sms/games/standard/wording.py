"""The standard game's wording: its events, prompts and bots' claims become texts through
templates/sms (event/, prompt/, bots/), with its rules at hand."""

from __future__ import annotations

from ...text.messages import Prompt, render
from ...text.messages import naming as shared_naming
from .bots import Claim
from .engine import Event, GameState, legal_actions, player_view
from .engine.actions import PROPOSE_VETO, awaiting
from .engine.boards import MAX_PLAYERS, MIN_PLAYERS, PEEK_AND_DROP
from .engine.ruleset import Ruleset, differences, standard

# Public events kept for the log and the board page but not worth a text to any phone.
LOG_ONLY = frozenset({"passed"})


def naming(names: list[str], rules: Ruleset | None = None, you: int | None = None) -> dict:
    """The shared template helpers (`text.messages.naming`), and the game's `rules` (the
    standard game for that many players when None) with `house`: what they change."""
    return {
        **shared_naming(names, you),
        "rules": rules or standard(min(max(len(names), MIN_PLAYERS), MAX_PLAYERS)),
        "house": lambda house_rules: differences(house_rules, len(names)),
    }


def event_text(
    event: Event,
    names: list[str],
    you: int | None = None,
    rules: Ruleset | None = None,
    **extra,
) -> str:
    """The text of one event, as any player allowed to see it reads it (`you`: the reader's
    seat, for the events in PER_SEAT; None: a bystander, the log or the board; `rules`: the
    game's, for the events that tell one; `extra`: more for the wording, such as the replay's
    address in the last text)."""
    data = dict(event.data)
    if event.kind == "election":
        votes = data.pop("votes")
        data["ja"] = [p for p, v in enumerate(votes) if v is True]
        data["nein"] = [p for p, v in enumerate(votes) if v is False]
    return render(f"event/{event.kind}", **naming(names, rules, you), **data, you=you, **extra)


def claim_text(claim: Claim, names: list[str]) -> str:
    """What a bot says to state `claim` ("I drew F F L, passed F L."), relayed as its table talk."""
    return render(f"bots/claim_{claim.office}", **naming(names), **claim._asdict())


def prompt_text(state: GameState, seat: int) -> str:
    """What `seat` must do now and how (a `Prompt`), or '' when the game is not waiting on them."""
    if seat not in awaiting(state):
        return ""
    legal = legal_actions(state, seat)
    text = render(
        f"prompt/{state.phase}",
        **naming(state.names, state.rules),
        president=state.president,
        chancellor=state.chancellor,
        power=state.power,
        round=state.round,
        choices=[a.arg for a in legal if a.kind != PROPOSE_VETO],  # seats or policy letters
        can_veto=any(a.kind == PROPOSE_VETO for a in legal),
        hitler_zone=state.fascist >= state.rules.hitler_zone,
        peek=player_view(state, seat)["peek"] if state.power == PEEK_AND_DROP else None,
    )
    return Prompt(text)
