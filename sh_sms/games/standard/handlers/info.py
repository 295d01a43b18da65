"""Answers that change nothing: STATUS, ROLE, HAND, WHO, LOG and HELP."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ....conversation.replies import help_reply
from ....table.turn import Turn
from ....text.commands import Command
from ....text.gsm import sent_segments
from ....text.messages import render, thriftiest, thriftiest_made
from ..engine import player_view, public_view
from ..engine.state import VOTE
from ..public import public_entries
from ..replies import waiting_text
from ..wording import naming, prompt_text

# LOG: what SMS.md promises (governments, votes, policies) and the powers used, newest first
# while they fit two segments.
LOG_KINDS = frozenset(
    {"nominated", "election", "enacted", "executed", "investigated", "special_election"}
    | {"veto_answered", "power_skipped"}
)
LOG_SCAN = 24  # events looked at: more than two segments can hold
LOG_SEGMENTS = 2
# STATUS, fullest first (the waiting line's level, then how much of the board's head): the
# first that costs no more segments than the last is sent. House rules are always said. The
# one player a move waits on reads no waiting line: their prompt says it.
LEVELS = ("full", "brief", "least")
HEADS = (2, 1, 0)


def help_text(turn: Turn, command: Command) -> None:
    """HELP in a game: the commands that matter there (to a voter during a vote: how to vote);
    HELP <command>: that one."""
    state = turn.state
    voting = state.phase == VOTE and state.alive[turn.player.seat]
    if command.arg is None and voting:
        people = {"president": state.president, "chancellor": state.chancellor}
        seat = turn.player.seat
        turn.reply("help/vote", **naming(state.names, you=seat), you=seat, **people)
        return
    help_reply(turn, command.arg, "game", rules=state.rules, alive=state.living())


def status(turn: Turn, _command: Command) -> None:
    """STATUS: the board, who the game waits on, and what the sender can do now, in as few
    segments as it can take: the fullest wording that costs no more than the shortest."""
    state = turn.state
    seat = turn.player.seat
    view = public_view(state)
    prompt = prompt_text(state, seat)
    board = {"view": view, "code": turn.game.code, "rules": state.rules}
    levels = LEVELS[-1:] if prompt and state.phase != VOTE else LEVELS
    waiting = cache(lambda level: waiting_text(view, state.names, seat, level))

    def wording(level: str, head: int) -> Callable[[], str]:
        return lambda: render("info/status", waiting=waiting(level), head=head, **board)

    makers = [wording(level, head) for level in levels for head in HEADS]
    turn.mail.add(turn.number, thriftiest_made(makers, [prompt]))
    turn.mail.add(turn.number, prompt)


def role(turn: Turn, _command: Command) -> None:
    """ROLE: the sender's secret knowledge again, with their investigation results."""
    state = turn.state
    view = player_view(state, turn.player.seat)
    known = {key: view[key] for key in ("role", "fascists", "hitler")}
    turn.mail.add(turn.number, render("event/dealt", **known, **naming(state.names, state.rules)))
    for found in view["investigations"]:
        turn.reply("event/investigation", **found, **naming(state.names))
    for shown in view["shown"]:  # house rules: a President showed the sender their party
        turn.reply("event/shown_party", **shown, **naming(state.names))


def hand(turn: Turn, _command: Command) -> None:
    """HAND: the policies the sender holds, and what to do with them."""
    state = turn.state
    seat = turn.player.seat
    turn.reply("info/hand", hand=player_view(state, seat)["hand"], **naming(state.names))
    turn.mail.add(turn.number, prompt_text(state, seat))


def who(turn: Turn, _command: Command) -> None:
    """WHO: seats, names, alive or dead, offices and term limits."""
    state = turn.state
    view, host = public_view(state), turn.host.seat
    marked, plain = (
        render("info/who", view=view, host=host, you=you, **naming(state.names))
        for you in (turn.player.seat, None)
    )
    turn.mail.add(turn.number, thriftiest([marked, plain], []))  # "(you)" if it costs nothing


def log(turn: Turn, _command: Command) -> None:
    """LOG: the latest governments, votes, policies and powers, as many as fit LOG_SEGMENTS."""
    state = turn.state
    entries = public_entries(
        turn.session, turn.game, state.names, LOG_SCAN, state.ruleset, kinds=LOG_KINDS
    )
    turn.reply("info/log", lines=latest_lines(entries, LOG_SEGMENTS))


def latest_lines(entries: list[dict], most_segments: int) -> list[str]:
    """The texts of the newest `entries` (oldest first) that fit `most_segments` together; a
    nomination only while its vote is open (the result names the government again)."""
    lines: list[str] = []
    voted = False
    for entry in reversed(entries):
        if entry["kind"] == "nominated" and voted:
            continue
        voted = voted or entry["kind"] == "election"
        if sent_segments(render("info/log", lines=[entry["text"], *lines])) > most_segments:
            break
        lines.insert(0, entry["text"])
    return lines
