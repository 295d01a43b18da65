"""A text never speaks of its reader in the third person (issue 25): whole seeded games played by
text, with STATUS, WHO, HAND, ROLE, LOG, HELP and talk from every player at every phase,
reminders, a deadline, the host's tools, house-rules powers, computer players and a rematch;
every text a player receives is read for that player's own name.

A reader's name may still appear where the text is not speaking of them, and only there:
`EXCEPTIONS` names each case and why. Public lists speak to the reader instead: WHO's seats and
the lobby's and the opening's rosters mark them ("Ana (you)"), a vote's tally says "you".
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from bot_driver import drive, start_with_bots
from harness import NAMES, Delivery, Step, Table, random_bot

from sh_sms.games.standard.engine import GameState, awaiting
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.reminders import job as reminders_job

WIN_WORDS = ("LIBERALS WIN", "FASCISTS WIN", "GAME ENDED")
LOBBY = ["Kim", "Lu", "Mo"]
TALKERS = "|".join([*NAMES, *LOBBY, r"[A-Z][a-z]+Bot"])  # whoever may talk: people and bots
# Where a text may name its reader, and why. Each is a function of (reader, line, cause).
EXCEPTIONS: dict[str, Callable[[str, str, str], bool]] = {
    # Table talk relayed from another player ("Bob: Ana is lying"): their words, not ours.
    "relayed talk": lambda me, line, cause: bool(re.match(rf"(?!{me}:)(?:{TALKERS}): ", line)),
    # SMS.md's contract: the last message gives every player's name with their role.
    "the end of the game": lambda me, line, cause: any(w in line for w in WIN_WORDS),
    # LOG is the table's public record, worded as the board and the replay word it.
    "LOG": lambda me, line, cause: cause == "LOG",
    # The reader addressed by name, or told the name their seat keeps: "you are the host, Ana",
    # "Reply JOIN to play again as Ana" (the name is theirs, not a third person's).
    "the reader's own name": lambda me, line, cause: any(
        f"{said} {me}." in line for said in ("you are the host,", "play again as")
    ),
}
PHASE_ASKS = ("STATUS", "WHO", "HAND", "ROLE", "HELP")


def name_in(me: str, line: str) -> bool:
    """Whether `line` names `me` as a word, a marked "me (you)" aside."""
    unmarked = line.replace(f"{me} (you", "")
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(me)}(?![A-Za-z0-9])", unmarked) is not None


class Reading:
    """A table whose every delivery is read at the end for names of their readers; what the
    players text through `send` is remembered as the cause of its reply."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.causes: dict[int, str] = {}  # id of a Delivery -> the command that caused it
        self.used: set[str] = set()

    def send(self, name: str, text: str) -> Delivery:
        out = self.table[name].send(text)
        self.causes[id(out)] = text.split()[0].upper() if text.split() else text
        return out

    def seen(self) -> list[tuple[str, str, str]]:
        """(reader, body, cause) of every text the table's phones were sent."""
        return [
            (reader, body, self.causes.get(id(out), "news") if reader == out.sender else "news")
            for out in self.table.deliveries
            for reader, body in out.items()
        ]

    def offences(self) -> list[tuple[str, str, str]]:
        """(reader, line, cause) for every line that names its reader outside EXCEPTIONS."""
        found = []
        for reader, body, cause in self.seen():
            for line in body.splitlines():
                if not name_in(reader, line):
                    continue
                excused = [k for k, allowed in EXCEPTIONS.items() if allowed(reader, line, cause)]
                if excused:
                    self.used.update(excused)
                else:
                    found.append((reader, line, cause))
        return found


def asks(reading: Reading, state: GameState, step_no: int) -> None:
    """Questions from players at this point of the game: the awaited, a bystander, the dead."""
    names = state.names
    waiting = [names[s] for s in awaiting(state)]
    bystanders = [n for s, n in enumerate(names) if s not in awaiting(state)]
    askers = waiting[:2] + bystanders[step_no % max(len(bystanders), 1) :][:1]
    for k, name in enumerate(askers):
        reading.send(name, PHASE_ASKS[(step_no + k) % len(PHASE_ASKS)])
        reading.send(name, "STATUS")
    if step_no % 7 == 0:
        reading.send(names[0], "LOG")
        talker = names[(step_no + 1) % len(names)]
        reading.send(talker, f"i think {names[step_no % len(names)]} is lying")


def remind(reading: Reading, state: GameState, step_no: int) -> None:
    """Every few moves the reminders come due (and, where a deadline is set, move for a player);
    the host's REMIND now and then."""
    if step_no % 5 == 2:
        reading.table.clock.advance(minutes=31)
        reading.table.run_job(reminders_job.run_due, "reminders")
    if step_no % 11 == 3:
        reading.table.clock.advance(minutes=11)
        reading.send(state.names[0], "REMIND")


