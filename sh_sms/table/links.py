"""Addresses of a game's pages, for texts and pages alike (no Flask: texts use them too)."""

from __future__ import annotations

from ..config import Settings


def board_path(code: str) -> str:
    """The path of a game's board."""
    return f"/g/{code.upper()}"


def replay_path(code: str) -> str:
    """The path of a finished game's replay."""
    return f"{board_path(code)}/replay"


def group_path(code: str) -> str:
    """The path of the page of a finished game's group: its series of games."""
    return f"{board_path(code)}/group"


def _absolute(settings: Settings, path: str) -> str | None:
    base = (settings.public_base_url or "").strip().rstrip("/")
    return base + path if base else None


def board_url(settings: Settings, code: str) -> str | None:
    """The board's absolute URL from PUBLIC_BASE_URL, or None when that is not set."""
    return _absolute(settings, board_path(code))


def replay_url(settings: Settings, code: str) -> str | None:
    """The replay's absolute URL from PUBLIC_BASE_URL, or None when that is not set."""
    return _absolute(settings, replay_path(code))
