"""Answers that change nothing: STATUS, ROLE, HAND, WHO, LOG and HELP."""

from __future__ import annotations

from ...engine import player_view, public_view
from ...engine.state import VOTE
from ...public.state import public_log
from ...store import LOBBY
from ...text.commands import Command
from ...text.messages import naming, prompt_text, render
from ..replies import help_reply, waiting_text
from ..turn import Turn

LOG_LENGTH = 6


def lobby(turn: Turn, _command: Command) -> None:
    """STATUS, ROLE, HAND, WHO or LOG before the game starts: who is in the lobby."""
    turn.reply("info/lobby", code=turn.game.code, names=turn.names, host=turn.host.name)


def help_text(turn: Turn, command: Command) -> None:
    """HELP in a lobby or a game: the commands that matter there (to a voter during a vote: how
    to vote); HELP <command>: that one."""
    state = turn.state
    voting = state is not None and state.phase == VOTE and state.alive[turn.player.seat]
    if command.arg is None and voting:
        people = {"president": state.president, "chancellor": state.chancellor}
        turn.reply("help/vote", **naming(state.names), **people)
        return
    help_reply(turn, command.arg, "lobby" if turn.game.status == LOBBY else "game")


def status(turn: Turn, _command: Command) -> None:
    """STATUS: the board, who the game waits on, and what the sender can do now."""
    state = turn.state
    view = public_view(state)
    turn.reply(
        "info/status", view=view, waiting=waiting_text(view, state.names), code=turn.game.code
    )
    turn.mail.add(turn.number, prompt_text(state, turn.player.seat))


def role(turn: Turn, _command: Command) -> None:
    """ROLE: the sender's secret knowledge again, with their investigation results."""
    state = turn.state
    view = player_view(state, turn.player.seat)
    known = {key: view[key] for key in ("role", "fascists", "hitler")}
    turn.mail.add(turn.number, render("event/dealt", **known, **naming(state.names)))
    for found in view["investigations"]:
        turn.reply("event/investigation", **found, **naming(state.names))


def hand(turn: Turn, _command: Command) -> None:
    """HAND: the policies the sender holds, and what to do with them."""
    state = turn.state
    seat = turn.player.seat
    turn.reply("info/hand", hand=player_view(state, seat)["hand"], **naming(state.names))
    turn.mail.add(turn.number, prompt_text(state, seat))


def who(turn: Turn, _command: Command) -> None:
    """WHO: seats, names, alive or dead, offices and term limits."""
    state = turn.state
    turn.reply("info/who", view=public_view(state), host=turn.host.seat, **naming(state.names))


def log(turn: Turn, _command: Command) -> None:
    """LOG: the last few public events."""
    lines = public_log(turn.session, turn.game, turn.state.names, LOG_LENGTH)
    turn.reply("info/log", lines=lines)
