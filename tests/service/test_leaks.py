"""Bot games played through the webhook at every table size: no SMS may tell its recipient
anything that player may not know.

For every outbound SMS, before the end of the game:
- no other player's role or party word stands next to their name, except the R2 teammates in
  the `You are ...` line (the first message, and ROLE) and the recipient's own investigations;
- hand, draw and peek letters (`You drew`, `You hold`, `Policy peek`, the DISCARD/ENACT prompts,
  `You discarded`) go only to the seat holding them, and match the cards;
- nobody hears of another player's vote before the election result (while a vote is open a
  vote reaches only its voter);
and every body is GSM-7 (the harness checks that, and that no phone number appears).
Players also ask STATUS/HAND/ROLE/WHO/LOG/HELP now and then, and those answers are checked too.
"""

from __future__ import annotations

import random
import re
import statistics
from collections import defaultdict
from collections.abc import Callable

import pytest
from bot_driver import drive, start_with_bots
from harness import (
    FIGURES,
    NAMES,
    Delivery,
    Step,
    Table,
    Timings,
    final_roles_ok,
    names_in,
    random_bot,
    role_line,
    teammates,
)

from sh_sms.games.standard.engine import GameState
from sh_sms.games.standard.engine.views import holder
from sh_sms.store import ACTIVE
from sh_sms.text.gsm import segments

# Three games per table size on SQLite, one more (another seed) on PostgreSQL: the messages do
# not depend on the backend, and the file stays near a minute.
SEEDS = {"sqlite": (1, 2, 3), "postgresql": (4,)}
INFO = ("STATUS", "HAND", "ROLE", "WHO", "LOG", "HELP", "?")
ROLE_WORD = r"(?:liberals?|fascists?|hitler)"
LETTERS = re.compile(r"(?<![\w/])[LF](?: [LF])+(?![\w/])")
WIN = re.compile(r"^(LIBERALS WIN|FASCISTS WIN)")
TIMINGS: dict[str, Timings] = defaultdict(Timings)  # per backend


def role_next_to(name: str, line: str) -> bool:
    """Whether `line` puts a role or party word right next to `name` ("Bob is FASCIST",
    "Hitler is Bob", "Fellow fascists: Cy, Bob", "Bob LIBERAL")."""
    n = re.escape(name)
    return bool(
        re.search(rf"(?i)(?<![\w])\b{n}\b\s*(?:is\s+|:\s*|\s)(?:an?\s+)?{ROLE_WORD}\b", line)
        or re.search(rf"(?i)\b{ROLE_WORD}(?:\s+is|:)?\s+(?:[A-Za-z0-9]+,\s+)*{n}\b", line)
    )


