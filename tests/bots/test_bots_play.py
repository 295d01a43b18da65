"""Bots play by the rules: only legal actions, only in their own turn, powers never at Hitler."""

from __future__ import annotations

import pytest
from botgames import PLAYER_COUNTS, PROPERTY_GAMES, mix_for, play

from sh_sms.games.standard.botplay import Seat, StrategySeat
from sh_sms.games.standard.bots import decide
from sh_sms.games.standard.engine import Action, GameState, awaiting, legal_actions, player_view
from sh_sms.games.standard.engine.boards import FASCIST, HITLER, LIBERAL
from sh_sms.games.standard.engine.state import VOTE


class IdleCheck:
    """A watcher: each action is legal, and a strategy bot the game is not waiting on (one per
    step, in turn, to keep the run short) has nothing to do."""

    def __init__(self) -> None:
        self.seats: dict[int, Seat] = {}
        self.steps = self.idle_checked = 0

    def __call__(self, state: GameState, seat: int, action: Action) -> None:
        assert action in legal_actions(state, seat)
        self.steps += 1
        bot = self.seats[self.steps % len(self.seats)]
        if isinstance(bot, StrategySeat) and bot.seat not in awaiting(state):
            assert decide(player_view(state, bot.seat), bot.history) is None
            self.idle_checked += 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bots_only_take_legal_actions_and_only_in_their_turn(players: int) -> None:
    """Over many seeded games: every decision is legal, and a seat the game is not waiting on
    (not in office, or a voter who has voted) is given nothing to do."""
    check = IdleCheck()
    for seed in range(PROPERTY_GAMES):
        check.seats = {}
        played = play(players, seed, mix_for(seed), check, check.seats)
        assert played.state.winner in (LIBERAL, FASCIST)
    assert check.idle_checked > PROPERTY_GAMES  # the idle check really ran


def test_a_voter_who_has_voted_is_not_asked_again() -> None:
    """During a vote, a bot that already voted has nothing to do until the result."""
    seen_vote_with_voters = False

    def watch(state: GameState, seat: int, action: Action) -> None:
        nonlocal seen_vote_with_voters
        if state.phase == VOTE:
            for voter, vote in enumerate(state.votes):
                if vote is not None:
                    seen_vote_with_voters = True
                    assert decide(player_view(state, voter), []) is None

    for seed in range(20):
        play(7, seed, watch=watch)
    assert seen_vote_with_voters


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_fascist_team_never_aims_a_power_at_a_teammate_it_knows(players: int) -> None:
    """A fascist never investigates or executes Hitler (or a fellow fascist); Hitler who knows
    his fascist (5-6 players, R2) never aims at him."""
    aimed = 0
    for seed in range(0, PROPERTY_GAMES, 2):
        played = play(players, seed, "fascists" if seed % 4 else "all")
        roles = played.state.roles
        for event in played.log:
            if event.kind not in ("investigated", "executed"):
                continue
            shooter, target = event.data["president"], event.data["target"]
            if roles[shooter] == FASCIST:
                aimed += 1
                assert roles[target] == LIBERAL, (seed, event)
            if roles[shooter] == HITLER and players <= 6:
                assert roles[target] == LIBERAL, (seed, event)
    assert aimed > 0


@pytest.mark.parametrize("players", [5, 7, 10])
def test_liberals_play_liberal_policies_whenever_they_hold_one(players: int) -> None:
    """A liberal President discards a fascist policy if dealt one; a liberal Chancellor enacts a
    liberal policy if handed one."""
    checked = 0
    for seed in range(100):
        played = play(players, seed, "liberals" if seed % 2 else "all")
        roles = played.state.roles
        hand: list[str] = []
        chancellor = None
        for event in played.log:
            if event.kind == "session":
                chancellor = event.data["chancellor"]
            elif event.kind in ("drawn", "handed"):
                hand = event.data["cards"]
            elif event.kind == "discarded" and roles[event.to] == LIBERAL:
                checked += 1
                assert event.data["card"] == ("F" if "F" in hand else "L")
            elif (
                event.kind == "enacted" and not event.data["chaos"] and roles[chancellor] == LIBERAL
            ):
                checked += 1
                assert event.data["policy"] == ("L" if "L" in hand else "F")
    assert checked > 100
