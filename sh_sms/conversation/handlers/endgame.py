"""The host ends a game for everyone: ENDGAME asks to confirm (and the table's clock notes the
question: a bare yes soon after is read against it), ENDGAME YES closes a lobby here; a started
game ends by its own routes (every role revealed)."""

from __future__ import annotations

from ...gamekind.kit import Event
from ...store import ENDED
from ...store.games import append_events, close_game
from ...table.links import replay_url
from ...table.turn import Turn
from ...table.wait import clock_for
from ...table.watching import end_watch
from ...text.commands import Command
from ...text.messages import naming, render
from ..replies import host_only


def confirm(turn: Turn, _command: Command) -> None:
    """ENDGAME: ask the host to confirm."""
    if host_only(turn):
        turn.reply("reply/end_confirm", started=turn.state is not None, code=turn.game.code)
        if turn.state is not None:
            clock_for(turn.session, turn.game.id).endgame_asked_at = turn.now


def end(turn: Turn, _command: Command) -> None:
    """ENDGAME YES in a lobby: close it for everyone (no role was dealt)."""
    if not host_only(turn):
        return
    close_game(turn.game, turn.players, ENDED, turn.now)
    ended = Event("ended", None, {"roles": None})
    append_events(turn.session, turn.game, [ended], turn.now)
    replay = replay_url(turn.settings, turn.game.code)

    def write() -> str:
        return render("event/ended", roles=None, replay=replay, **naming(turn.names))

    turn.mail.add_each([p.number for p in turn.players], write)
    end_watch(turn, news=write)