class Checker:
    """Checks every SMS of one game against what its recipient may know."""

    def __init__(self, table: Table, code: str, start: GameState) -> None:
        self.table = table
        self.code = code
        self.names = start.names
        self.seat_of = {name: seat for seat, name in enumerate(self.names)}
        self.start = start

    def delivery(self, d: Delivery, before: GameState | None, after: GameState, sender) -> None:
        voted = before is not None and before.phase == "vote" and sender is not None
        if voted and after.phase == "vote":
            assert set(d) <= {self.names[sender]}, f"an open vote reached others: {d}"
        for label, body in d.items():
            assert label in self.seat_of, (label, body)
            self.body(self.seat_of[label], body, before, after, sender)

    def body(self, seat: int, body: str, before, after: GameState, sender) -> None:
        me = self.names[seat]
        where = f"to {me}: {body!r}"
        for line in body.splitlines():
            if WIN.match(line):
                assert after.phase == "over", where
                assert final_roles_ok(line, after), where
                continue
            if re.match(r"You are (LIBERAL|FASCIST|HITLER)\b", line):
                assert names_in(line, self.names) == teammates(after, seat), where
                assert line.startswith(f"You are {after.roles[seat].upper()}"), where
                continue
            found = re.match(r"Investigation: (\w+) is (\w+)\.$", line)
            if found:
                target = self.seat_of[found.group(1)]
                assert [seat, target] in (after.investigations or []), where
                assert found.group(2) == after.party(target).upper(), where
                continue
            for other in self.names:
                if other != me:
                    assert not role_next_to(other, line), f"{other}'s role leaks {where}"
            self.cards(seat, line, before, after, sender, where)
            if "Ja:" in line or "Nein:" in line:
                assert "ELECTED" in line or "REJECTED" in line, where
            if line.startswith("Vote changed"):
                assert seat == sender and before.phase == "vote", where

    def cards(self, seat: int, line: str, before, after: GameState, sender, where: str) -> None:
        letters = LETTERS.findall(line)
        drew = re.fullmatch(r"You drew ([LF] [LF] [LF])\.", line)
        hold = re.fullmatch(r"You hold ([LF](?: [LF]){0,2})\.", line)
        peek = re.fullmatch(r"Policy peek, top 3 in order: ([LF] [LF] [LF])\.", line)
        if drew:
            assert seat == after.president and after.phase == "president_discard", where
            assert drew.group(1).split() == after.hand, where
        elif hold:
            assert seat == holder(after), where
            assert hold.group(1).split() == after.hand, where
        elif peek:
            assert after.peek and after.peek[0] == seat, where
            assert peek.group(1).split() == after.peek[1], where
        else:
            assert not letters, f"policy letters {where}"
        if line.startswith("You discarded"):
            assert seat == sender == before.president and before.phase == "president_discard"
        if "DISCARD" in line and line.startswith("Reply"):
            assert seat == after.president and after.phase == "president_discard", where
        if "ENACT" in line and line.startswith("Reply"):
            assert seat == after.chancellor and after.phase == "chancellor_enact", where


def play_checked(table: Table, players: int, seed: int) -> tuple[int, int]:
    """One bot game through the webhook, every SMS checked; return (messages, segments)."""
    names = NAMES[:players]
    code = table.start(names, seed=seed)
    start_state = table.state(code)
    checker = Checker(table, code, start_state)
    opening = table.deliveries[-1]
    checker.delivery(opening, None, start_state, None)
    for seat, name in enumerate(names):
        assert names_in(role_line(opening[name]), names) == teammates(start_state, seat)
    messages, parts = len(opening), sum(segments(b) for b in opening.values())
    rng = random.Random(seed * 100 + players)

    def on_step(step: Step) -> None:
        nonlocal messages, parts
        checker.delivery(step.delivery, step.before, step.after, step.seat)
        messages += len(step.delivery)
        parts += sum(segments(b) for b in step.delivery.values())
        if step.after.phase != "over" and rng.random() < 0.2:
            asker = rng.randrange(players)
            version = table.game(code).version
            out = table.seat(code, asker).send(rng.choice(INFO))
            assert set(out) == {names[asker]}, out
            assert table.game(code).version == version
            checker.delivery(out, step.after, step.after, asker)

    final = table.play(code, random_bot(seed), on_step=on_step)
    assert table.game(code).status != ACTIVE
    win = "LIBERALS WIN" if final.winner == "liberal" else "FASCISTS WIN"
    for name in names:
        last = table[name].last
        assert win in last and final_roles_ok(last, final), (name, last)
    return messages, parts


@pytest.mark.parametrize("players", range(5, 11))
def test_bot_games_leak_nothing(new_table: Callable[..., Table], players: int, database_url):
    backend = database_url.split(":")[0].split("+")[0]
    timings = TIMINGS[backend]
    games = [play_checked(new_table(timings=timings), players, seed) for seed in SEEDS[backend]]
    line = (
        f"leaks, {players:2} players, {backend}: {len(games)} games, median "
        f"{statistics.median(m for m, _ in games):.0f} messages and "
        f"{statistics.median(s for _, s in games):.0f} segments per game"
    )
    print(line)
    FIGURES[f"leaks-{backend}-{players:02}"] = line
    FIGURES[f"leaks-time-{backend}"] = f"leaks on {backend}: {timings.summary()}"
    print(FIGURES[f"leaks-time-{backend}"])


