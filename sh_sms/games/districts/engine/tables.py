"""The variant's fixed tables: the values the seed leaves open, as chosen in docs/districts.md."""

from __future__ import annotations

from typing import NamedTuple

MIN_PLAYERS = 5
MAX_PLAYERS = 10

LIBERAL = "liberal"
FASCIST = "fascist"
OLIGARCH = "oligarch"
FACTIONS = (LIBERAL, FASCIST, OLIGARCH)

# A policy card is a three-letter code: its faction (P: public works, no faction), the points it
# scores for the action player's district, and its move (- none, M the action player moves,
# S the action player sends another player, R every district's players move on by one).
FACTION_OF_LETTER = {"L": LIBERAL, "F": FASCIST, "O": OLIGARCH, "P": None}
NO_MOVE, RELOCATE, SEND, ROTATE = "-", "M", "S", "R"
MOVES = (NO_MOVE, RELOCATE, SEND, ROTATE)


class Policy(NamedTuple):
    """What one policy card does: a faction's policy (or none), points, and a move."""

    faction: str | None
    points: int
    move: str


def policy(code: str) -> Policy:
    """The effects of the policy card `code` (e.g. "L1M")."""
    return Policy(FACTION_OF_LETTER[code[0]], int(code[1]), code[2])


# The policy deck: (card, copies, fewest players it is used with). Larger tables add cards
# with more points, so that four districts still score before the eleventh policy.
POLICY_DECK: tuple[tuple[str, int, int], ...] = (
    ("L1-", 3, 5),
    ("L1M", 1, 5),
    ("L1S", 1, 5),
    ("L1R", 1, 5),
    ("L2-", 1, 5),
    ("F0-", 3, 5),
    ("F0S", 2, 5),
    ("F0R", 1, 5),
    ("F1-", 1, 5),
    ("F1M", 1, 5),
    ("O1-", 3, 5),
    ("O1S", 1, 5),
    ("O1M", 1, 5),
    ("O2-", 2, 5),
    ("P2M", 1, 5),
    ("P2-", 1, 7),
    ("L2-", 1, 8),
    ("P2S", 1, 8),
    ("L2M", 1, 9),
    ("O2-", 1, 9),
    ("O2M", 1, 9),
    ("P2-", 1, 9),
)

# Districts in play per player count.
DISTRICTS = {5: 3, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4}
# The alignment deck per player count: (liberal, fascist, oligarch) cards, one more than the
# players (one goes to the box unseen). Oligarch cards each name a different district in play.
ALIGNMENTS = {
    5: (3, 2, 1),
    6: (4, 2, 1),
    7: (4, 2, 2),
    8: (5, 3, 1),
    9: (5, 3, 2),
    10: (6, 3, 2),
}

# The capitol deck: one card per role; which of them are used for each capitol size.
INVESTIGATE, DRAW, TAKE, ACTION = "investigate", "draw", "take", "action"
CAPITOL_ORDER = (INVESTIGATE, DRAW, TAKE, ACTION)
CAPITOL_DECKS = {
    1: (DRAW, TAKE, ACTION),
    2: (INVESTIGATE, DRAW, TAKE, ACTION),
    3: (DRAW, TAKE, ACTION),
    4: (INVESTIGATE, DRAW, TAKE, ACTION),
}
DRAWN = 3  # policies the draw card takes from the deck

# The rules a game keeps in its state (a game may be made with other values, e.g. a timer).
DEFAULT_RULES = {
    "policies_to_win": 5,  # a faction with this many policies ends the game
    "points_to_win": 5,  # a district with this many points ends the game
    "max_policies": 11,  # this many policies played ends the game
    "privilege": 1,  # the privilege card: oligarch policies on the board from the start
    "timer_seconds": 600,  # the capitol's timer for districts still voting
}


def oligarch_card(district: int) -> str:
    """The alignment card of the oligarch of `district` (1-based)."""
    return f"{OLIGARCH}-{district}"


def faction(card: str) -> str:
    """The faction of an alignment card."""
    return card.split("-")[0]


def home_of(card: str) -> int | None:
    """The district an oligarch card names (None for any other card)."""
    parts = card.split("-")
    return int(parts[1]) if len(parts) == 2 else None
