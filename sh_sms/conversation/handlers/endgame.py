"""The host ends the game for everyone: END asks to confirm, END YES ends it and reveals roles."""

from __future__ import annotations

from ...games.standard.engine import Event
from ...public.links import replay_url
from ...store import ENDED
from ...store.games import append_events, close_game
from ...text.commands import Command
from ...text.messages import event_text
from ..confirming import endgame_asked
from ..turn import Turn


def confirm(turn: Turn, _command: Command) -> None:
    """END: ask the host to confirm."""
    if _host_only(turn):
        turn.reply("reply/end_confirm", started=turn.state is not None, code=turn.game.code)
        if turn.state is not None:
            endgame_asked(turn)


def end(turn: Turn, _command: Command) -> None:
    """END YES: stop the game for everyone, revealing all roles once it has started."""
    if not _host_only(turn):
        return
    roles = list(turn.state.roles) if turn.state is not None else None
    names = turn.names
    close_game(turn.game, turn.players, ENDED, turn.now)
    ended = Event("ended", None, {"roles": roles})
    append_events(turn.session, turn.game, [ended], turn.now)
    text = event_text(ended, names, replay=replay_url(turn.settings, turn.game.code))
    for p in turn.players:
        turn.mail.add(p.number, text)


def _host_only(turn: Turn) -> bool:
    """True for the host; anyone else is told who the host is."""
    if turn.player.is_host:
        return True
    turn.reply("lobby/host_only", host=turn.host.name)
    return False