@pytest.mark.parametrize(
    "seat, line",
    [
        (0, "Investigation: Cy is FASCIST."),  # Ana investigated nobody
        (0, "Bob is FASCIST, I promise."),
        (0, "Hitler is Dee."),  # Ana is a liberal
        (2, "You are FASCIST. Fellow fascists: Bob. Hitler is Dee. Keep it secret."),  # wrong team
        (1, "You drew F L F."),  # Bob is not the President
        (0, "You drew L L L."),  # not the cards drawn
        (1, "You hold F L F."),
        (1, "Policy peek, top 3 in order: F F L."),
        (1, "Reply DISCARD F or DISCARD L; the other two go to Bob."),
        (3, "Cy said F F L"),
        (2, "Vote changed to JA."),
        (4, "Ana+Bob: Ja: Ana, Bob."),
        (4, "LIBERALS WIN on policies. Ana LIBERAL, Bob LIBERAL."),  # the game is not over
    ],
)
def test_the_checker_catches_leaks(seat: int, line: str):
    state = GameState(
        seed=1,
        names=NAMES[:5],
        roles=["liberal", "liberal", "fascist", "hitler", "liberal"],
        alive=[True] * 5,
        draw=["L"] * 6 + ["F"] * 8,
        discards=[],
        hand=["F", "L", "F"],
        fascist=0,
        phase="president_discard",
        president=0,
        chancellor=1,
    )
    checker = Checker(None, "TEST", state)  # type: ignore[arg-type]
    checker.body(0, "You drew F L F.", state, state, None)  # the President may see her cards
    with pytest.raises(AssertionError):
        checker.body(seat, line, state, state, None)


# -- with computer players at the table --------------------------------------------------------

CLAIM_FORMS = (
    re.compile(r"(\w+): I drew [LF] [LF] [LF], passed [LF] [LF]\."),
    re.compile(r"(\w+): I got [LF] [LF], (?:enacted [LF]|vetoed them)\."),
    re.compile(r"(\w+): I investigated (\w+): (LIBERAL|FASCIST)\."),
)
CLAIM_SPEAKER = re.compile(r"(\w+): I (drew|got|investigated)\b")
# People at the table and bots beside them, per table size.
BOT_TABLES = {5: (1, 4), 7: (3, 4), 10: (2, 8)}
BOT_SEEDS = {"sqlite": (1, 2), "postgresql": (3,)}


class BotChecker(Checker):
    """The checks above, and the bots' table talk: a claim line comes only from a bot, has one of
    the claim forms, speaks of an investigation only by its investigator, and never has a bot on
    the fascist side call a teammate fascist. While a vote stays open, the bots' votes reach
    nobody: a bot job's texts then hold claims only."""

    def __init__(self, table: Table, code: str, start: GameState, bots: set[int]) -> None:
        super().__init__(table, code, start)
        self.bots = bots
        self.claims = 0

    def delivery(self, d: Delivery, before, after: GameState, sender) -> None:
        still_voting = before is not None and before.phase == after.phase == "vote"
        if sender is None and still_voting and before.round == after.round:
            for body in d.values():
                lines = body.splitlines()
                assert all(CLAIM_SPEAKER.match(line) for line in lines), f"a bot vote leaked: {d}"
        super().delivery(d, before, after, sender)

    def body(self, seat: int, body: str, before, after: GameState, sender) -> None:
        rest = [line for line in body.splitlines() if not self.claim(line, after)]
        super().body(seat, "\n".join(rest), before, after, sender)

    def claim(self, line: str, after: GameState) -> bool:
        """Check `line` if it is a bot's claim; whether it was one."""
        speaker = CLAIM_SPEAKER.match(line)
        if speaker is None or speaker.group(1) not in self.seat_of:
            return False
        seat = self.seat_of[speaker.group(1)]
        assert seat in self.bots, f"a claim from a person's seat: {line!r}"
        form = next((m for f in CLAIM_FORMS if (m := f.fullmatch(line))), None)
        assert form is not None, f"not a claim form: {line!r}"
        if speaker.group(2) == "investigated":
            target = self.seat_of[form.group(2)]
            assert [seat, target] in (after.investigations or []), line
            team = {p for p, role in enumerate(after.roles) if role != "liberal"}
            if after.roles[seat] != "liberal" and form.group(3) == "FASCIST":
                assert target not in team, f"a bot called its teammate fascist: {line!r}"
        self.claims += 1
        return True


