"""Where the files that ship with the code are: the SMS, page and operator templates, and the
operator's words rendered from templates/ops (`say`, `has`).

In a checkout (and an editable install) `templates/` sits beside `sh_sms/`; a wheel built from
the checkout carries the same folder inside the package (pyproject maps it there), so a
non-editable install, as a Heroku-style build makes, finds it too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from jinja2 import BaseLoader, Environment, FileSystemLoader, StrictUndefined, TemplateNotFound

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


GAMES_PREFIX = "games/"  # templates a game brings with it: games/<game>/<file>


class GameFolders(BaseLoader):
    """Templates named `games/<game>/<file>`, from the folder `folder_of(game)` gives (None: the
    game brings none), so a game that is not installed here (a test's) has its own wording."""

    def __init__(self, folder_of: Callable[[str], Path | None]) -> None:
        self.folder_of = folder_of

    def get_source(self, environment: Environment, template: str):
        """The source of a game's own template; TemplateNotFound when it brings none."""
        name, _, rest = template.removeprefix(GAMES_PREFIX).partition("/")
        folder = self.folder_of(name) if template.startswith(GAMES_PREFIX) and rest else None
        if folder is None:
            raise TemplateNotFound(template)
        return FileSystemLoader(folder).get_source(environment, rest)


def say(template: str, language: str | None = None, **context) -> str:
    """Render `templates/ops/<template>.txt` with `context`, stripped of outer whitespace; in
    `language` where templates/i18n/<language>/ops has it (the board's banner, players read)."""
    own = f"i18n/{language}/ops"
    folder = own if language and (TEMPLATES / own / f"{template}.txt").is_file() else "ops"
    return plain_text(folder).get_template(f"{template}.txt").render(**context).strip()


def has(template: str) -> bool:
    """Whether `templates/ops/<template>.txt` exists."""
    return (TEMPLATES / "ops" / f"{template}.txt").is_file()
