"""Words for the operator (start-up refusals, command output, the board's banner), rendered from
templates/ops/*.txt so that, like every text a player reads, none of them is written in Python."""

from __future__ import annotations

from ..resources import TEMPLATES, plain_text

OPS_TEMPLATES = TEMPLATES / "ops"


def say(template: str, **context) -> str:
    """Render `templates/ops/<template>.txt` with `context`, stripped of outer whitespace."""
    return plain_text("ops").get_template(f"{template}.txt").render(**context).strip()


def has(template: str) -> bool:
    """Whether `templates/ops/<template>.txt` exists."""
    return (OPS_TEMPLATES / f"{template}.txt").is_file()
