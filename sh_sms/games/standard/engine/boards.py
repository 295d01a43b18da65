"""Fixed tables of the standard game: team sizes (R1) and presidential powers (R14).

A game reads its rules from its ruleset (ruleset.py), whose standard values come from here.
"""

from __future__ import annotations

LIBERAL = "liberal"
FASCIST = "fascist"
HITLER = "hitler"

MIN_PLAYERS = 5
MAX_PLAYERS = 10

LIBERAL_POLICIES = 6
FASCIST_POLICIES = 11
LIBERAL_TO_WIN = 5
FASCIST_TO_WIN = 6
HITLER_ZONE = 3  # fascist policies after which electing Hitler Chancellor wins (R7)
VETO_AT = 5  # fascist policies that unlock the veto (R13)
CHAOS_AT = 3  # election tracker value that enacts the top policy (R9)
SMALL_TABLE = 5  # living players at or below which only the Chancellor is term-limited (R5)

INVESTIGATE = "investigate"
SPECIAL_ELECTION = "special_election"
PEEK = "peek"
EXECUTION = "execution"
# Two more powers of secrethitler.io's custom games, for house rules (ruleset.py).
REVERSE_INVESTIGATION = "reverse_investigation"  # the President shows their party to a player
PEEK_AND_DROP = "peek_and_drop"  # the President sees the top policy and may discard it

# R1: fascists (not counting Hitler) per player count.
_FASCISTS = {5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 10: 3}

# R14: the power granted by the n-th fascist policy (index 0 = first), per player count.
_SMALL = (None, None, PEEK, EXECUTION, EXECUTION)
_MEDIUM = (None, INVESTIGATE, SPECIAL_ELECTION, EXECUTION, EXECUTION)
_LARGE = (INVESTIGATE, INVESTIGATE, SPECIAL_ELECTION, EXECUTION, EXECUTION)
_POWERS = {5: _SMALL, 6: _SMALL, 7: _MEDIUM, 8: _MEDIUM, 9: _LARGE, 10: _LARGE}


def role_counts(players: int) -> tuple[int, int]:
    """Return (liberals, fascists not counting Hitler) for a table of that size (R1)."""
    fascists = _FASCISTS[players]
    return players - fascists - 1, fascists


def standard_powers(players: int) -> tuple[str | None, ...]:
    """The powers of the five fascist slots on the printed board for that table size (R14)."""
    return _POWERS[players]


def power_for(players: int, fascist_policies: int) -> str | None:
    """Return the power granted when the given fascist policy count is reached (R14)."""
    if 1 <= fascist_policies <= len(_POWERS[players]):
        return _POWERS[players][fascist_policies - 1]
    return None


def hitler_knows_fascists(players: int) -> bool:
    """Whether Hitler learns the fascist at the start (R2: only in 5-6 player games)."""
    return players <= 6
