"""Collects everything one inbound text causes, then queues one SMS per recipient in the outbox."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import bindparam, insert, select
from sqlmodel import Session

from ..store import Outbox
from ..store.optouts import stopped
from ..text.gsm import sanitize, segments
from ..text.languages import ENGLISH, speaking
from ..text.messages import Prompt, join, render
from ..text.numbers import is_bot_number


class Mailbox:
    """Texts per phone number, in the order they were added, and who is asked to act."""

    def __init__(self, language_of: Callable[[str], str] | None = None) -> None:
        self.parts: dict[str, list[str]] = {}
        self.awaited: set[str] = set()  # numbers given a `Prompt`: their row is critical
        # The language each recipient reads (the table sets it; else English).
        self.language_of: Callable[[str], str] = language_of or (lambda _number: ENGLISH)

    def add(self, number: str, text: str) -> None:
        """Queue `text` for `number` (empty texts are ignored); a `Prompt` makes it critical.

        Every text is made GSM-7 here, the last guard before the outbox, so no echo of player
        input can force a message into UCS-2 or carry a NUL the database would refuse. A computer
        player has no phone, and a job's turn no sender: nothing is ever queued for either.
        """
        if not number or is_bot_number(number):
            return
        asks = isinstance(text, Prompt)
        text = sanitize(text)
        if text:
            self.parts.setdefault(number, []).append(text)
            if asks:
                self.awaited.add(number)

    def say(self, number: str, template: str, **context) -> None:
        """Render a template in the language `number` reads and queue it for `number`."""
        with speaking(self.language_of(number)):
            self.add(number, render(template, **context))

    def prompt(self, number: str, template: str, **context) -> None:
        """Render a template that asks `number` to act (a reminder, say) and queue it."""
        with speaking(self.language_of(number)):
            self.add(number, Prompt(render(template, **context)))

    def add_each(self, numbers: list[str], write: Callable[[], str]) -> None:
        """Queue for each number the text `write()` gives in the language it reads (written
        once per language)."""
        written: dict[str, str] = {}
        for number in numbers:
            language = self.language_of(number)
            if language not in written:
                with speaking(language):
                    written[language] = write()
            self.add(number, written[language])

    def bodies(self) -> dict[str, str]:
        """The one joined message body per recipient."""
        return {number: join(parts) for number, parts in self.parts.items() if parts}

    def flush(self, session: Session, now: datetime, game_id: int | None, line: str) -> None:
        """Write one outbox row per recipient, to go from the service number `line` (the game's;
        sh_sms.pool), skipping numbers that opted out of it; a row is critical when its text
        asks the recipient to act. One statement, however many rows."""
        bodies = self.bodies()
        if not bodies:
            return
        session.flush()  # an opt-out this text made is in the database before the insert reads it
        rows = [
            {
                "to_number": number,
                "body": body,
                "game_id": game_id,
                "segments": segments(body),
                "critical": number in self.awaited,
                "created_at": now,
                "line": line,
            }
            for number, body in bodies.items()
        ]
        session.connection().execute(QUEUE, rows)
        self.parts.clear()
        self.awaited.clear()


COLUMNS = ("to_number", "body", "game_id", "segments", "critical", "created_at", "line")


def _queue_statement():
    """INSERT INTO outbox ... SELECT <one row's values> WHERE the recipient has not opted out
    (of the service, or of the number it would go from): the opt-out check and the insert in
    one statement, run once for all rows (executemany)."""
    table = Outbox.__table__
    value = {name: bindparam(name, type_=table.c[name].type) for name in COLUMNS}
    rows = select(*value.values()).where(~stopped(value["to_number"], value["line"]))
    return insert(table).from_select([table.c[name] for name in COLUMNS], rows)


QUEUE = _queue_statement()  # built once
