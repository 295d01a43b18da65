"""The districts corpus played through POST /sms: each judged line (`tests/corpus/districts/`)
texted by one person of a 7-person districts game, in the situation it was judged for.

`Replay(table)` builds one game per situation by text (NEW, JOIN, RULES DISTRICTS, START, then
MOVE and VOTE texts till the game is where the situation is), and `Replay.play(line)` sends the
line, restores the game, and says what happened, as the Spanish corpus's harness does
(`corpus_sms`): ACTED (the game moved), ASKED, HELP, DID_YOU_MEAN, COMMAND or TALK.
"""

from __future__ import annotations

from pathlib import Path

from corpus_lines import Line, read_lines
from corpus_lines import Replay as Replaying
from harness import CODE_IN_REPLY

from sh_sms.games.districts.engine import awaiting
from sh_sms.games.districts.engine.state import DRAW, PLAY, TAKE, VOTE

LINES = Path(__file__).parent.parent / "corpus" / "districts" / "lines.tsv"
# Seats in join order; Jo hosts. Jo, Ivy, Lee and Ben settle in district 1, Kim and Max in 2,
# Ada alone in 3; district 1 elects Ivy, 2 Kim, 3 Ada.
NAMES = ["Jo", "Ivy", "Lee", "Ben", "Kim", "Max", "Ada"]
HOMES = [1, 1, 1, 1, 2, 2, 3]
REPS = {1: "Ivy", 2: "Kim", 3: "Ada"}
SEED = 11
UNTIL = {"draw": DRAW, "bystander": DRAW, "take": TAKE, "play": PLAY}  # the policy step
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


def load() -> list[Line]:
    """The judged lines of the districts game."""
    return read_lines(LINES, SITUATIONS)


class Replay(Replaying):
    """The districts table: one game per situation, built by text in English."""

    def _build(self, situation: str) -> tuple[str, object]:
        phones = [self.table.phone(f"{situation[:3]}{self.built}{name}") for name in NAMES]
        out = phones[0].send(f"NEW {NAMES[0]}")
        code = CODE_IN_REPLY.search(out.reply or "").group(1)
        for phone, name in zip(phones[1:], NAMES[1:], strict=True):
            phone.send(f"JOIN {code} {name}")
        self.table.set_seed(code, SEED)
        assert phones[0].send("RULES DISTRICTS").reply.startswith("Districts:")
        if situation == "lobby":
            return code, phones[2]
        assert phones[0].send("START")
        if situation == "settle":
            return code, phones[0]
        for phone, home in zip(phones, HOMES, strict=True):
            phone.send(f"MOVE {home}")
        self._vote(code, phones, 3)  # Ada elects herself
        if situation in ("vote", "capitol"):
            return code, phones[6 if situation == "capitol" else 0]
        self._vote(code, phones, 1, 2)
        seat = self._until(code, phones, UNTIL[situation])
        return code, phones[0 if situation == "bystander" else seat]

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
