"""How good a board is for one alignment card: the bots' sense of progress toward a win."""

from __future__ import annotations

from typing import NamedTuple

from ..engine.tables import FACTIONS, FASCIST, LIBERAL, OLIGARCH, faction, home_of, policy

WIN, LOSS = 100.0, -100.0


class Board(NamedTuple):
    """The public numbers that decide the end: tracks, district points and policies played."""

    tracks: dict[str, int]
    points: list[int]
    played: int


def board_of(public: dict) -> Board:
    """The board in a public view."""
    return Board(dict(public["tracks"]), list(public["points"]), public["played"])


def after(board: Board, code: str, district: int | None) -> Board:
    """The board once policy `code` is played by an action player of `district`."""
    effects = policy(code)
    tracks = dict(board.tracks)
    if effects.faction is not None:
        tracks[effects.faction] += 1
    points = list(board.points)
    if district is not None:
        points[district - 1] += effects.points
    return Board(tracks, points, board.played + 1)


def ended(board: Board, rules: dict) -> list[str]:
    """Why a board ends the game (the engine's reasons, read from public numbers)."""
    reasons = []
    if max(board.tracks.values()) >= rules["policies_to_win"]:
        reasons.append("policies")
    if max(board.points) >= rules["points_to_win"]:
        reasons.append("points")
    if board.played >= rules["max_policies"]:
        reasons.append("limit")
    return reasons


def wins(card: str, district: int | None, board: Board, rules: dict) -> bool:
    """Whether `card`, sitting in `district`, wins on a board that ends the game."""
    side = faction(card)
    if board.tracks[side] >= rules["policies_to_win"]:
        return True
    target = rules["points_to_win"]
    if side == LIBERAL:
        return district is not None and board.points[district - 1] >= target
    if side == OLIGARCH:
        home = home_of(card)
        return all(board.points[home - 1] > p for d, p in enumerate(board.points, 1) if d != home)
    return ended(board, rules) == ["limit"]


def value(card: str, district: int | None, board: Board, rules: dict) -> float:
    """How good `board` is for `card` in `district`: a win or a loss if it ends the game, else
    the progress of the card's routes to a win less the progress of everyone else's."""
    if ended(board, rules):
        return WIN if wins(card, district, board, rules) else LOSS
    side = faction(card)
    goal, target = rules["policies_to_win"], rules["points_to_win"]
    mine, theirs = 0.0, 0.0
    for f in FACTIONS:
        share = (board.tracks[f] / goal) ** 2
        if f == side:
            mine += share
        else:
            theirs += share
    own = home_of(card) if side == OLIGARCH else district if side == LIBERAL else None
    for d, pts in enumerate(board.points, 1):
        share = (pts / target) ** 2
        if d == own:
            mine += share
        else:
            theirs += share * (0.6 if side == LIBERAL else 1.0)  # a liberal may still move there
    limit = (board.played / rules["max_policies"]) ** 2
    if side == FASCIST:
        mine += limit
    else:
        theirs += limit * 0.5
    return 10 * mine - 8 * theirs
