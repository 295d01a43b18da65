"""Issue 27: bots vote so that districts are represented. A bot whose vote elects somebody gives
it (a candidate it knows to be a foe only when nobody else is left to vote); otherwise it backs
whom it trusts, leaning toward those its district-mates already back."""

from __future__ import annotations

import pytest
from districts_helpers import settled

from sh_sms.gamekind.kit import Event
from sh_sms.games.districts.bots import bots_to_move, decide
from sh_sms.games.districts.engine import Action, apply, awaiting, player_view
from sh_sms.games.districts.engine.actions import VOTE_ACTION
from sh_sms.games.districts.engine.state import ELECTED
from sh_sms.games.districts.engine.tables import faction


def _with_card(where: list[int], seat: int, side: str):
    """A game settled into `where` whose `seat` holds a card of `side`."""
    seed = next(n for n in range(200) if faction(settled(where, n).cards[seat]) == side)
    return settled(where, seed)


def bot_votes(state, seat: int, history=()):
    """The bot in `seat` decides and its vote is played; returns the new state."""
    action = decide(player_view(state, seat), list(history))
    assert action is not None and action.kind == VOTE_ACTION
    return apply(state, seat, action)[0]


@pytest.mark.parametrize("side", ["liberal", "fascist", "oligarch"])
def test_a_bot_with_a_person_who_voted_for_themselves_elects_them(side: str) -> None:
    state = _with_card([1, 1, 2, 2, 3], 1, side)  # D1: a person (seat 0) and a bot (seat 1)
    state, _ = apply(state, 0, Action(VOTE_ACTION, 0))
    state = bot_votes(state, 1)
    assert state.reps[0] == 0 and state.closed[0] == ELECTED


@pytest.mark.parametrize("side", ["liberal", "fascist", "oligarch"])
def test_the_last_voter_of_a_split_district_breaks_the_tie(side: str) -> None:
    state = _with_card([2, 1, 1, 1, 3], 3, side)  # D1: two people (1, 2) and a bot (3)
    state, _ = apply(state, 1, Action(VOTE_ACTION, 1))
    state, _ = apply(state, 2, Action(VOTE_ACTION, 2))
    state = bot_votes(state, 3)
    assert state.reps[0] in (1, 2) and state.closed[0] == ELECTED


def test_a_bot_follows_the_first_vote_when_its_vote_makes_the_majority() -> None:
    state = _with_card([2, 1, 1, 1, 3], 3, "fascist")  # the bot would rather sit itself
    state, _ = apply(state, 1, Action(VOTE_ACTION, 2))
    state = bot_votes(state, 3)
    assert state.reps[0] == 2


def test_a_bot_withholds_the_district_from_a_known_foe_while_others_may_still_vote() -> None:
    state = _with_card([2, 1, 1, 1, 3], 3, "liberal")
    foe = next(p for p in (1, 2) if faction(state.cards[p]) != "liberal")
    state, _ = apply(state, foe, Action(VOTE_ACTION, foe))
    seen = [Event("investigation", 3, {"target": foe, "card": state.cards[foe]})]
    voted = bot_votes(state, 3, seen)
    assert voted.votes[3] != foe and voted.closed[0] is None
    still = [p for p in awaiting(voted) if voted.where[p] == 1]
    assert still == [3 - foe]  # the district's last voter (seat 1 or 2) may still elect


def test_a_known_foe_is_still_elected_when_the_bot_votes_last() -> None:
    state = _with_card([2, 1, 1, 1, 3], 3, "liberal")
    foe = next(p for p in (1, 2) if faction(state.cards[p]) != "liberal")
    other = 3 - foe
    state, _ = apply(state, foe, Action(VOTE_ACTION, foe))
    state, _ = apply(state, other, Action(VOTE_ACTION, other))
    seen = [Event("investigation", 3, {"target": foe, "card": state.cards[foe]})]
    state = bot_votes(state, 3, seen)
    assert state.closed[0] == ELECTED  # never unrepresented for want of the bot's vote


def test_a_lone_bot_elects_itself() -> None:
    state = settled([1, 1, 2, 2, 3])
    state = bot_votes(state, 4)
    assert state.reps[2] == 4


def _revote(state, seat: int):
    """The bot in `seat`, no longer awaited, changes its vote (it must have one)."""
    assert seat not in awaiting(state)
    assert seat in bots_to_move(state, {seat})
    return bot_votes(state, seat)


@pytest.mark.parametrize("side", ["liberal", "fascist", "oligarch"])
def test_a_bot_that_voted_first_changes_its_vote_for_a_person_who_voted_for_themselves(
    side: str,
) -> None:
    """Issue 34: alone with a person, the bot voted for itself; the person for themselves, 1 to
    1. The bot then votes for them: the district elects without waiting out the timer."""
    state = _with_card([1, 1, 2, 2, 3], 1, side)  # D1: a person (seat 0) and a bot (seat 1)
    state = bot_votes(state, 1)
    assert state.votes[1] == 1 and state.closed[0] is None
    state, _ = apply(state, 0, Action(VOTE_ACTION, 0))
    assert state.closed[0] is None  # 1 to 1: nobody else is left to vote in D1
    state = _revote(state, 1)
    assert state.reps[0] == 0 and state.closed[0] == ELECTED


def test_two_bots_of_a_four_way_split_gather_behind_one_and_elect() -> None:
    state = settled([1, 1, 1, 1, 2, 2, 3])  # D1: people 0, 1 and bots 2, 3; 3 votes elect
    for seat in range(4):
        state, _ = apply(state, seat, Action(VOTE_ACTION, seat))
    assert state.closed[0] is None and not [p for p in awaiting(state) if state.where[p] == 1]
    for _ in range(3):
        movers = bots_to_move(state, {2, 3})
        if not movers:
            break
        state = bot_votes(state, movers[0])
    assert state.closed[0] == ELECTED


def test_a_bot_keeps_its_vote_while_a_voter_of_its_district_is_still_to_vote() -> None:
    state = settled([2, 1, 1, 1, 3])  # D1: people 1, 2 and the bot 3
    state = bot_votes(state, 3)
    state, _ = apply(state, 1, Action(VOTE_ACTION, 1))
    assert bots_to_move(state, {3}) == []  # seat 2 may still elect; the bot waits
