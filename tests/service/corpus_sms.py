"""A language's judged corpus played through POST /sms: each line texted by one player of a
7-player game that reads the language, in the situation the line was judged for.

- `load(language)`: the judged lines of `tests/corpus/<language>/lines.tsv` (README.md there).
- `Replay(table, language)`: builds one game per situation by text (NUEVO/UNIRSE in the
  language), rigs its state to the situation, and `Replay.play(line)` sends the line, restores
  the game, and says what happened: ACTED (the game moved or a vote was counted; with the command
  it was read as), ASKED, HELP (answered as a question about how to play), DID_YOU_MEAN, COMMAND
  (answered as a command: a refusal, a usage line, an info reply) or TALK (relayed, or refused as
  talk). The reading is spied where the router takes it (`receive.route`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from harness import Table
from sqlmodel import Session, select

from sh_sms.conversation import receive
from sh_sms.conversation.reading import Question, Unclear
from sh_sms.games.standard.engine.state import (
    CHANCELLOR_ENACT,
    NOMINATE,
    POWER,
    PRESIDENT_DISCARD,
    VOTE,
)
from sh_sms.store import Game
from sh_sms.store.games import load_state
from sh_sms.text.commands import NEAR_MISS, Command, ParseError

CORPORA = Path(__file__).parent.parent / "corpus"
# Seats in join order; Ana hosts and presides, Pedro is the Chancellor (candidate), Hal a voter.
NAMES = ["Ana", "Pedro", "Hal", "Lucia", "Mateo", "Sofia", "Cy"]
JOIN = {"es": ("NUEVO {name}", "UNIRSE {code} {name}")}
ACTED, ASKED, HELP, DID_YOU_MEAN, COMMAND, TALK = (
    "acted",
    "asked",
    "help",
    "did you mean",
    "command",
    "talk",
)
JUDGEMENTS = ("act", "ask", "help", "talk", "refuse")
SAME_VERB = {"yes": "ja", "no": "nein"}
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


@dataclass(frozen=True)
class Line:
    """One judged line: its situation, the judgement (`act` with the command, `ask`, `help`,
    `talk`, `refuse`) and the text exactly as typed."""

    situation: str
    judgement: str
    command: tuple[str, str | None] | None
    text: str


def load(language: str) -> list[Line]:
    """The judged lines of one language (`situation<TAB>judgement<TAB>text`, a header first)."""
    rows = (CORPORA / language / "lines.tsv").read_text(encoding="utf-8").split("\n")
    assert rows[0] == "situation\tjudgement\ttext", rows[0]
    lines = []
    for row in rows[1:]:
        if not row.strip() or row.startswith("#"):
            continue
        situation, judged, text = row.split("\t")
        kind, *command = judged.split(":")
        assert situation in SITUATIONS and kind in JUDGEMENTS, row
        move = (command[0], command[1] if len(command) > 1 else None) if command else None
        assert (kind == "act") == (move is not None), row
        lines.append(Line(situation, kind, move, text))
    return lines


class Replay:
    """One game per situation on `table`, each line played in its own and the game restored."""

    def __init__(self, table: Table, language: str, monkeypatch) -> None:
        self.table, self.language = table, language
        self.readings: list[object] = []
        self.games: dict[str, tuple[str, str, dict]] = {}  # situation -> phones, code, row
        self.built = 0
        original = receive.route

        def spy(turn, reading):
            self.readings.append(reading)
            return original(turn, reading)

        monkeypatch.setattr(receive, "route", spy)

    def _build(self, situation: str) -> tuple[str, str, dict]:
        new, join = JOIN[self.language]
        self.built += 1
        prefix = f"{situation[:3]}{self.built}"
        phones = [self.table.phone(f"{prefix}{name}") for name in NAMES]
        out = phones[0].send(new.format(name=NAMES[0]))
        code = out.reply.split()[1].rstrip(".,")
        for phone, name in zip(phones[1:], NAMES[1:], strict=True):
            phone.send(join.format(code=code, name=name))
        _seat, changes = SITUATIONS[situation]
        if changes is not None:
            self.table.set_seed(code, 7)
            phones[0].send("EMPEZAR")
            self.table.rig(code, president=0, rotation=0, **changes)
        return prefix, code, self._row(code)

    def _row(self, code: str) -> dict:
        game = self.table.game(code)
        return {"status": game.status, "state": game.state, "version": game.version}

    def _restore(self, code: str, row: dict) -> None:
        with Session(self.table.engine) as session:
            game = session.exec(select(Game).where(Game.code == code)).one()
            for key, value in row.items():
                setattr(game, key, value)
            session.add(game)
            session.commit()

    def play(self, line: Line) -> tuple[str, object]:
        """Send the line in its situation; what happened and the reading."""
        if line.situation not in self.games:
            self.games[line.situation] = self._build(line.situation)
        prefix, code, row = self.games[line.situation]
        seat, _changes = SITUATIONS[line.situation]
        self.readings.clear()
        self.table.phone(f"{prefix}{NAMES[seat]}").send(line.text)
        moved = self._moved(code, row)
        if (moved and line.situation == "lobby") or self._roster_changed(code):
            del self.games[line.situation]  # a lobby left or started: build a new one
        elif moved:
            self._restore(code, row)
        reading = self.readings[-1] if self.readings else None
        return (ACTED if moved else classify(reading)), reading

    def _moved(self, code: str, row: dict) -> bool:
        """Whether the game moved: its status or its engine state (not bookkeeping beside it)."""
        game = self.table.game(code)
        if game.status != row["status"] or (game.state is None) != (row["state"] is None):
            return True
        if game.state is None:
            return False
        return load_state(game) != load_state(Game(**{**game.model_dump(), "state": row["state"]}))

    def _roster_changed(self, code: str) -> bool:
        """Whether a phone no longer holds its seat (left, or the game ended and freed them)."""
        seated = [p for p in self.table.players(code) if p.open_number is not None]
        return len(seated) != len(NAMES)


def classify(reading) -> str:
    """What a player would notice of a reading that did not move the game."""
    if isinstance(reading, Question):
        return HELP
    if isinstance(reading, Unclear):
        return ASKED
    if isinstance(reading, ParseError):
        return DID_YOU_MEAN if reading.code == NEAR_MISS else COMMAND
    if isinstance(reading, Command) and reading.verb != "say":
        return COMMAND
    return TALK


def as_command(reading) -> tuple[str, str | None] | None:
    """The move a reading made, in the corpus's words (`nominate`, `pedro`)."""
    if not isinstance(reading, Command):
        return None
    arg = reading.arg.casefold() if reading.arg else None
    return SAME_VERB.get(reading.verb, reading.verb), arg
