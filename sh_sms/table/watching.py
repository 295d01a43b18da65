"""Watchers (issue 29): numbers in no game that follow one game's public news by text.

A watcher holds no seat: it reads what the game's `watch_text` gives (at most one text per
round, and the end with every role) and nothing a player keeps. Its texts are never relayed. A
watch ends at the game's end, on LEAVE, the host's KICK or SET WATCH OFF, and when the number
takes a seat in a game. The game's clock counts its watchers, so a step looks for them only when
some watch.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlmodel import Session, select

from ..delivery.mailbox import Mailbox
from ..store import Game, GameClock, Watcher
from ..store.games import public_events
from ..text.messages import render
from .links import board_url
from .turn import Turn
from .wait import clock_for

NAME = "Watcher"  # watchers are Watcher1, Watcher2...: KICK names them, no number is shown
RECENT = 60  # public events read back for one round's digest (a round has a dozen at most)


def watching(session: Session, game_id: int) -> list[Watcher]:
    """The game's watchers, first come first."""
    query = select(Watcher).where(Watcher.game_id == game_id).order_by(Watcher.id)
    return list(session.exec(query))


def watch_of(session: Session, number: str) -> Watcher | None:
    """The watch `number` keeps, if any (a number watches one game at most)."""
    return session.exec(select(Watcher).where(Watcher.number == number)).first()


def free_name(rows: list[Watcher]) -> str:
    """The first of Watcher1, Watcher2... no watcher of the game has."""
    taken = {row.name for row in rows}
    return next(f"{NAME}{n}" for n in range(1, len(rows) + 2) if f"{NAME}{n}" not in taken)


def add_watcher(turn: Turn, game: Game, clock: GameClock, rows: list[Watcher]) -> Watcher:
    """Make the sender a watcher of `game` (its clock counts one more)."""
    row = Watcher(game_id=game.id, number=turn.number, name=free_name(rows), joined_at=turn.now)
    turn.session.add(row)
    clock.watchers = len(rows) + 1
    return row


def stop_watching(session: Session, row: Watcher, clock: GameClock | None = None) -> None:
    """End one watch (its game's clock counts one fewer)."""
    clock = clock or clock_for(session, row.game_id)
    clock.watchers = max(0, clock.watchers - 1)
    session.delete(row)


def end_all(
    session: Session, mail: Mailbox, game: Game, clock: GameClock, text: Callable[[str], str]
) -> None:
    """End every watch of `game`, each watcher told `text(number)` (the game's end, or the
    host's OFF, in the language the watcher reads)."""
    for row in watching(session, game.id):
        mail.add(row.number, text(row.number))
        session.delete(row)
    clock.watchers = 0
    session.flush()


def kick_watcher(turn: Turn, name: str) -> bool:
    """The host's KICK <watcher>: end that watch, the watcher told; whether one had the name."""
    key = name.casefold()
    for row in watching(turn.session, turn.game.id):
        if row.name.casefold() == key:
            turn.mail.say(row.number, "watch/kicked", code=turn.game.code)
            stop_watching(turn.session, row)
            turn.reply("watch/kicked_host", name=row.name, code=turn.game.code)
            return True
    return False


def tell_watchers(turn: Turn, clock: GameClock, events: list, replay: str | None) -> None:
    """After a step: each watcher's text, if the game gives one (a round over, the end), in
    the language the watcher reads (its own, else the game's); at the end, every watch ends."""
    kind, game = turn.kind, turn.game
    recent = lambda: public_events(turn.session, game.id, RECENT)  # noqa: E731
    news = lambda: kind.watch_text(turn.state, events, recent, replay)  # noqa: E731
    if kind.is_over(turn.state):
        end_watch(turn, clock, news)
        return
    written = turn.per_language(lambda: _news(game.code, news()))
    for row in watching(turn.session, game.id):
        turn.mail.add(row.number, written(row.number))


def _news(code: str, news: str | None) -> str:
    return render("watch/news", code=code, news=news) if news else ""


def end_watch(
    turn: Turn, clock: GameClock | None = None, news: Callable[[], str | None] | None = None
) -> None:
    """The game ended (its end, or the host's ENDGAME YES): every watcher gets what `news()`
    writes (the end with every role) in the language it reads, and the watch ends."""
    clock = clock or clock_for(turn.session, turn.game.id)
    if not clock.watchers:
        return
    board = board_url(turn.settings, turn.game.code)
    code = turn.game.code
    written = turn.per_language(
        lambda: render("watch/over", code=code, news=news() if news else None, board=board)
    )
    end_all(turn.session, turn.mail, turn.game, clock, written)
