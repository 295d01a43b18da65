"""Where the files that ship with the code are: the SMS, page and operator templates, and the
operator's words rendered from templates/ops (`say`, `has`).

In a checkout (and an editable install) `templates/` sits beside `sh_sms/`; a wheel built from
the checkout carries the same folder inside the package (pyproject maps it there), so a
non-editable install, as a Heroku-style build makes, finds it too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

PACKAGE = Path(__file__).resolve().parent


def templates_dir() -> Path:
    """The templates folder: inside the installed package if it is there, else the checkout's."""
    inside = PACKAGE / "templates"
    return inside if inside.is_dir() else PACKAGE.parent / "templates"


TEMPLATES = templates_dir()


@cache
def plain_text(folder: str) -> Environment:
    """The Jinja environment for the plain-text templates of `templates/<folder>` (sms, ops):
    no escaping, and a name the template does not get is an error, never an empty string."""
    return Environment(
        loader=FileSystemLoader(TEMPLATES / folder),
        autoescape=False,
        undefined=StrictUndefined,
        keep_trailing_newline=False,
        auto_reload=False,  # compiled once per process: no stat() of the file for every text
    )


def say(template: str, **context) -> str:
    """Render `templates/ops/<template>.txt` with `context`, stripped of outer whitespace."""
    return plain_text("ops").get_template(f"{template}.txt").render(**context).strip()


def has(template: str) -> bool:
    """Whether `templates/ops/<template>.txt` exists."""
    return (TEMPLATES / "ops" / f"{template}.txt").is_file()
