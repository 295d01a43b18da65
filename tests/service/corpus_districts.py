"""The districts corpus played through POST /sms: each judged line (`tests/corpus/districts/`)
texted by one person of a 7-person districts game, in the situation it was judged for.

`Replay(table)` builds one game per situation by text (NEW, JOIN, RULES DISTRICTS, START, then
MOVE and VOTE texts till the game is where the situation is), and `Replay.play(line)` sends the
line, restores the game, and says what happened, as the Spanish corpus's harness does
(`corpus_sms`): ACTED (the game moved), ASKED, HELP, DID_YOU_MEAN, COMMAND or TALK.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from harness import CODE_IN_REPLY, Table
from sqlmodel import Session, select

from sh_sms.conversation import receive
from sh_sms.conversation.reading import Question, Unclear
from sh_sms.games.districts.engine import awaiting
from sh_sms.games.districts.engine.state import DRAW, PLAY, TAKE, VOTE
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
LINES = Path(__file__).parent.parent / "corpus" / "districts" / "lines.tsv"
# Seats in join order; Jo hosts. Jo, Ivy, Lee and Ben settle in district 1, Kim and Max in 2,
# Ada alone in 3; district 1 elects Ivy, 2 Kim, 3 Ada.
NAMES = ["Jo", "Ivy", "Lee", "Ben", "Kim", "Max", "Ada"]
HOMES = [1, 1, 1, 1, 2, 2, 3]
REPS = {1: "Ivy", 2: "Kim", 3: "Ada"}
SEED = 11
# situation -> what the sender is doing (docs/corpus README): the sender is the one named, or
# the one the game waits on (None).
SITUATIONS: dict[str, str] = {
    "lobby": "Lee in a districts lobby",
    "settle": "Jo while everyone picks a district",
    "vote": "Jo voting in district 1 (Ivy, Lee, Ben)",
    "capitol": "Ada, elected, in the capitol while districts 1 and 2 vote (TIMER)",
    "draw": "the draw card holder, three policies in hand",
    "take": "the take card holder, two policies in hand",
    "play": "the action player holding the policy",
    "bystander": "Jo, not in the capitol, while the draw card holder discards",
}


@dataclass(frozen=True)
class Line:
    """One judged line: situation, judgement (`act` with the command, `ask`, `help`, `talk`,
    `refuse`) and the text exactly as typed."""

    situation: str
    judgement: str
    command: tuple[str, str | None] | None
    text: str


def load() -> list[Line]:
    """The judged lines (`situation<TAB>judgement<TAB>text`, a header first)."""
    rows = LINES.read_text(encoding="utf-8").split("\n")
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

    def __init__(self, table: Table, monkeypatch) -> None:
        self.table = table
        self.readings: list[object] = []
        self.games: dict[str, tuple[str, int, dict]] = {}  # situation -> code, sender, row
        self.built = 0
        self.phones: dict[str, list] = {}
        original = receive.route

        def spy(turn, reading):
            self.readings.append(reading)
            return original(turn, reading)

        monkeypatch.setattr(receive, "route", spy)

    def _build(self, situation: str) -> tuple[str, int, dict]:
        self.built += 1
        phones = [self.table.phone(f"{situation[:3]}{self.built}{name}") for name in NAMES]
        out = phones[0].send(f"NEW {NAMES[0]}")
        code = CODE_IN_REPLY.search(out.reply or "").group(1)
        for phone, name in zip(phones[1:], NAMES[1:], strict=True):
            phone.send(f"JOIN {code} {name}")
        self.table.set_seed(code, SEED)
        assert phones[0].send("RULES DISTRICTS").reply.startswith("Districts:")
        self.phones[code] = phones
        if situation == "lobby":
            return code, 2, self._row(code)
        assert phones[0].send("START")
        sender = 0
        if situation != "settle":
            for phone, home in zip(phones, HOMES, strict=True):
                phone.send(f"MOVE {home}")
            self._vote(code, phones, 3)  # Ada elects herself
            if situation == "capitol":
                sender = 6
            elif situation != "vote":
                self._vote(code, phones, 1, 2)
                sender = self._until(
                    code,
                    phones,
                    {"draw": DRAW, "bystander": DRAW}.get(
                        situation, TAKE if situation == "take" else PLAY
                    ),
                )
                sender = 0 if situation == "bystander" else sender
        return code, sender, self._row(code)

    def _vote(self, code: str, phones, *districts: int) -> None:
        for seat, home in enumerate(HOMES):
            if home in districts:
                phones[seat].send(f"VOTE {REPS[home]}")
        assert self.table.state(code).phase != VOTE or 1 not in districts

    def _until(self, code: str, phones, phase: str) -> int:
        """Discard the first card and play on till `phase`; the seat the game then waits on."""
        for _ in range(10):
            state = self.table.state(code)
            seat = awaiting(state)[0]
            if state.phase == phase:
                return seat
            assert state.phase in (DRAW, TAKE), state.phase
            phones[seat].send("DISCARD 1")
        raise AssertionError(phase)

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
        code, seat, row = self.games[line.situation]
        self.readings.clear()
        self.last = self.phones[code][seat].send(line.text)
        moved = self._moved(code, row)
        if (moved and line.situation == "lobby") or self._roster_changed(code):
            del self.games[line.situation]
        elif moved:
            self._restore(code, row)
        reading = self.readings[-1] if self.readings else None
        return (ACTED if moved else classify(reading)), reading

    def _moved(self, code: str, row: dict) -> bool:
        game = self.table.game(code)
        if game.status != row["status"] or (game.state is None) != (row["state"] is None):
            return True
        if game.state is None:
            return False
        return load_state(game) != load_state(Game(**{**game.model_dump(), "state": row["state"]}))

    def _roster_changed(self, code: str) -> bool:
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
    """The move a reading made, in the corpus's words (`vote`, `ivy`)."""
    if not isinstance(reading, Command):
        return None
    return reading.verb, reading.arg.casefold() if reading.arg else None
