"""A districts text never speaks of its reader in the third person, and fits two segments (issue
27), through POST /sms: whole games at 10 players with 8-letter names (people and bots), where
after every step some players ask STATUS, ROLE, HAND, HELP, LOG or a question, and talk. Every
body each phone is sent is read: GSM-7, at most two segments (LOG, six past texts at once, aside),
and the reader's own name only in
relayed talk, the game-over roll call and LOG (the table's public record, as in
test_second_person.py)."""

from __future__ import annotations

import re

import pytest
from districts_driver import districts_lobby, drive
from harness import Delivery, Table

from sh_sms.text.gsm import is_gsm7, segments

LONG = ["Anabelle", "Bartholo", "Cecilias", "Dorothea", "Emmanuel", "Florence", "Gwendola"]
ASKS = ["STATUS", "ROLE", "HAND", "HELP", "WHO", "how do i vote", "HELP RULES", "HELP POLICY"]
ROLL_CALL = ("GAME OVER", "GAME ENDED", "You won: ", "You lost: ")  # every card by name


def name_in(me: str, line: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(me)}(?![A-Za-z0-9])", line) is not None


@pytest.mark.parametrize("people, bots, seed", [(7, 3, 11), (5, 0, 12)])
def test_districts_texts_speak_to_their_reader_and_fit(table: Table, people, bots, seed):
    names = LONG[:people]
    code = districts_lobby(table, names, bots, seed=seed, timer=3)
    seen: list[tuple[str, str, str]] = []  # (reader, body, what the reader sent: LOG or news)
    steps = 0

    def keep(delivery: Delivery, cause: str) -> None:
        for reader, body in delivery.items():
            seen.append((reader, body, cause if reader == delivery.sender else "news"))

    keep(table[names[0]].send("START"), "START")

    def on_step(delivery: Delivery, before, after) -> None:
        nonlocal steps
        steps += 1
        keep(delivery, "move")
        if after.phase == "over":
            return
        asker = names[steps % len(names)]
        ask = ASKS[steps % len(ASKS)]
        keep(table[asker].send(ask), ask)
        if steps % 9 == 0:
            keep(table[asker].send("LOG"), "LOG")
            keep(table[asker].send(f"i trust {names[(steps + 1) % len(names)]}"), "talk")

    drive(table, code, seed=seed, on_step=on_step)
    for name in names:
        keep(table[name].send("STATUS"), "STATUS")  # the end again
    offences, long = [], []
    for reader, body, cause in seen:
        if reader not in names:
            continue
        assert is_gsm7(body), body
        if segments(body) > 2 and cause != "LOG":  # LOG: the last six texts, on purpose
            long.append((reader, len(body), body))
        for line in body.splitlines():
            talk = re.match(rf"(?!{reader}:)(?:{'|'.join(LONG)}|[A-Z][a-z]+Bot): ", line)
            if talk or line.startswith(ROLL_CALL) or cause == "LOG":
                continue
            if name_in(reader, line):
                offences.append((reader, cause, line))
    assert not long, "\n\n".join(f"{r} ({n}):\n{b}" for r, n, b in long[:3])
    assert not offences, "\n".join(f"{r} ({c}): {line}" for r, c, line in offences[:20])
    assert steps > 20
