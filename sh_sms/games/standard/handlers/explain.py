"""A question to the service about how to play ("what do i do now", "whats a candidate"): a
private answer for where the sender stands, in one segment; the text also goes to the table
when the sender may talk (it may have been meant for the others too)."""

from __future__ import annotations

from sqlmodel import select

from ....conversation.reading import Question
from ....conversation.replies import talk_refusal
from ....conversation.tabletalk import relay
from ....store import LOBBY, Game, Invite
from ....table.turn import AFTER_GAME, IN_GAME, IN_LOBBY, Turn
from ....text.gsm import sent_segments
from ....text.messages import render
from ..engine import public_view
from ..engine.state import (
    CHANCELLOR_ENACT,
    NOMINATE,
    POWER,
    PRESIDENT_DISCARD,
    VETO,
    VOTE,
)
from ..movable import POWER_VERBS
from ..replies import waiting_text
from ..wording import naming, prompt_text

ONE_SEGMENT = 1
WHERE = {IN_LOBBY: "lobby", IN_GAME: "game", AFTER_GAME: "after"}
# The "how do i ..." topics each phase's prompt answers for the player it waits on.
PHASE_TOPICS = {
    NOMINATE: frozenset({"nominate"}),
    VOTE: frozenset({"vote"}),
    PRESIDENT_DISCARD: frozenset({"discard"}),
    CHANCELLOR_ENACT: frozenset({"enact", "discard", "veto"}),
    VETO: frozenset({"veto"}),
}


def answer(turn: Turn, question: Question) -> None:
    """Relay the question if the sender may talk; answer it privately, in one segment."""
    readers = any(not p.is_bot and p.id != turn.player.id for p in turn.players)
    relayed = readers and talk_refusal(turn) is None and relay(turn, question.text)
    now = question.topic == "now" or question.topic in _move_verbs(turn)
    text = _answer(turn, question if not now else Question("now", question.text))
    move = "" if now else _move_now(turn)
    if move and sent_segments(f"{text} {move}") <= ONE_SEGMENT:
        text = f"{text} {move}"  # "whats the difference between l and f": and what to do
    if relayed and sent_segments(render("explain/relayed", answer=text)) <= ONE_SEGMENT:
        text = render("explain/relayed", answer=text)
    turn.mail.add(turn.number, text)


def _answer(turn: Turn, question: Question) -> str:
    rules = turn.state.rules if turn.state is not None and hasattr(turn.state, "rules") else None
    words = naming(turn.names, rules)
    where = WHERE[turn.situation]
    if question.topic == "now":
        found = _situation(turn)
        text = render("explain/now", where=where, **found, **words)
        if sent_segments(text) > ONE_SEGMENT and found["brief"]:  # many voters: counted, not named
            found["waiting"] = found["brief"]
            text = render("explain/now", where=where, **found, **words)
        return text
    if question.topic == "role":
        return render("explain/role", where=where)
    if question.topic == "term":
        return render("explain/term", terms=list(question.terms), **words)
    return render("explain/move", topic=question.topic, **words)


def _situation(turn: Turn) -> dict:
    """Where the sender stands, for explain/now.txt."""
    found = {"code": turn.game.code, "count": len(turn.players), "host": turn.player.is_host}
    found |= {"host_name": turn.host.name, "invited": _invited(turn), "dead": False}
    found |= {
        "voting": False,
        "voted": None,
        "prompt": "",
        "waiting": "",
        "brief": "",
        "seat": None,
    }
    state = turn.state
    if turn.situation != IN_GAME:
        return found
    seat = turn.player.seat
    found |= {"seat": seat, "president": state.president, "chancellor": state.chancellor}
    if not state.alive[seat]:
        return found | {"dead": True}
    view = public_view(state)
    if state.phase == VOTE:
        vote = state.votes[seat]
        found |= {"voting": vote is None, "voted": vote}
        if vote is None:
            return found
        # "who are we waiting on?": the voters still to vote, by name as STATUS gives them
        waiting = waiting_text(view, state.names, seat)
        return found | {"waiting": waiting, "brief": waiting_text(view, state.names, seat, "brief")}
    waiting = waiting_text(view, state.names, seat)
    return found | {"prompt": _move_now(turn), "waiting": waiting}


def _move_now(turn: Turn) -> str:
    """The sender's prompt when the game waits on them now, else ''."""
    if turn.situation != IN_GAME or not turn.state.alive[turn.player.seat]:
        return ""
    if turn.state.phase == VOTE and turn.state.votes[turn.player.seat] is not None:
        return ""
    return prompt_text(turn.state, turn.player.seat)


def _move_verbs(turn: Turn) -> frozenset[str]:
    """The topics that are the sender's move now (then the prompt answers "how do i ...")."""
    if not _move_now(turn):
        return frozenset()
    state = turn.state
    if state.phase == POWER:
        return frozenset({POWER_VERBS.get(state.power, "")})
    return PHASE_TOPICS.get(state.phase, frozenset())


def _invited(turn: Turn) -> str | None:
    """The code of an open rematch that keeps a seat for the sender, if any."""
    if turn.situation != AFTER_GAME:
        return None
    found = turn.session.exec(
        select(Game.code)
        .join(Invite, Invite.game_id == Game.id)
        .where(Invite.number == turn.number, Game.status == LOBBY)
        .limit(1)
    ).first()
    return found
