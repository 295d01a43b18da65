"""Events: what happened, and who may see it (the shapes every game shares: `games.kit`)."""

from __future__ import annotations

from ....gamekind.kit import EVERYONE, Event

__all__ = ["EVERYONE", "Event"]
