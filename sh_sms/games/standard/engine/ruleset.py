"""A game's ruleset: the rules a table may change, as plain data (open_spiel's game parameters).

`standard(players)` is the printed game (R1, R2, R3, R7, R13, R14). A ruleset is resolved for one
table size before the deal, checked once by `problems` (house rules in RULES.md), and stored with
the game; every rule that used to be a constant asks the game's ruleset.

The knobs and their ranges follow secrethitler.io's custom games (github.com/cozuya/secret-hitler,
routes/socket/user-events/create-game.js: the checks; routes/socket/game/start-game.js: the
standard and rebalanced tables; routes/socket/game/common.js `shufflePolicies`: policies already
enacted are taken from the deck): the deck counts include the policies that start on the board.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from functools import cache
from typing import Any

from ....gamekind.kit import Problem
from .boards import (
    EXECUTION,
    FASCIST_POLICIES,
    HITLER_ZONE,
    INVESTIGATE,
    LIBERAL_POLICIES,
    LIBERAL_TO_WIN,
    PEEK,
    PEEK_AND_DROP,
    REVERSE_INVESTIGATION,
    SPECIAL_ELECTION,
    VETO_AT,
    hitler_knows_fascists,
    role_counts,
    standard_powers,
)

STANDARD = "standard"
REBALANCED = "rebalanced"
CUSTOM = "custom"
POWERS = (INVESTIGATE, PEEK, SPECIAL_ELECTION, EXECUTION, REVERSE_INVESTIGATION, PEEK_AND_DROP)
SLOTS = 5  # fascist slots with a power; the 6th fascist policy wins (R14)
MIN_DECK = 13  # 11 policies can be on the board before a game ends on policies, plus a hand
LIBERAL_DECK = (LIBERAL_TO_WIN, 8)  # fewer than 5: the liberals could never win on policies
FASCIST_DECK = (5, 19)
LIBERAL_START = (0, LIBERAL_TO_WIN - 1)
HITLER_ZONES = (1, 5)
VETO_ZONES = (1, 5)
FASCIST_START = (0, VETO_ZONES[1] - 1)  # the veto zone must lie above the starting policies
MIN_LIVING = 3  # with two left, no Chancellor could ever be eligible (R5)


@dataclass(frozen=True)
class Ruleset:
    """Every changeable rule of one game, resolved for its table size. Defaults: 5-6 players."""

    name: str = STANDARD
    fascists: int = 1  # fascists besides Hitler (R1)
    powers: tuple[str | None, ...] = (None, None, PEEK, EXECUTION, EXECUTION)  # F1..F5 (R14)
    liberal_policies: int = LIBERAL_POLICIES  # in the whole deck, those on the board included (R3)
    fascist_policies: int = FASCIST_POLICIES
    liberal_start: int = 0  # policies already enacted when the game begins
    fascist_start: int = 0
    hitler_zone: int = HITLER_ZONE  # fascist policies from which electing Hitler wins (R7)
    veto_zone: int = VETO_AT  # fascist policies that unlock the veto (R13)
    hitler_knows: bool = True  # Hitler learns his fascists at the start (R2)

    def power(self, fascist_policies: int) -> str | None:
        """The power granted when the given fascist policy count is reached (R14)."""
        if 1 <= fascist_policies <= SLOTS:
            return self.powers[fascist_policies - 1]
        return None

    @property
    def deck(self) -> int:
        """All policies in the game: draw pile, discards, hands and board together."""
        return self.liberal_policies + self.fascist_policies

    def executions(self) -> int:
        """Executions the fascist slots still ahead can grant."""
        return self.powers[self.fascist_start :].count(EXECUTION)

    def rules_only(self) -> Ruleset:
        """The same rules under the standard name, to compare rules whatever the label."""
        return replace(self, name=STANDARD)

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-able data (a fresh dict: callers may change it)."""
        data = dict(_data(self))
        data["powers"] = list(self.powers)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Ruleset:
        """Rebuild a ruleset from `to_data` output."""
        return cls(**{**data, "powers": tuple(data["powers"])})


@cache
def _data(rules: Ruleset) -> dict[str, Any]:
    """The fields of a ruleset (a ruleset is immutable, and a game asks for them often)."""
    return asdict(rules)


@cache
def standard(players: int) -> Ruleset:
    """The printed game for a table of `players` (R1, R2, R14)."""
    return Ruleset(
        fascists=role_counts(players)[1],
        powers=standard_powers(players),
        hitler_knows=hitler_knows_fascists(players),
    )


def rebalanced(players: int) -> Ruleset:
    """secrethitler.io's rebalanced tables (start-game.js): at 6 players one fascist policy is
    already enacted (taken from the deck); at 7 and 9 the deck holds 10 fascist policies."""
    rules = replace(standard(players), name=REBALANCED)
    if players == 6:
        return replace(rules, fascist_start=1)
    if players in (7, 9):
        return replace(rules, fascist_policies=10)
    return rules


PRESETS = {STANDARD: standard, REBALANCED: rebalanced}


def problems(rules: Ruleset, players: int) -> list[Problem]:
    """Every reason `rules` cannot be played by `players` (empty: it can); RULES.md house rules."""
    found = []

    def check(ok: bool, code: str, **detail: Any) -> None:
        if not ok:
            found.append(Problem(code, detail))

    most = players // 2 - 1
    check(1 <= rules.fascists <= most, "fascists", most=most, players=players)
    check(
        len(rules.powers) == SLOTS and all(p is None or p in POWERS for p in rules.powers),
        "powers",
    )
    check(_within(rules.liberal_policies, LIBERAL_DECK), "liberal_deck", range=LIBERAL_DECK)
    check(_within(rules.fascist_policies, FASCIST_DECK), "fascist_deck", range=FASCIST_DECK)
    check(rules.deck >= MIN_DECK, "small_deck", deck=rules.deck, least=MIN_DECK)
    check(_within(rules.liberal_start, LIBERAL_START), "liberal_start", range=LIBERAL_START)
    check(_within(rules.fascist_start, FASCIST_START), "fascist_start", range=FASCIST_START)
    check(_within(rules.hitler_zone, HITLER_ZONES), "hitler_zone", range=HITLER_ZONES)
    veto = (max(VETO_ZONES[0], rules.fascist_start + 1), VETO_ZONES[1])
    check(_within(rules.veto_zone, veto), "veto_zone", range=veto)
    if not found:
        left = players - rules.executions()
        check(left >= MIN_LIVING, "executions", executions=rules.executions(), left=left)
    return found


def _within(value: object, bounds: tuple[int, int]) -> bool:
    return type(value) is int and bounds[0] <= value <= bounds[1]


def differences(rules: Ruleset, players: int) -> dict[str, Any]:
    """The fields in which `rules` differs from the standard game at that table size."""
    base = standard(players)
    return {
        key: value
        for key, value in asdict(rules).items()
        if key != "name" and value != getattr(base, key)
    }
