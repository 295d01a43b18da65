"""A standard game that finished a short while ago, and the host's ENDGAME YES that finishes
one: how it ended, everyone's role, the help that still works."""

from __future__ import annotations

from ....conversation.replies import help_reply, host_only
from ....store import ENDED, OVER
from ....store.games import append_events, close_game
from ....table.links import replay_url
from ....table.turn import Turn
from ....table.watching import end_watch
from ....text.commands import Command
from ..engine import Event
from ..wording import event_text


def result_text(turn: Turn) -> str:
    """The game's last message again: the winner (or that the host ended it) and every role."""
    state = turn.state
    replay = replay_url(turn.settings, turn.game.code)
    if turn.game.status == OVER and state.winner:
        data = {"winner": state.winner, "reason": state.reason, "roles": state.roles}
        return event_text(Event("game_over", None, data), state.names, replay=replay)
    return event_text(Event("ended", None, {"roles": state.roles}), state.names, replay=replay)


def status(turn: Turn, _command: Command) -> None:
    """STATUS or WHO after the game: how it ended, everyone's role, how to play again."""
    turn.mail.add(turn.number, result_text(turn))


def role(turn: Turn, _command: Command) -> None:
    """ROLE after the game: the sender's role, and everyone else's."""
    state = turn.state
    turn.reply("after/role", code=turn.game.code, role=state.roles[turn.player.seat])
    turn.mail.add(turn.number, result_text(turn))


def help_text(turn: Turn, command: Command) -> None:
    """HELP after the game."""
    help_reply(turn, command.arg, "after")


def end(turn: Turn, _command: Command) -> None:
    """ENDGAME YES: stop the game for everyone, revealing all roles."""
    if not host_only(turn):
        return
    names = turn.names
    close_game(turn.game, turn.players, ENDED, turn.now)
    ended = Event("ended", None, {"roles": list(turn.state.roles)})
    append_events(turn.session, turn.game, [ended], turn.now)
    replay = replay_url(turn.settings, turn.game.code)
    turn.mail.add_each(
        [p.number for p in turn.players], lambda: event_text(ended, names, replay=replay)
    )
    end_watch(turn, news=lambda: event_text(ended, names, replay=replay))
