"""Real chat lines put in the mouth of one player of a 7-player game, in each situation, and read
by the service's own reading (`interpret.read` on a Turn as the webhook builds it).

- `SITUATIONS`: who sends and what the game waits for (the labels of `labels.tsv` name them).
- `outcome(situation, text)`: what would happen to the text: ACTED (the game moved, or a vote was
  counted), ASKED (one short question with the exact command), DID_YOU_MEAN, COMMAND (answered as
  a command: a refusal, a usage line, an info reply), or TALK (relayed, or refused as talk).
- `load()`: the labelled corpus, its texts read from the source's replays: (text, {situation:
  "command" | "ambiguous"}); talk by default.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from sh_sms.conversation.interpret import read
from sh_sms.conversation.reading import INFO_VERBS, Question, Unclear, usable
from sh_sms.games.standard.engine import IllegalAction, apply, new_game
from sh_sms.games.standard.engine.state import (
    CHANCELLOR_ENACT,
    NOMINATE,
    POWER,
    PRESIDENT_DISCARD,
    VOTE,
)
from sh_sms.games.standard.handlers.play import _action
from sh_sms.store import ACTIVE, Game, Player
from sh_sms.table.turn import Turn
from sh_sms.text.commands import NEAR_MISS, Command, ParseError
from sh_sms.text.words import MOVE_VERBS

HERE = Path(__file__).parent
LABELS = HERE / "labels.tsv"
# The lines come from replays of public secrethitler.io games (README.md beside this file); they
# are read from the source repository, never copied into this one.
SOURCE_COMMIT = "06fad10d3b3a5dd46246396b04730001717e9e5b"
REPLAYS = "crawl/replay_data"
MISSING_SOURCE = (
    "the chat corpus's source is not on this machine: git clone --bare"
    " https://github.com/ItsNiklas/secret-hitler-player (it holds commit 06fad10) and set"
    " CHAT_CORPUS_SOURCE to the clone's git directory"
)
NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "FinBot", "GiaBot"]  # a 7-player game, two bots

ACTED, ASKED, DID_YOU_MEAN, COMMAND, TALK = "acted", "asked", "did you mean", "command", "talk"
HELP = "help"  # answered privately as a question about how to play (and relayed)
TALK_LABEL, COMMAND_LABEL, AMBIGUOUS = "talk", "command", "ambiguous"  # the hand labels
HELP_LABEL = "help"  # a question to the service about how to play, in every situation
# Moves that cannot be taken back once made (a vote can be changed until the last one is in).
IRREVERSIBLE = frozenset(
    {"nominate", "discard", "enact", "veto", "veto_yes", "veto_no", "investigate", "elect"}
    | {"execute", "stop", "endgame_yes", "start", "yes", "no"}
)

# situation -> (sender's seat, the state's changes from a fresh deal)
SITUATIONS: dict[str, tuple[int, dict]] = {
    "voter": (2, {"phase": VOTE, "chancellor": 1, "votes": [None] * 7}),
    "nominate": (0, {"phase": NOMINATE, "last_president": 4, "last_chancellor": 3}),
    "discard": (0, {"phase": PRESIDENT_DISCARD, "chancellor": 1, "hand": ["F", "F", "L"]}),
    "enact": (1, {"phase": CHANCELLOR_ENACT, "chancellor": 1, "hand": ["F", "L"]}),
    "investigate": (0, {"phase": POWER, "power": "investigate", "fascist": 2}),
    "elect": (0, {"phase": POWER, "power": "special_election", "fascist": 3}),
    "execute": (0, {"phase": POWER, "power": "execution", "fascist": 4}),
    "bystander": (2, {"phase": NOMINATE, "last_president": 4, "last_chancellor": 3}),
}
# A bystander's labels hold in every phase the game does not wait on them: also replayed while
# the President holds the gun.
BYSTANDER_PHASES = {
    "bystander": SITUATIONS["bystander"][1],
    "bystander (execution)": {"phase": POWER, "power": "execution", "fascist": 4},
}


def turn_for(situation: str, changes: dict | None = None) -> Turn:
    """A Turn as the webhook builds it: the sender's row, the roster, the game's state."""
    seat, defaults = SITUATIONS[situation]
    state, _events = new_game(NAMES, seed=7)
    state = replace(state, president=0, rotation=0, **(changes or defaults))
    now = datetime(2026, 3, 4, 17, 0, tzinfo=UTC)
    game = Game(id=1, code="ABCD", status=ACTIVE, seed=7, created_at=now, updated_at=now)
    players = [
        Player(
            id=i + 1,
            game_id=1,
            number=f"+1555000{i:04d}" if not name.endswith("Bot") else f"bot:{name}",
            name=name,
            name_key=name.casefold(),
            seat=i,
            is_host=i == 0,
            is_bot=name.endswith("Bot"),
            joined_at=now,
        )
        for i, name in enumerate(NAMES)
    ]
    return Turn(
        session=_NoRows(),
        settings=None,
        number=players[seat].number,
        now=now,
        game=game,
        player=players[seat],
        players=players,
        state=state,
    )


class _NoRows:
    """A session with no rows in it: the reading looks up only the host's ENDGAME question."""

    def get(self, _model, _key):
        return None

    def add(self, _row) -> None:
        pass


