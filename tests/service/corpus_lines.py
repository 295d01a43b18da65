"""What the judged corpora of the tests share (`corpus_sms` for a language, `corpus_districts`
for the districts game): the judged line, reading a corpus file, and a replay that sends each
line through POST /sms in its situation, puts the game back, and says what a player would notice:
ACTED (the game moved; with the command it was read as), ASKED, HELP (answered as a question
about how to play), DID_YOU_MEAN, COMMAND (answered as a command: a refusal, a usage line, an
info reply) or TALK (relayed, or refused as talk). The reading is spied where the router takes
it (`receive.route`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from harness import Table
from sqlmodel import Session, select

from sh_sms.conversation import receive
from sh_sms.conversation.reading import Question, Unclear
from sh_sms.store import Game
from sh_sms.store.games import load_state
from sh_sms.text.commands import NEAR_MISS, Command, ParseError

ACTED, ASKED, HELP, DID_YOU_MEAN, COMMAND, TALK = (
    "acted",
    "asked",
    "help",
    "did you mean",
    "command",
    "talk",
)
JUDGEMENTS = ("act", "ask", "help", "talk", "refuse")
SAME_VERB = {"yes": "ja", "no": "nein"}  # one vote, however it was typed


@dataclass(frozen=True)
class Line:
    """One judged line: its situation, the judgement (`act` with the command, `ask`, `help`,
    `talk`, `refuse`) and the text exactly as typed."""

    situation: str
    judgement: str
    command: tuple[str, str | None] | None
    text: str


def read_lines(path: Path, situations) -> list[Line]:
    """The judged lines of a corpus file (`situation<TAB>judgement<TAB>text`, a header first;
    `#` starts a comment), each situation one of `situations`."""
    rows = path.read_text(encoding="utf-8").split("\n")
    assert rows[0] == "situation\tjudgement\ttext", rows[0]
    lines = []
    for row in rows[1:]:
        if not row.strip() or row.startswith("#"):
            continue
        situation, judged, text = row.split("\t")
        kind, *command = judged.split(":")
        assert situation in situations and kind in JUDGEMENTS, row
        move = (command[0], command[1] if len(command) > 1 else None) if command else None
        assert (kind == "act") == (move is not None), row
        lines.append(Line(situation, kind, move, text))
    return lines


class Replay(ABC):
    """One game per situation on `table`, each line played in its own and the game restored.
    A corpus says how a situation's game is built: `_build(situation)` returns the game's code
    and the phone that texts its lines; `seats` is how many hold a seat in it."""

    seats = 7

    def __init__(self, table: Table, monkeypatch) -> None:
        """Spy on the router for the readings of the lines played."""
        self.table = table
        self.readings: list[object] = []
        self.games: dict[str, tuple[str, object, dict]] = {}  # situation -> code, phone, row
        self.built = 0
        original = receive.route

        def spy(turn, reading):
            self.readings.append(reading)
            return original(turn, reading)

        monkeypatch.setattr(receive, "route", spy)

    @abstractmethod
    def _build(self, situation: str) -> tuple[str, object]:
        """The code of a new game in `situation`, and the phone that texts its lines."""

    def play(self, line: Line) -> tuple[str, object]:
        """Send the line in its situation; what happened and the reading."""
        if line.situation not in self.games:
            self.built += 1
            code, phone = self._build(line.situation)
            self.games[line.situation] = (code, phone, self._row(code))
        code, phone, row = self.games[line.situation]
        self.readings.clear()
        phone.send(line.text)
        moved = self._moved(code, row)
        if (moved and row["state"] is None) or self._roster_changed(code):
            del self.games[line.situation]  # a lobby left or started: build a new one
        elif moved:
            self._restore(code, row)
        reading = self.readings[-1] if self.readings else None
        return (ACTED if moved else classify(reading)), reading

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
        return len(seated) != self.seats


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
    """The move a reading made, in the corpus's words (`nominate`, `pedro`; `ja` for yes)."""
    if not isinstance(reading, Command):
        return None
    arg = reading.arg.casefold() if reading.arg else None
    return SAME_VERB.get(reading.verb, reading.verb), arg


@dataclass
class Judged:
    """What a corpus' lines did: per judgement, how many of each outcome (`seen`); per fault,
    the lines that broke the corpus' rules (`wrong`); and every line's outcome and reading."""

    seen: dict[str, Counter] = field(default_factory=lambda: {k: Counter() for k in JUDGEMENTS})
    wrong: dict[str, list[str]] = field(default_factory=dict)
    played: list[tuple[Line, str, object]] = field(default_factory=list)

    def answered(self) -> float:
        """The share of the questions about how to play that were answered."""
        helps = self.seen["help"]
        return (helps[HELP] + helps[COMMAND]) / sum(helps.values())

    def report(self) -> str:
        """The lines that broke the rules, by fault."""
        return "\n".join(
            f"{group} ({len(items)}):\n  " + "\n  ".join(items)
            for group, items in self.wrong.items()
        )


def judge(replay: Replay, lines: list[Line], fault: Callable[[Line, str, object], str | None]):
    """Play every line; `fault(line, outcome, reading)` names what is wrong with its outcome
    under the corpus' rules (None: as judged)."""
    judged = Judged()
    for line in lines:
        what, reading = replay.play(line)
        judged.seen[line.judgement][what] += 1
        judged.played.append((line, what, reading))
        group = fault(line, what, reading)
        if group is not None:
            entry = f"[{line.situation}] {line.text!r} -> {what} {reading}"
            judged.wrong.setdefault(group, []).append(entry)
    return judged
