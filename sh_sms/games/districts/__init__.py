"""The districts variant (docs/districts.md): a game of its own beside the standard one.

Inside, the same split as the project: `engine` (the rules, pure and seeded), `bots` (computer
players, from a seat's view only) and `text` (the variant's commands and wording). The app's
shared modules ask `is_districts(state)` once, at one point each, and hand a districts game to
their districts module.
"""

VARIANT = "districts"  # the house-rules preset that picks this game, and its saved states' mark
_MARK = f'"variant":"{VARIANT}"'  # how a saved state (DistrictsState.to_json) says so


def is_districts(state: object) -> bool:
    """Whether `state` (a loaded game state, or None) is a districts game's."""
    return getattr(state, "variant", None) == VARIANT


def is_districts_json(text: str) -> bool:
    """Whether a saved state (its JSON) is a districts game's; a standard state never says so."""
    return _MARK in text
