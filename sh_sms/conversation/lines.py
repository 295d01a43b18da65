"""Which service number of the pool a game plays on (issue 35). A phone holds at most one seat per
number: a game opens on a number where its host is free (the one the host texted first), a
rematch on one where its whole group is free (the finished game's first), and a JOIN takes a
seat on the game's number only when the phone has none there.

Not a handler: NEW, JOIN and REMATCH ask here. With one number, a phone in a game is told, as
always, that it is in a game.
"""

from __future__ import annotations

from ..store import LOBBY, Game, Player
from ..store.seats import seats_with_games
from ..table.turn import AFTER_GAME, NO_GAME, Turn


def already_in(turn: Turn, verb: str) -> None:
    """NEW, JOIN or REMATCH from someone already in a lobby or a game on this number."""
    if turn.game.status == LOBBY:
        turn.reply("lobby/already_in", code=turn.game.code)
    else:
        turn.reply(f"refuse/{verb}_in_game", code=turn.game.code)


def held(turn: Turn, numbers: list[str]) -> dict[str, dict[str, Game]]:
    """For each phone of `numbers`: the games it has a seat in, by line (one query)."""
    found: dict[str, dict[str, Game]] = {}
    for player, game in seats_with_games(turn.session, numbers):
        found.setdefault(player.open_number, {})[player.line] = game
    return found


def opening_line(turn: Turn, verb: str) -> str | None:
    """The line a game the sender opens plays on: the one texted when the sender is free there,
    else the pool's first where they are; None once the sender is told there is none."""
    if turn.situation in (NO_GAME, AFTER_GAME):
        return turn.line
    pool = turn.settings.pool
    if pool.single:
        already_in(turn, verb)
        return None
    mine = held(turn, [turn.number]).get(turn.number, {})
    free = [line for line in pool.lines if line not in mine]
    if free:
        return free[0]
    turn.reply("pool/full", codes=[mine[line].code for line in pool.lines])
    return None


def rematch_line(turn: Turn, others: list[Player]) -> tuple[str, set[str]] | None:
    """The line for a rematch of the sender's finished game, and the phones of `others` free
    there: the first line (the finished game's, then the pool's) where the sender and all of
    them are free, else the one where most of them are. None once the sender is told there is
    none (they hold a seat on every number)."""
    pool = turn.settings.pool
    people = [p.number for p in others if not p.is_bot]
    seats = held(turn, [turn.number, *people])
    first = [turn.game.line] if turn.game.line in pool.lines else []
    best: tuple[str, set[str]] | None = None
    for line in dict.fromkeys([*first, *pool.lines]):
        if line in seats.get(turn.number, {}):
            continue
        free = {n for n in people if line not in seats.get(n, {})}
        if best is None or len(free) > len(best[1]):
            best = (line, free)
        if len(free) == len(people):
            break
    if best is None:
        mine = seats.get(turn.number, {})
        turn.reply("pool/full", codes=[mine[line].code for line in pool.lines if line in mine])
    return best


def held_there(turn: Turn, game: Game, name: str) -> bool:
    """Whether the sender holds a seat on `game`'s number already (then told which game holds
    it and what to do, with the JOIN to send again as `name`): a JOIN cannot take a second one."""
    if game.line == turn.line:
        if turn.situation in (NO_GAME, AFTER_GAME):
            return False
        already_in(turn, "join")
        return True
    mine = held(turn, [turn.number]).get(turn.number, {}).get(game.line)
    if mine is None:
        return False
    if mine.id == game.id:  # this very game, texted from another number
        turn.reply("lobby/already_in", code=game.code)
        return True
    turn.reply(
        "pool/busy_there", code=game.code, held=mine.code, lobby=mine.status == LOBBY, name=name
    )
    return True


def told_where(turn: Turn) -> None:
    """After a game opened or a seat was taken on another number than the one texted: say,
    from the game's number, that the game texts from it."""
    if turn.game is not None and turn.game.line != turn.line:
        turn.reply("pool/here", code=turn.game.code)
