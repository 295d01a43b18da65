"""A language's judged corpus played through POST /sms: each line texted by one player of a
7-player game that reads the language, in the situation the line was judged for.

- `load(language)`: the judged lines of `tests/corpus/<language>/lines.tsv` (README.md there).
- `Replay(table, language)`: builds one game per situation by text (NUEVO/UNIRSE in the
  language) and rigs its state to the situation; `Replay.play(line)` (`corpus_lines`) sends the
  line, restores the game, and says what happened.
"""

from __future__ import annotations

from pathlib import Path

from corpus_lines import Line, read_lines
from corpus_lines import Replay as Replaying
from harness import Table

from sh_sms.games.standard.engine.state import (
    CHANCELLOR_ENACT,
    NOMINATE,
    POWER,
    PRESIDENT_DISCARD,
    VOTE,
)

CORPORA = Path(__file__).parent.parent / "corpus"
# Seats in join order; Ana hosts and presides, Pedro is the Chancellor (candidate), Hal a voter.
NAMES = ["Ana", "Pedro", "Hal", "Lucia", "Mateo", "Sofia", "Cy"]
JOIN = {"es": ("NUEVO {name}", "UNIRSE {code} {name}")}
_LIMITED = {"last_president": 5, "last_chancellor": 6}  # Sofia and Cy may not be Chancellor
# situation -> (sender's seat, the state's changes; None: the game is still a lobby)
SITUATIONS: dict[str, tuple[int, dict | None]] = {
    "voter": (2, {"phase": VOTE, "chancellor": 1, "votes": [None] * 7}),
    "nominate": (0, {"phase": NOMINATE, **_LIMITED}),
    "discard": (0, {"phase": PRESIDENT_DISCARD, "chancellor": 1, "hand": ["F", "F", "L"]}),
    "enact": (1, {"phase": CHANCELLOR_ENACT, "chancellor": 1, "hand": ["F", "L"]}),
    "investigate": (0, {"phase": POWER, "power": "investigate", "fascist": 2}),
    "elect": (0, {"phase": POWER, "power": "special_election", "fascist": 3}),
    "execute": (0, {"phase": POWER, "power": "execution", "fascist": 4}),
    "bystander": (2, {"phase": NOMINATE, **_LIMITED}),
    "lobby": (2, None),
}


def load(language: str) -> list[Line]:
    """The judged lines of one language."""
    return read_lines(CORPORA / language / "lines.tsv", SITUATIONS)


class Replay(Replaying):
    """The language's table: one game per situation, built by text in the language."""

    def __init__(self, table: Table, language: str, monkeypatch) -> None:
        """Lines of `language`, played on `table`."""
        super().__init__(table, monkeypatch)
        self.language = language

    def _build(self, situation: str) -> tuple[str, object]:
        new, join = JOIN[self.language]
        prefix = f"{situation[:3]}{self.built}"
        phones = [self.table.phone(f"{prefix}{name}") for name in NAMES]
        out = phones[0].send(new.format(name=NAMES[0]))
        code = out.reply.split()[1].rstrip(".,")
        for phone, name in zip(phones[1:], NAMES[1:], strict=True):
            phone.send(join.format(code=code, name=name))
        seat, changes = SITUATIONS[situation]
        if changes is not None:
            self.table.set_seed(code, 7)
            phones[0].send("EMPEZAR")
            self.table.rig(code, president=0, rotation=0, **changes)
        return code, phones[seat]