def play_checked_with_bots(table: Table, people: int, bots: int, seed: int) -> int:
    """One game of people and bots through the webhook, every SMS checked; return the number of
    claim lines the people read."""
    names = NAMES[:people]
    code = start_with_bots(table, names, bots, seed)
    start_state = table.state(code)
    bot_seats = {p.seat for p in table.players(code) if p.is_bot}
    checker = BotChecker(table, code, start_state, bot_seats)
    opening = table.deliveries[-1]
    checker.delivery(opening, None, start_state, None)
    for name in names:
        seat = start_state.names.index(name)
        assert names_in(role_line(opening[name]), start_state.names) == teammates(start_state, seat)
    rng = random.Random(seed * 100 + people + bots)
    chooser = random_bot(seed).__self__

    def on_delivery(d: Delivery, before: GameState, after: GameState, sender) -> None:
        checker.delivery(d, before, after, sender)
        if after.phase != "over" and rng.random() < 0.2:
            asker = table[rng.choice(names)]
            out = asker.send(rng.choice(INFO))
            assert set(out) == {asker.label}, out
            checker.delivery(out, after, after, start_state.names.index(asker.label))

    final = drive(table, code, lambda state, seat: chooser.act(state, seat), on_delivery)
    win = "LIBERALS WIN" if final.winner == "liberal" else "FASCISTS WIN"
    for name in names:
        assert win in table[name].last and final_roles_ok(table[name].last, final)
    return checker.claims


@pytest.mark.parametrize("players", sorted(BOT_TABLES))
def test_bot_tables_leak_nothing(new_table: Callable[..., Table], players: int, database_url):
    backend = database_url.split(":")[0].split("+")[0]
    people, bots = BOT_TABLES[players]
    claims = [
        play_checked_with_bots(new_table(), people, bots, seed) for seed in BOT_SEEDS[backend]
    ]
    assert sum(claims) > 0


@pytest.mark.parametrize(
    "line",
    [
        "Ana: I drew F F L, passed F L.",  # a person's seat: bots alone make claims
        "CalBot: I drew F F L and passed F L.",  # not a claim form
        "CalBot: I investigated Dee: FASCIST.",  # CalBot investigated nobody
        "BenBot: I investigated Dee: FASCIST.",  # a fascist bot names Hitler
    ],
)
def test_the_bot_checker_catches_bad_claims(line: str):
    state = GameState(
        seed=1,
        names=["Ana", "BenBot", "CalBot", "Dee", "EliBot"],
        roles=["liberal", "fascist", "liberal", "hitler", "liberal"],
        alive=[True] * 5,
        draw=["L"] * 6 + ["F"] * 11,
        discards=[],
        hand=[],
        investigations=[[1, 3]],
    )
    checker = BotChecker(None, "TEST", state, {1, 2, 4})  # type: ignore[arg-type]
    checker.body(0, "BenBot: I investigated Dee: LIBERAL.", state, state, None)
    with pytest.raises(AssertionError):
        checker.body(0, line, state, state, None)
