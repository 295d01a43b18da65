"""The report `sh-sms twilio` prints: one line per finding, each problem with its next step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .wording import say

OK, CHANGED, PENDING, PROBLEM, NOTE = "ok", "changed", "pending", "problem", "note"


@dataclass
class Report:
    """What the command found and did, line by line."""

    apply: bool  # make the changes (else only say what they would be)
    lines: list[str] = field(default_factory=list)
    problems: int = 0
    pending: int = 0

    def add(self, kind: str, template: str, **context) -> None:
        """One line: `kind` (ok, changed, pending, problem, note) and templates/ops/twilio/."""
        self.problems += kind == PROBLEM
        self.pending += kind == PENDING
        text = say(f"twilio/{template}", **context)
        self.lines.append(say("twilio/line", kind=kind, text=text))

    def sync(self, what: str, current: dict, desired: dict, update: Callable[[dict], object]):
        """Compare webhook fields with what they must be; apply the differences if asked."""
        changes = {k: v for k, v in desired.items() if current.get(k) != v}
        for name, value in desired.items():
            if name not in changes:
                self.add(OK, "field_ok", what=what, field=name, value=value)
            else:
                kind = CHANGED if self.apply else PENDING
                self.add(kind, "field", what=what, field=name, old=current.get(name), new=value)
        if changes and self.apply:
            update(changes)

    @property
    def status(self) -> int:
        """The exit status: 1 while a problem, or a change not made, remains."""
        return 1 if self.problems or self.pending else 0
