"""Words for the operator (start-up refusals, command output, the board's banner), rendered from
templates/ops/*.txt so that, like every text a player reads, none of them is written in Python."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..resources import TEMPLATES

OPS_TEMPLATES = TEMPLATES / "ops"


@cache
def _env() -> Environment:
    return Environment(
        loader=FileSystemLoader(OPS_TEMPLATES),
        autoescape=False,
        undefined=StrictUndefined,
        keep_trailing_newline=False,
    )


def say(template: str, **context) -> str:
    """Render `templates/ops/<template>.txt` with `context`, stripped of outer whitespace."""
    return _env().get_template(f"{template}.txt").render(**context).strip()


def has(template: str) -> bool:
    """Whether `templates/ops/<template>.txt` exists."""
    return (OPS_TEMPLATES / f"{template}.txt").is_file()
