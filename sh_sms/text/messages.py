"""Wording: engine events and views become texts through templates/sms/*.txt."""

from __future__ import annotations

from ..games.standard.bots import Claim
from ..games.standard.engine import Event, GameState, legal_actions, player_view
from ..games.standard.engine.actions import PROPOSE_VETO, awaiting
from ..games.standard.engine.boards import MAX_PLAYERS, MIN_PLAYERS, PEEK_AND_DROP
from ..games.standard.engine.ruleset import Ruleset, differences, standard
from ..resources import TEMPLATES as TEMPLATES_DIR
from ..resources import plain_text
from .gsm import EXTENSION, segments, units

TEMPLATES = TEMPLATES_DIR / "sms"
SMS_MAX = 1600  # Twilio's limit for one message body
# Public events kept for the log and the board page but not worth a text to any phone.
LOG_ONLY = frozenset({"passed"})


class Prompt(str):
    """A text asking its reader to act: the game waits on them (the outbox sends it first).

    Pass it to `Mailbox.add` as it is; a plain copy (str(), an f-string) loses the mark.
    """

    __slots__ = ()


def render(template: str, **context) -> str:
    """Render `templates/sms/<template>.txt` with `context`, stripped of outer whitespace."""
    return plain_text("sms").get_template(f"{template}.txt").render(**context).strip()


def naming(names: list[str], rules: Ruleset | None = None, you: int | None = None) -> dict:
    """Template helpers that turn seats into names and hands into letters, and the game's
    `rules` (the standard game for that many players when None). `you`: the reader's seat, whom
    `person` and `people` call "you" (a text never names its reader in the third person)."""

    def person(seat: int) -> str:
        return "you" if seat == you else names[seat]

    def people(seats: list[int]) -> str:
        return ", ".join(person(s) for s in sorted(seats, key=lambda s: s != you))  # you first

    return {
        "roster": names,
        "name": lambda seat: names[seat],
        "names": lambda seats: ", ".join(names[s] for s in seats),
        "person": person,
        "people": people,
        "letters": " ".join,
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


def thriftiest(variants: list[str], rest: list[str]) -> str:
    """The first of `variants` (fullest first) that, sent with `rest`, costs no more segments
    than the last one would."""
    least = segments(join([variants[-1], *rest]))
    return next(v for v in variants if segments(join([v, *rest])) <= least)


def fewest_segments(tries: list[list[str]]) -> list[str]:
    """The first of `tries` (each the texts of one SMS, fullest first) that costs the fewest
    segments of them all."""
    least = min(segments(join(texts)) for texts in tries)
    return next(texts for texts in tries if segments(join(texts)) == least)


def join(parts: list[str]) -> str:
    """Join the texts for one recipient into one SMS body: at most 1600 characters (Twilio's
    limit), an extension character such as `€` counted as two, so a body is never over 11
    segments (the bound of docs/operating.md "Limits")."""
    body = "\n".join(p for p in parts if p)
    if units(body) <= SMS_MAX:
        return body
    kept, used = [], 0
    for ch in body:
        used += 2 if ch in EXTENSION else 1
        if used > SMS_MAX - 3:
            break
        kept.append(ch)
    return "".join(kept) + "..."