def outcome(turn: Turn, text: str) -> tuple[str, object]:
    """What would happen to `text` from the sender of `turn`, and the reading itself."""
    reading = read(turn, text)
    return classify(turn, reading), reading


def classify(turn: Turn, reading) -> str:
    """The outcome a player would notice for one reading (see the module docstring)."""
    if isinstance(reading, Question):
        return HELP
    if isinstance(reading, Unclear):
        return ASKED
    if isinstance(reading, ParseError):
        return DID_YOU_MEAN if reading.code == NEAR_MISS else COMMAND
    assert isinstance(reading, Command)
    if reading.verb == "say":
        return TALK
    if reading.verb in INFO_VERBS:
        return COMMAND
    if reading.verb == "stop":
        return ACTED
    if reading.verb in MOVE_VERBS and usable(turn, reading.verb):
        return ACTED if _applies(turn, reading) else COMMAND
    return COMMAND


def _applies(turn: Turn, command: Command) -> bool:
    """Whether the engine takes the move (else the sender gets a refusal, nothing moves)."""
    action = _action(turn, turn.state, turn.player.seat, command)
    if action is None:
        return False
    try:
        apply(turn.state, turn.player.seat, action)
    except IllegalAction:
        return False
    return True


def load(path: Path = LABELS) -> list[tuple[str, dict[str, str]]]:
    """The corpus: each line's text and its labels other than talk, by situation.

    `labels.tsv`: a header, then one row per chat line: the game it came from, the first 16 hex
    digits of the SHA-256 of its text exactly as typed, and the labels (`voter:c execute:a`: c
    command, a ambiguous; `help`: a question to the service about how to play, in every
    situation). The texts are read from the source's replays (`texts`), never kept in this
    repository.
    """
    rows = []
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[0] == "game\tsha256\tlabels", lines[0]
    found = texts(sorted({line.split("\t")[0] for line in lines[1:] if line}))
    for line in lines[1:]:
        if not line:
            continue
        game, key, labelled = line.split("\t")
        assert key in found[game], f"no line of {game} hashes to {key}"
        labels = {}
        for item in labelled.split():
            if item == HELP_LABEL:
                labels |= dict.fromkeys(SITUATIONS, HELP_LABEL)
                continue
            situation, label = item.split(":")
            assert situation in SITUATIONS, item
            labels[situation] = {"c": COMMAND_LABEL, "a": AMBIGUOUS}[label]
        rows.append((found[game][key], labels))
    return rows


def source() -> Path | None:
    """The source repository's git directory (CHAT_CORPUS_SOURCE), or None when it is not set
    or not there."""
    candidate = os.environ.get("CHAT_CORPUS_SOURCE")
    return Path(candidate) if candidate and Path(candidate).is_dir() else None


def texts(games: list[str]) -> dict[str, dict[str, str]]:
    """Per game, every chat line of its replay by the digest `labels.tsv` keys it with: read in
    one `git cat-file --batch` from the source at SOURCE_COMMIT."""
    where = source()
    if where is None:
        raise FileNotFoundError(MISSING_SOURCE)
    paths = "".join(f"{SOURCE_COMMIT}:{REPLAYS}/{game}_xhr_data.json\n" for game in games)
    out = subprocess.run(
        ["git", "-C", str(where), "cat-file", "--batch"],
        input=paths.encode(),
        capture_output=True,
        check=True,
    ).stdout
    found, pos = {}, 0
    for game in games:
        end = out.index(b"\n", pos)
        size = int(out[pos:end].split()[2])
        replay = json.loads(out[end + 1 : end + 1 + size])[1]
        found[game] = {
            digest(chat["chat"]): chat["chat"]
            for chat in replay["chats"]
            if isinstance(chat.get("chat"), str)
        }
        pos = end + 1 + size + 1
    return found


def digest(text: str) -> str:
    """How `labels.tsv` names a line: the first 16 hex digits of its UTF-8 SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


if __name__ == "__main__":  # read the labelled lines: python tests/corpus/corpus_replay.py
    for text, labels in load():
        print(text, "\t", " ".join(f"{s}:{v}" for s, v in labels.items()))
