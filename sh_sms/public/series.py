"""A group's history, read from the stored event logs (issue 29): STATS and the group page.

A game's group is its people (its players who are not computer players, known by number, which
is never shown). Its series: the finished games linked to it by REMATCH, either way, and every
finished game that shares most of its people with it (more than half of the larger of the two
tables). A finished game counts when its game reads a result from its log (`GameKind.result`):
who won (a side, several joined by "+", or "" for nobody), how, every seat's role and the seats
that won: each game's own way of winning.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass

from sqlmodel import Session, col, select

from ..gamekind import registry
from ..gamekind.kit import Event
from ..store import ENDED, OVER, Game, GameEvent, Player

FINISHED = (OVER, ENDED)


@dataclass
class Played:
    """One finished game and its result (`GameKind.result`), with its roster in seat order."""

    game: Game
    result: dict
    players: list[Player]

    def people(self) -> set[str]:
        """The numbers of its people (computer players left out)."""
        return {p.number for p in self.players if not p.is_bot}

    def seat_of(self, number: str) -> int | None:
        """The seat `number` played, if it played."""
        return next((p.seat for p in self.players if p.number == number), None)


def people(session: Session, game: Game) -> set[str]:
    """The numbers of a game's people."""
    query = select(Player.number).where(Player.game_id == game.id, Player.is_bot == False)  # noqa: E712
    return set(session.exec(query))


def latest_game(session: Session, number: str) -> Game | None:
    """The latest game `number` took a seat in, finished or not."""
    query = select(Game).join(Player, Player.game_id == Game.id).where(Player.number == number)
    return session.exec(query.order_by(col(Game.id).desc()).limit(1)).first()


def played_by(session: Session, numbers: set[str]) -> list[Played]:
    """The finished games any of `numbers` played, oldest first, each with its result."""
    query = (
        select(Game)
        .join(Player, Player.game_id == Game.id)
        .where(col(Player.number).in_(sorted(numbers)), col(Game.status).in_(FINISHED))
        .distinct()
    )
    return results(session, list(session.exec(query)))


def results(session: Session, games: list[Game]) -> list[Played]:
    """The games that have a result, oldest first (two queries: the events, the players)."""
    ids = [g.id for g in games]
    if not ids:
        return []
    logs: dict[int, list[Event]] = defaultdict(list)
    rows = session.exec(
        select(GameEvent).where(col(GameEvent.game_id).in_(ids)).order_by(GameEvent.seq)
    )
    for row in rows:
        logs[row.game_id].append(Event(row.kind, row.to_seat, json.loads(row.data)))
    seated: dict[int, list[Player]] = defaultdict(list)
    for p in session.exec(select(Player).where(col(Player.game_id).in_(ids)).order_by(Player.seat)):
        seated[p.game_id].append(p)
    found = []
    for game in sorted(games, key=lambda g: g.id):
        result = registry.of(game).result(logs[game.id])
        if result is not None:
            found.append(Played(game, result, seated[game.id]))
    return found


def series(session: Session, game: Game, known: list[Played] | None = None) -> list[Played]:
    """The group's games around `game` (see the module docstring), oldest first (`known`: the
    finished games of its people, when already read)."""
    group = people(session, game)
    candidates = known if known is not None else played_by(session, group)
    chain = _chain(game, candidates)
    return [
        played
        for played in candidates
        if played.game.id in chain or shares_most(group, played.people())
    ]


def _chain(game: Game, candidates: list[Played]) -> set[int]:
    """The ids linked to `game` by REMATCH, back and forth, among the candidates."""
    links = {p.game.id: p.game.rematch_of for p in candidates}
    links[game.id] = game.rematch_of
    chain, grew = {game.id}, True
    while grew:
        grew = False
        for gid, back in links.items():
            if (gid in chain) != (back in chain) and back is not None:
                chain |= {gid, back}
                grew = True
    return chain


def shares_most(a: set[str], b: set[str]) -> bool:
    """Whether two tables share most of their people: more than half of the larger one."""
    return bool(a and b) and 2 * len(a & b) > max(len(a), len(b))


def tally(games: list[Played], number: str) -> dict:
    """`number`'s games with a winner: played, won, and per role [played, won] (roles sorted)."""
    sides: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    played = won = 0
    for game in games:
        seat = game.seat_of(number)
        if seat is None or game.result["winner"] is None:
            continue
        win = seat in game.result["won"]
        role = game.result["roles"][seat]
        played, won = played + 1, won + win
        sides[role][0] += 1
        sides[role][1] += win
    return {"played": played, "won": won, "sides": sorted(sides.items())}


def wins(games: list[Played]) -> list[tuple[str, int]]:
    """How many games each side won, sides sorted (a game several sides won together counts
    for each: `winner` "liberal+oligarch"; "" is a game nobody won)."""
    counts = Counter(
        side for g in games if g.result["winner"] for side in g.result["winner"].split("+")
    )
    return sorted(counts.items())
