"""A number in no unfinished game (on the service number texted): NEW opens a lobby, JOIN takes a
seat, anything else is met with a short introduction. With a pool of numbers, NEW and JOIN also
come here from a phone in a game on the number texted: the new seat goes on another number."""

from __future__ import annotations

import secrets
from datetime import timedelta

from ...store import Contact, Game
from ...store.games import names_open, new_code
from ...table.turn import AFTER_GAME, NO_GAME, Turn
from ...table.watching import watch_of
from ...text.commands import Command, ParseError
from ..limits import may_open_game, may_point_elsewhere
from ..lines import already_in, held, opening_line, told_where
from ..replies import help_reply, refused_name
from ..seating import join_invited_lobby, join_lobby, seat_sender


def create(turn: Turn, command: Command) -> None:
    """NEW <name>: open a lobby with the sender as host (a name that deceives is refused, and
    so is a game over the limits on games opened), on a number of the pool where they hold no
    seat (`lines.opening_line`)."""
    line = opening_line(turn, command.verb)
    if line is None:
        return
    if refused_name(turn, command.arg, [], "NEW") or not may_open_game(turn):
        return
    if command.language:  # NUEVO: the sender reads Spanish from now on
        turn.choose_language(turn.number, command.language)
    game = Game(
        code=new_code(turn.session, turn.now, timedelta(days=turn.settings.code_cooloff_days)),
        seed=secrets.randbits(31),
        created_at=turn.now,
        updated_at=turn.now,
        line=line,
    )
    turn.session.add(game)
    turn.session.flush()
    turn.game, turn.players, turn.state = game, [], None
    seat_sender(turn, command.arg, host=True)
    turn.reply("lobby/created", code=game.code, name=command.arg)
    told_where(turn)


def join(turn: Turn, command: Command) -> None:
    """JOIN <code> <name>: take the next seat in an open lobby (UNIRSE: and read Spanish), from
    any number of the pool; with one number, not from a phone in a game."""
    if turn.situation not in (NO_GAME, AFTER_GAME) and turn.settings.pool.single:
        already_in(turn, command.verb)
        return
    if command.language:
        turn.choose_language(turn.number, command.language)
    join_lobby(turn, command.arg, command.name)


def join_invited(turn: Turn, error: ParseError) -> None:
    """JOIN alone, or JOIN <code>: take the seat a rematch keeps for the sender, under the name
    they played with; without an invitation, how to type JOIN."""
    code = error.words[0].upper() if error.words else None
    if not join_invited_lobby(turn, code):
        lobby = code is not None and names_open(turn.session, code, lobby=True)
        turn.reply("usage/join", code=code if lobby else None)


def help_text(turn: Turn, command: Command) -> None:
    """HELP from a number in no game."""
    help_reply(turn, command.arg, "none")


def usage(turn: Turn, error: ParseError) -> None:
    """NEW or JOIN typed wrong: how to type it."""
    turn.reply(f"usage/{error.verb}")


def introduce(turn: Turn, _command: Command | ParseError) -> None:
    """A short introduction, at most once per interval per number, so bots cannot loop us; a
    watcher's text is answered that it reached nobody (watchers never talk to a table); a phone
    that plays on other numbers of the pool is told which, instead."""
    mine = watch_of(turn.session, turn.number)
    if mine is not None:
        turn.reply("watch/no_talk", code=turn.session.get(Game, mine.game_id).code)
        return
    elsewhere = games_elsewhere(turn)
    if elsewhere:  # a text to the wrong thread: where the phone's games are
        if may_point_elsewhere(turn):
            turn.reply("pool/elsewhere", games=elsewhere)
        return
    contact = turn.session.get(Contact, turn.number)
    if contact is None:
        contact = Contact(number=turn.number)
        turn.session.add(contact)
    last = contact.last_intro_at
    if last is not None:
        if last.tzinfo is None:  # SQLite drops the zone; every time we store is UTC
            last = last.replace(tzinfo=turn.now.tzinfo)
        if turn.now - last < timedelta(seconds=turn.settings.intro_every_seconds):
            return
    contact.last_intro_at = turn.now
    turn.reply("reply/intro")


def games_elsewhere(turn: Turn) -> list[dict[str, str]]:
    """The games the sender plays on the pool's other numbers, each with its code and the number
    it texts from (none with one number: no query then)."""
    pool = turn.settings.pool
    if pool.single:
        return []
    mine = held(turn, [turn.number]).get(turn.number, {})
    return [
        {"code": mine[line].code, "number": pool.number_of(line)}
        for line in pool.lines
        if line in mine and line != turn.line
    ]
