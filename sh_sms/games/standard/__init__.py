"""Secret Hitler as the rules play it (R1-R20), with its house rules: the engine (pure, seeded),
the computer players, and what the table needs of it, behind the one interface every game
implements (`kind.StandardKind`)."""


def game():
    """The standard game, for the registry (its service code is loaded only when asked)."""
    from .kind import kind as make  # the package stays light until the game is played

    return make()
