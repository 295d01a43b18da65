"""A lively game reaches no limit, and the defaults stand well above its peaks (issue 18).

Ten people play a whole game by text at a human pace: the host sets the table up, and after
every nomination, vote, policy and power the table argues: bursts of talk a few seconds apart,
two players much chattier than the rest, now and then a long rant (with a `€` or a `[`). The
peaks are measured as an operator would: relayed talk in outbound segments per player per
minute and per game per hour, and texts per number per minute, each over a sliding window.
"""

from __future__ import annotations

import os
import random
from collections import defaultdict
from datetime import datetime, timedelta

from abuse_helpers import settings
from harness import NAMES, Step, Table, random_bot

from sh_sms.games.standard.engine.state import CHANCELLOR_ENACT, PRESIDENT_DISCARD, VETO

WORDS = (  # noqa: SIM905 (one line of chat is easier to read than 27 quoted phrases)
    "no way thats a lie, I trust Bob more than you, why would he pass that, hmm interesting, "
    "ok ok, classic fascist move, he is lying, she is clearly liberal, vote nein on this one, "
    "we need a liberal government now, that is exactly what Hitler would say, I am confused, "
    "can we slow down, who did you investigate, I had three F, pls trust me, sus, lol, "
    "the deck is rigged, dont elect him, think about the tracker, I drew F F L honestly, "
    "count the policies, we are one fascist away from losing, 100€ says Cy is Hitler, "
    "[sigh] again?, this is why we cant have nice things"
).split(", ")
SEED = int(os.environ.get("LIVELY_SEED", "18"))  # another seed, another game: same bounds
SESSION = (PRESIDENT_DISCARD, CHANCELLOR_ENACT, VETO)
# After each kind of move: how many texts of talk the table sends, at most.
BURST = {"nominate": 4, "vote": 2, "discard": 0, "enact": 9, "veto": 5, "veto_answer": 5}
POWER_BURST = 6


def chatter(rng: random.Random) -> str:
    """One text of table talk: a few phrases, now and then a long rant."""
    phrases = rng.randint(3, 9) if rng.random() < 0.08 else rng.randint(1, 3)
    return " ".join(rng.choice(WORDS) for _ in range(phrases))[:290]


def talkers(step: Step) -> list[int]:
    """Who may talk after this step: the living, not the President and Chancellor in session."""
    s = step.after
    return [
        seat
        for seat in range(s.players)
        if s.alive[seat] and not (s.phase in SESSION and seat in (s.president, s.chancellor))
    ]


class Pace:
    """The table's tempo, and what it sent: each text's time and what it cost."""

    def __init__(self, table: Table, rng: random.Random) -> None:
        self.table, self.rng = table, rng
        self.texts: dict[str, list[datetime]] = defaultdict(list)  # sender -> times
        self.talk: list[tuple[datetime, str, int]] = []  # time, speaker, outbound segments

    def say(self, seat_phone, body: str) -> None:
        self.table.clock.advance(seconds=self.rng.uniform(2, 7))
        out = seat_phone.send(body)
        self.texts[seat_phone.label].append(self.table.clock())
        said = f"{seat_phone.label}: "
        relayed = sum(r.segments for r in out.rows if r.body.startswith(said))
        if relayed:
            self.talk.append((self.table.clock(), seat_phone.label, relayed))


def peak(times: list[tuple[datetime, int]], window: timedelta) -> int:
    """The most that falls within any window of that length (a sliding window)."""
    times = sorted(times)
    best, total, start = 0, 0, 0
    for end in range(len(times)):
        total += times[end][1]
        while times[end][0] - times[start][0] >= window:
            total -= times[start][1]
            start += 1
        best = max(best, total)
    return best


def test_a_lively_game_reaches_no_limit_and_the_defaults_stand_well_above_it(
    table: Table, record_property
):
    rng = random.Random(SEED)
    pace = Pace(table, rng)
    code = table.lobby(NAMES, seed=SEED)
    host = table[NAMES[0]]
    for body in ("SET NUDGE 10", "SET DEADLINE 6", "BOT", "KICK BOT", "SET QUIET OFF"):
        pace.say(host, body)
    pace.say(host, "START")
    chatty = {1: 3.0, 4: 2.5}  # Bob and Eve talk far more than the others

    def on_step(step: Step) -> None:
        table.clock.advance(seconds=rng.uniform(5, 20))  # reading, thinking, moving
        pace.texts[table.seat(code, step.seat).label].append(table.clock())
        kind = step.text.split()[0].lower()
        burst = POWER_BURST if step.before.power else BURST.get(kind, 2)
        if kind in ("ja", "nein") and step.after.round != step.before.round:
            burst = 7  # the vote's result: everyone has a view
        for _ in range(rng.randint(0, burst)):
            seats = talkers(step)
            if not seats:
                break
            weights = [chatty.get(s, 1.0) for s in seats]
            speaker = table.seat(code, rng.choices(seats, weights)[0])
            pace.say(speaker, chatter(rng))

    final = table.play(code, random_bot(SEED), on_step=on_step)
    assert final.winner is not None
    s = settings(table)
    notices = ("You have sent over", "Not relayed", "Table talk is paused", "the table has been")
    for phone in table.phones.values():
        assert not any(n in body for body in phone.inbox for n in notices), phone.label

    minute, hour = timedelta(minutes=1), timedelta(hours=1)
    per_player = max(
        peak([(t, cost) for t, who, cost in pace.talk if who == name], minute) for name in NAMES
    )
    per_game = peak([(t, cost) for t, _who, cost in pace.talk], hour)
    texts = max(peak([(t, 1) for t in times], minute) for times in pace.texts.values())
    played = table.clock() - pace.texts[NAMES[0]][0]
    figure = (
        f"abuse: a lively 10-player game ({len(pace.talk)} talk texts in "
        f"{played.total_seconds() / 60:.0f} min): peaks {per_player} talk segments per player "
        f"per minute (limit {s.talk_segments_per_minute}), {per_game} per game per hour "
        f"(limit {s.talk_segments_per_hour}), {texts} texts per number per minute "
        f"(limit {s.texts_per_minute})"
    )
    record_property("figures", figure)
    assert len(pace.talk) >= 150  # lively: the table talks through the whole game
    assert s.talk_segments_per_minute >= 2 * per_player
    assert s.talk_segments_per_hour >= 2 * per_game
    assert s.texts_per_minute >= 2 * texts
