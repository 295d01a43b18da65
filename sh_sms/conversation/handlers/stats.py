"""STATS and STATS <name>: games played and won by side, with the sender's group (the people of
their latest game) and overall, read from the stored games (`public.series`); never a number."""

from __future__ import annotations

from ...public.series import latest_game, played_by, series, tally, wins
from ...store.games import roster
from ...table.turn import Turn
from ...text.commands import Command


def stats(turn: Turn, command: Command) -> None:
    """STATS [name] from anyone: the sender's figures, or those of a player of their table."""
    game = turn.game or latest_game(turn.session, turn.number)
    if game is None:
        turn.reply("stats/never")
        return
    players = turn.players or roster(turn.session, game.id)
    me = next((p for p in players if p.number == turn.number), None)
    who = me
    if command.arg:
        who = _named(players, command.arg)
        if who is None:
            turn.reply("stats/no_player", name=command.arg, names=[p.name for p in players])
            return
    if who is None:
        turn.reply("stats/never")
        return
    theirs = played_by(turn.session, {who.number})
    overall = tally(theirs, who.number)
    if not overall["played"]:
        turn.reply("stats/none", name=who.name)
        return
    group = series(turn.session, game)
    figures = {"overall": overall, "group": tally(group, who.number), "wins": wins(group)}
    turn.reply("stats/show", name=who.name, **figures)


def _named(players: list, word: str):
    """The player a name or the unique start of one names, if any."""
    key = word.casefold()
    exact = [p for p in players if p.name_key == key]
    starts = [p for p in players if p.name_key.startswith(key)]
    return exact[0] if exact else (starts[0] if len(starts) == 1 else None)
