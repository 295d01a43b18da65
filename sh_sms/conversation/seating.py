"""Taking a seat in a lobby: by JOIN <code> <name>, or in the rematch the sender is invited to,
from any number of the pool: the seat is on the game's number (`lines`).

Not a handler: the no-game handler (NEW, JOIN) and the after-game handler (a "yeah im in" to a
rematch) both seat players through here.
"""

from __future__ import annotations

from sqlmodel import col, select

from ..gamekind import registry
from ..public.facts import room_mode
from ..store import ACTIVE, LOBBY, Game, Invite, Player, lock_game
from ..store.games import find_game, roster
from ..table.turn import Turn
from ..table.watching import stop_watching, watch_of
from .limits import may_join
from .lines import held_there, told_where
from .replies import refused_name


def join_invited_lobby(turn: Turn, code: str | None = None) -> bool:
    """Take the seat a rematch keeps for the sender (in lobby `code`, if given), under the name
    they played with; False when no open rematch invites them."""
    query = select(Invite).where(Invite.number == turn.number).order_by(col(Invite.id).desc())
    for invite in turn.session.exec(query):
        game = turn.session.get(Game, invite.game_id)
        if game is not None and game.status == LOBBY and code in (None, game.code):
            join_lobby(turn, game.code, invite.name)
            return True
    return False


def join_lobby(turn: Turn, code: str, name: str) -> None:
    """Seat the sender as `name` in the lobby `code`, or say why not."""
    found = find_game(turn.session, code)
    game = lock_game(turn.session, found.id) if found else None
    if game is None or game.status not in (LOBBY, ACTIVE):
        turn.reply("lobby/no_such_game", code=code)
        return
    if held_there(turn, game, name):  # a phone holds one seat per service number
        return
    if game.status != LOBBY:
        turn.reply("lobby/already_started", code=game.code)
        return
    players = roster(turn.session, game.id)
    most = registry.of(game).seats[1]
    if len(players) >= most:
        turn.reply("lobby/full", code=game.code, most=most)
        return
    if any(p.name_key == name.casefold() for p in players):
        turn.reply("lobby/name_taken", name=name, code=game.code)
        return
    taken = [p.name for p in players]
    if refused_name(turn, name, taken, f"JOIN {game.code}") or not may_join(turn, game):
        return
    turn.game, turn.players = game, players
    seat_sender(turn, name, host=False)
    here = select(Game.id).where(Game.line == game.line)  # invites on other numbers still hold
    mine = select(Invite).where(Invite.number == turn.number, col(Invite.game_id).in_(here))
    for invite in turn.session.exec(mine):
        turn.session.delete(invite)
    names = [p.name for p in players] + [name]
    title = registry.of(game).title  # which game the lobby plays, in the reader's language
    turn.reply("lobby/joined", code=game.code, names=names, host=players[0].name, title=title)
    told_where(turn)  # the reply goes from the game's number: it says so
    # The host, who starts the game, hears of each new player (the others see who was in when
    # they joined, the roster at START when it fits, and WHO); in room mode the board shows it.
    if not room_mode(turn.session, game):
        host = next(p for p in players if p.is_host)
        turn.mail.say(host.number, "lobby/someone_joined", name=name, count=len(names))


def seat_sender(turn: Turn, name: str, host: bool) -> None:
    """Seat the sender in `turn.game` after everyone already there."""
    player = Player(
        game_id=turn.game.id,
        number=turn.number,
        open_number=turn.number,
        name=name,
        name_key=name.casefold(),
        seat=len(turn.players),
        is_host=host,
        joined_at=turn.now,
        lang=turn.chosen_language(turn.number),
        line=turn.game.line,
    )
    turn.session.add(player)
    watched = watch_of(turn.session, turn.number)
    if watched is not None:  # a seat ends a watch: a number plays or watches, one game
        stop_watching(turn.session, watched)
    turn.session.flush()
    turn.player = player
    turn.players = [*turn.players, player]
