"""Where the pages' templates come from: the house's folder (`templates/`), then the folders a
game brings with it (`GameKind.own_templates`), named `games/<game>/<file>`, so a game that is
not installed here (a test's) can show its own board and replay."""

from __future__ import annotations

from jinja2 import ChoiceLoader, FileSystemLoader

from ..gamekind import registry
from ..resources import TEMPLATES, GameFolders


def loader() -> ChoiceLoader:
    """The pages' loader: the house's templates first, then the games' own."""
    games = GameFolders(lambda name: registry.own_folder(name, "web"))
    return ChoiceLoader([FileSystemLoader(TEMPLATES), games])
