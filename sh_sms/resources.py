"""Where the files that ship with the code are: the SMS and page templates.

In a checkout (and an editable install) `templates/` sits beside `sh_sms/`; a wheel built from
the checkout carries the same folder inside the package (pyproject maps it there), so a
non-editable install, as a Heroku-style build makes, finds it too.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def templates_dir() -> Path:
    """The templates folder: inside the installed package if it is there, else the checkout's."""
    inside = PACKAGE / "templates"
    return inside if inside.is_dir() else PACKAGE.parent / "templates"


TEMPLATES = templates_dir()
