"""Secret Hitler as the rules play it (R1-R20), with its house rules: the engine (pure, seeded),
the computer players, and what the service needs of it (`kind.StandardKind`)."""
