"""The districts game (docs/districts.md, seed 004): a game of its own at the same table.

Inside, the same split as the project: `engine` (the rules, pure and seeded), `bots` (computer
players, from a seat's view only) and `text` (its commands and wording); and what the table needs
of it, behind the one interface every game implements (`kind.DistrictsKind`).
"""


def game():
    """The districts game, for the registry (its service code is loaded only when asked)."""
    from .kind import kind as make  # the package stays light until the game is played

    return make()
