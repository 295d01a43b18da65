"""Real chat lines put in the mouth of one player of a 7-player game, in each situation, and read
by the service's own reading (`interpret.read` on a Turn as the webhook builds it).

- `SITUATIONS`: who sends and what the game waits for (the labels of `chat.tsv` name them).
- `outcome(situation, text)`: what would happen to the text: ACTED (the game moved, or a vote was
  counted), ASKED (one short question with the exact command), DID_YOU_MEAN, COMMAND (answered as
  a command: a refusal, a usage line, an info reply), or TALK (relayed, or refused as talk).
- `load()`: the labelled corpus: (text, {situation: "command" | "ambiguous"}); talk by default.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from sh_sms.conversation.handlers.play import _action
from sh_sms.conversation.interpret import read
from sh_sms.conversation.reading import INFO_VERBS, MOVE_PHASES, Unclear, usable
from sh_sms.conversation.turn import Turn
from sh_sms.engine import IllegalAction, apply, new_game
from sh_sms.engine.state import (
    CHANCELLOR_ENACT,
    NOMINATE,
    POWER,
    PRESIDENT_DISCARD,
    VOTE,
)
from sh_sms.store import ACTIVE, Game, Player
from sh_sms.text.commands import NEAR_MISS, Command, ParseError

HERE = Path(__file__).parent
CORPUS = HERE / "chat.tsv"
NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "FinBot", "GiaBot"]  # a 7-player game, two bots

ACTED, ASKED, DID_YOU_MEAN, COMMAND, TALK = "acted", "asked", "did you mean", "command", "talk"
TALK_LABEL, COMMAND_LABEL, AMBIGUOUS = "talk", "command", "ambiguous"  # the hand labels
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
        session=None,
        settings=None,
        number=players[seat].number,
        now=now,
        game=game,
        player=players[seat],
        players=players,
        state=state,
    )


def outcome(turn: Turn, text: str) -> tuple[str, object]:
    """What would happen to `text` from the sender of `turn`, and the reading itself."""
    reading = read(turn, text)
    return classify(turn, reading), reading


def classify(turn: Turn, reading) -> str:
    """The outcome a player would notice for one reading (see the module docstring)."""
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
    if reading.verb in MOVE_PHASES and usable(turn, reading.verb):
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


def load(path: Path = CORPUS) -> list[tuple[str, dict[str, str]]]:
    """The corpus: each line's text and its labels other than talk, by situation.

    `chat.tsv`: a header, then one line per chat line: the game it came from, the text exactly
    as typed (spaces kept), and the labels (`voter:c execute:a`: c command, a ambiguous).
    """
    rows = []
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[0] == "game\ttext\tlabels", lines[0]
    for line in lines[1:]:
        if not line:
            continue
        _game, text, labelled = line.split("\t")
        labels = {}
        for item in labelled.split():
            situation, label = item.split(":")
            assert situation in SITUATIONS, item
            labels[situation] = {"c": COMMAND_LABEL, "a": AMBIGUOUS}[label]
        rows.append((text, labels))
    return rows
