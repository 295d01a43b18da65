"""Random games replayed against an independent model of the public rules (R4-R18).

The model below sees only the public events of each recorded game and predicts, from RULES.md
alone, who presides next, who is eligible, whether a vote passes, what the tracker shows and which
power a policy grants; every test checks one rule's predictions against what the engine did.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from scenarios import POWER_TABLE, public

from sh_sms.games.standard.engine import public_view


class Model:
    """What a careful player at the table would track, rule by rule."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.alive = [True] * players
        self.rotation: int | None = None
        self.special: int | None = None
        self.resumed: tuple[int | None, int | None] = (None, None)  # (caller, special) to announce
        self.last: tuple[int | None, int | None] = (None, None)
        self.tracker = 0
        self.board = {"L": 0, "F": 0}
        self.investigated: list[int] = []
        self.seen = defaultdict(list)  # rule -> [(expected, actual)]

    def next_alive(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            if self.alive[(seat + step) % self.players]:
                return (seat + step) % self.players
        raise AssertionError

    def eligible(self, president: int) -> list[int]:
        limited = {self.last[1]}
        if sum(self.alive) > 5:
            limited.add(self.last[0])
        return [
            p for p in range(self.players) if self.alive[p] and p != president and p not in limited
        ]

    def feed(self, events) -> None:
        expected_powers, actual_powers = [], []
        for event in public(events):
            handler = getattr(self, "on_" + event.kind, None)
            if handler:
                handler(**event.data)
            if event.kind == "enacted" and not event.data["chaos"] and event.data["policy"] == "F":
                power = (POWER_TABLE[self.players] + (None,))[event.data["fascist"] - 1]
                if power and event.data["fascist"] < 6:
                    expected_powers.append(power)
            if event.kind in ("power", "power_skipped"):
                actual_powers.append(event.data["power"])
            if event.kind == "peeked":
                actual_powers.append("peek")
        if expected_powers or actual_powers:
            self.seen["R14"].append((expected_powers, actual_powers))

    def on_round(self, round, president, resumes_after=None, special=None) -> None:
        if self.rotation is None:
            self.rotation = president
            return
        if self.special is not None:
            self.seen["R16"].append((self.special, president))
            self.resumed = (self.rotation, self.special)  # the next round resumes after the caller
            self.special = None
            return
        self.seen["R16"].append((self.resumed, (resumes_after, special)))
        self.resumed = (None, None)
        self.rotation = self.next_alive(self.rotation)
        self.seen["R4"].append((self.rotation, president))
        self.seen["R18"].append((True, self.alive[president]))

    def on_special_election(self, president, target) -> None:
        self.special = target

    def on_executed(self, president, target) -> None:
        self.alive[target] = False

    def on_nominated(self, president, chancellor) -> None:
        self.seen["R5"].append((True, chancellor in self.eligible(president)))

    def on_election(self, president, chancellor, votes, passed) -> None:
        ayes = sum(v is True for v in votes)
        self.seen["R6"].append((ayes * 2 > sum(self.alive), passed))
        voters = [v is not None for v in votes]
        self.seen["R18"].append((list(self.alive), voters))
        if passed:
            self.last = (president, chancellor)

    def on_tracker(self, tracker) -> None:
        self.seen["R8"].append((self.tracker + 1, tracker))
        self.tracker = tracker

    def on_enacted(self, policy, chaos, liberal, fascist) -> None:
        self.board[policy] += 1
        self.tracker = 0
        self.seen["R11"].append(((self.board["L"], self.board["F"]), (liberal, fascist)))
        if chaos:
            self.last = (None, None)
            self.seen["R9"].append((self.tracker, 0))

    def on_investigated(self, president, target) -> None:
        self.seen["R15"].append((False, target in self.investigated or target == president))
        self.investigated.append(target)


@pytest.fixture(scope="module")
def models(recorded_games):
    out = []
    for game in recorded_games:
        model = Model(game.players)
        model.feed(game.setup_events)
        for step in game.steps:
            model.feed(step.events)
            after = step.after
            if after.phase == "nominate":
                model.seen["R5"].append(
                    (model.eligible(after.president), public_view(after)["eligible"])
                )
            if after.phase != "over":
                model.seen["R11"].append((model.tracker, after.tracker))
        out.append(model)
    return out


def observed(models, rule: str):
    pairs = [pair for model in models for pair in model.seen[rule]]
    assert pairs, f"the recorded games never exercised {rule}"
    return pairs


def test_r4_presidency_order_in_random_games(models):
    for expected, actual in observed(models, "R4"):
        assert actual == expected


def test_r5_eligibility_in_random_games(models):
    for expected, actual in observed(models, "R5"):
        assert actual == expected


def test_r6_votes_decide_by_strict_majority_in_random_games(models):
    for expected, actual in observed(models, "R6"):
        assert actual == expected
    assert {passed for _, passed in observed(models, "R6")} == {True, False}


def test_r8_tracker_steps_by_one_in_random_games(models):
    for expected, actual in observed(models, "R8"):
        assert actual == expected


def test_r9_chaos_happens_in_random_games(models):
    assert len(observed(models, "R9")) >= 3


def test_r11_tracker_and_board_in_random_games(models):
    for expected, actual in observed(models, "R11"):
        assert actual == expected


def test_r14_powers_granted_in_random_games(models):
    pairs = observed(models, "R14")
    for expected, actual in pairs:
        assert actual == expected
    granted = {power for expected, _ in pairs for power in expected}
    assert granted == {"peek", "investigate", "special_election", "execution"}


def test_r15_nobody_investigated_twice_in_random_games(models):
    for expected, actual in observed(models, "R15"):
        assert actual == expected


def test_r16_special_president_then_rotation_resumes_in_random_games(models):
    for expected, actual in observed(models, "R16"):
        assert actual == expected


def test_r18_the_dead_neither_preside_nor_vote_in_random_games(models):
    for expected, actual in observed(models, "R18"):
        assert actual == expected
