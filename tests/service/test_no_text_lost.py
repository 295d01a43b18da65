"""Property: no text from a player is lost without a word (issue 9).

Seeded random games are played by text; after every move, random players send random casual
texts (vote words, emoji, commands in sentences, typos, talk, junk). Each one must be acted on
(the game moved), relayed to the table, or answered: the only silence allowed is a first vote,
and that one moved the game. `PROPERTY_GAMES` sets how many games (default 6).
"""

from __future__ import annotations

import os
import random

import pytest
from harness import NAMES, Step, Table, random_bot

CASUAL = [
    "yeah", "yep", "nope", "nah", "jaaa!!", "Ja \U0001f44d", "\U0001f44d", "\U0001f44e",
    "yes finally", "no way", "no", "yes", "y", "n", "sure", "ok", "lol", "nvm", "now what",
    "kill me now", "kill", "hand it to eve", "who is hitler?", "status please", "STATUS", "?",
    "ROLE", "HAND", "WHO", "LOG", "HELP", "HELP NOM", "VETO", "VETO YES", "veto please",
    "DISCARD F", "discard the L", "ENACT L", "enact f pls", "DISCRAD F", "VTOE", "NIEN",
    "nom {name} please", "NOM {name}", "nominate {name}!", "INV {name}", "investigate {name} now",
    "ELECT {name}", "elect {name} pls", "EXECUTE {name}", "shoot {name}", "EXCUTE {name}",
    "NOMINAET {name}", "\u201c{name}\u201d is lying", "I can\u2019t\u2026", "\U0001f602\U0001f602",
    "\U0001f9a9", "SAY hello", "SAY", "REMATCH", "ENDGAME", "JOIN", "NEW Zed", "LEAVE", "START",
    "x" * 301, "", "   ", "!!!", "SET NUDGE 5", "SETTINGS", "PAUSE", "stop it {name}",
]  # fmt: skip
GAMES = int(os.environ.get("PROPERTY_GAMES", "6"))


def check_one(table: Table, code: str, name: str, text: str) -> None:
    """Send `text` from `name`: something must come of it."""
    version = table.game(code).version
    out = table[name].send(text)
    moved = table.game(code).version != version
    assert moved or out, f"{text!r} from {name} in phase {table.state(code).phase} was lost"


@pytest.mark.parametrize("seed", range(GAMES))
def test_every_casual_text_in_every_phase_is_acted_on_relayed_or_answered(table: Table, seed: int):
    rng = random.Random(seed)
    players = rng.randint(5, 7)
    names = NAMES[:players]
    code = table.start(names, seed=seed)
    sent = [0]

    def chatter(step: Step) -> None:
        if step.after.phase == "over":
            return
        for _ in range(rng.randint(0, 3)):
            name = rng.choice(names)
            text = rng.choice(CASUAL).format(name=rng.choice(names))
            if text == "ENDGAME":  # the host would end it: ask, never confirm
                name = rng.choice(names[1:])
            check_one(table, code, name, text)
            sent[0] += 1

    table.play(code, random_bot(seed), on_step=chatter)
    assert sent[0] > 20