def play(reading: Reading, code: str, seed: int) -> GameState:
    step_no = 0

    def on_step(step: Step) -> None:
        nonlocal step_no
        step_no += 1
        if step.after.phase != "over":
            asks(reading, step.after, step_no)
            remind(reading, step.after, step_no)

    return reading.table.play(code, random_bot(seed), on_step=on_step)


def lobby(reading: Reading, names: list[str], seed: int, before_start: list[str]) -> str:
    table = reading.table
    out = table.phone(names[0]).send(f"NEW {names[0]}")
    code = re.search(r"Game ([A-Z]{4}) is open", out.reply).group(1)
    for name in names[1:]:
        table.phone(name).send(f"JOIN {code} {name}")
    table.set_seed(code, seed)
    for text in ["SET QUIET OFF", *before_start]:
        reading.send(names[0], text)
    reading.send(names[1], "STATUS")
    reading.send(names[0], "STATUS")
    reading.send(names[0], "START")
    return code


def checked(reading: Reading) -> None:
    offences = reading.offences()
    assert not offences, "\n".join(f"{r} read ({c}): {line}" for r, line, c in offences[:20])


@pytest.mark.parametrize(
    "players, seed, before_start",
    [
        (5, 1, []),
        (5, 6, ["SET DEADLINE 1"]),
        (7, 2, ["SET DEADLINE 1"]),
        (7, 8, []),
        (10, 3, []),
        (10, 9, ["SET DEADLINE 1"]),
        (7, 4, ["RULES POWERS SHOW DROP ELECT KILL KILL", "RULES KNOWS ON"]),
        (6, 5, ["RULES POWERS INV PEEK SHOW KILL KILL", "RULES ZONE 4"]),
    ],
)
def test_no_text_names_its_reader_in_the_third_person(
    table: Table, players: int, seed: int, before_start: list[str]
):
    reading = Reading(table)
    names = NAMES[:players]
    code = lobby(reading, names, seed, before_start)
    play(reading, code, seed)
    for name in names:  # after the game: its questions, and a rematch
        reading.send(name, "STATUS")
        reading.send(name, "ROLE")
    reading.send(names[2], "REMATCH")
    reading.send(names[3], "REMATCH")
    for name in names[:2]:
        reading.send(name, "JOIN")
    reading.send(names[2], "STATUS")
    checked(reading)
    assert {"the end of the game", "LOG"} <= reading.used


def test_the_host_reads_their_own_doings_in_the_second_person(table: Table):
    reading = Reading(table)
    names = NAMES[:6]
    lobby(reading, names, 7, ["SET NUDGE 10", "SET NUDGE 10", "RULES ZONE 4", "BOT"])
    for text in ("SET DEADLINE 2", "PAUSE", "RESUME", "SETTINGS", "REMIND", "WHO", "STATUS"):
        reading.send(names[0], text)
    reading.send(names[0], "ENDGAME")
    reading.send(names[0], "ENDGAME YES")
    # A lobby whose host leaves: the next player reads that they host now.
    kim, lu, mo = LOBBY
    out = table.phone(kim).send(f"NEW {kim}")
    new = re.search(r"Game ([A-Z]{4}) is open", out.reply).group(1)
    table.phone(lu).send(f"JOIN {new} {lu}")
    table.phone(mo).send(f"JOIN {new} {mo}")
    reading.send(kim, "LEAVE")
    reading.send(lu, "STATUS")
    checked(reading)
    seen = reading.seen()
    assert any("You are now the host." in body for who, body, _ in seen if who == lu)
    assert any(body.startswith("You paused the game") for who, body, _ in seen if who == "Ana")


def test_games_with_computer_players(table: Table):
    """Computer players move from the worker: held news rides in the next texts, and their
    claims are relayed as their talk."""
    reading = Reading(table)
    people = ["Ana", "Bob", "Cy"]
    code = start_with_bots(table, people, 4, seed=11)
    bot = RandomBot(11)
    calls = 0

    def on_delivery(delivery: Delivery, before, after, sender) -> None:
        nonlocal calls
        calls += 1
        if after.phase != "over" and calls % 3 == 0:
            for name in people:
                reading.send(name, "STATUS")

    drive(table, code, bot.act, on_delivery)
    checked(reading)
    assert any(re.match(r"\w+Bot: ", body) for _, body, _ in reading.seen())  # their claims


def test_the_texts_this_test_reads_name_their_readers_where_they_used_to():
    """The check itself: the old wordings are caught, the exceptions are not."""
    assert name_in("Eve", "Waiting for votes on Dee+Eve from Eve.")
    assert name_in("Dee", "Your vote is needed on President Dee + Chancellor IdaBot")
    assert not name_in("Ana", "1 Ana (you, host); 2 Bob")
    assert EXCEPTIONS["relayed talk"]("Ana", "Bob: Ana is lying", "news")
    assert not EXCEPTIONS["relayed talk"]("Ana", "Ana: hello", "news")
