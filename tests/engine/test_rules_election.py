"""R4-R9: the presidency, term limits, votes, Hitler elected, failed elections and chaos."""

from __future__ import annotations

import pytest
from scenarios import (
    act,
    elect,
    fail,
    govern,
    kinds,
    make_state,
    of_kind,
    public,
    refused,
    run,
    vote_all,
)

from sh_sms.games.standard.engine import awaiting, legal_actions, player_view, public_view

# Default 7-player roles: seats 0-3 liberal, 4-5 fascist, 6 Hitler.

# R4 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "president", "dead", "expected"),
    [
        (7, 2, [], 3),
        (7, 2, [3], 4),
        (7, 2, [3, 4], 5),
        (7, 6, [], 0),
        (7, 6, [0], 1),
        (5, 4, [0, 1], 2),
        (10, 8, [9, 0], 1),
    ],
)
def test_r4_presidency_passes_to_the_next_living_seat(players, president, dead, expected):
    state = make_state(players, president=president, dead=dead)
    after_fail, _ = fail(state)
    assert after_fail.president == expected and after_fail.phase == "nominate"
    chancellor = next(p for p in state.eligible_chancellors() if state.roles[p] != "hitler")
    after_session, _ = govern(state, chancellor, "F", "L")
    assert after_session.president == expected and after_session.phase == "nominate"


def test_r4_presidency_goes_round_the_table_in_seat_order():
    state = make_state(5, president=3, dead=[0])
    seen = []
    for turn in range(6):
        seen.append(state.president)
        if turn % 2:
            state, _ = fail(state)
        else:
            state, _ = govern(state, state.eligible_chancellors()[0], "F", "L")
    assert seen == [3, 4, 1, 2, 3, 4]


# R5 ---------------------------------------------------------------------------------------------


def test_r5_last_elected_president_and_chancellor_are_ineligible():
    state = make_state(7, president=0, last_president=1, last_chancellor=2)
    for target in (1, 2):
        error = refused(state, 0, "nominate", target, "term_limited")
        assert error.detail["eligible"] == [3, 4, 5, 6]
    assert legal_actions(state, 0) == [("nominate", p) for p in (3, 4, 5, 6)]
    assert public_view(state)["eligible"] == [3, 4, 5, 6]
    assert sorted(public_view(state)["term_limited"]) == [1, 2]
    state, _ = act(state, 0, "nominate", 3)
    assert state.phase == "vote" and state.chancellor == 3


def test_r5_an_elected_government_becomes_term_limited():
    state = make_state(7, president=0)
    state, _ = govern(state, 3, "F", "L")
    assert state.president == 1
    assert public_view(state)["eligible"] == [2, 4, 5, 6]
    refused(state, 1, "nominate", 0, "term_limited")
    refused(state, 1, "nominate", 3, "term_limited")


@pytest.mark.parametrize("roles", ["LLLFH", "LLLFHL", "LLLFHLF"])
def test_r5_at_five_alive_only_the_last_chancellor_is_ineligible(roles):
    players = len(roles)
    state = make_state(
        players,
        roles=roles,
        president=0,
        last_president=1,
        last_chancellor=2,
        dead=range(5, players),
    )
    assert state.living() == 5
    assert public_view(state)["eligible"] == [1, 3, 4]
    refused(state, 0, "nominate", 2, "term_limited")
    state, _ = act(state, 0, "nominate", 1)
    assert state.chancellor == 1


def test_r5_six_player_game_drops_the_president_limit_after_an_execution():
    # 6 players, 3 fascist policies down: the next Fascist policy gives an execution (R14).
    state = make_state(6, president=0, fascist=3, top=["F", "F", "F"])
    state, _ = govern(state, 2, "F", "F")
    assert state.phase == "power" and state.power == "execution"
    # Without the execution, both members of the last government would be ineligible ...
    assert sorted(state.term_limited()) == [0, 2]
    state, _ = act(state, 0, "execute", 4)
    assert state.living() == 5 and state.president == 1
    # ... but with 5 alive only the last Chancellor is.
    assert public_view(state)["term_limited"] == [2]
    assert public_view(state)["eligible"] == [0, 3, 5]
    refused(state, 1, "nominate", 2, "term_limited")
    state, _ = act(state, 1, "nominate", 0)
    assert state.phase == "vote"


def test_r5_a_failed_election_changes_no_eligibility():
    state = make_state(7, president=0, last_president=5, last_chancellor=2)
    state, _ = elect(state, 3, ja=False)
    assert (state.last_president, state.last_chancellor) == (5, 2)
    assert state.president == 1
    assert public_view(state)["eligible"] == [0, 3, 4, 6]  # the failed nominee 3 still eligible
    refused(state, 1, "nominate", 5, "term_limited")
    refused(state, 1, "nominate", 2, "term_limited")


def test_r5_the_candidate_may_not_nominate_themselves_or_the_dead():
    state = make_state(7, president=0, dead=[4])
    refused(state, 0, "nominate", 0, "self_target")
    refused(state, 0, "nominate", 4, "target_dead")
    assert 4 not in public_view(state)["eligible"]


# R6 ---------------------------------------------------------------------------------------------


def test_r6_every_living_player_votes_candidates_included():
    state = make_state(7, president=0)
    state, _ = act(state, 0, "nominate", 1)
    assert awaiting(state) == list(range(7))
    state, _ = run(state, [(p, "vote", True) for p in range(2, 7)])
    assert state.phase == "vote" and awaiting(state) == [0, 1]
    state, _ = act(state, 1, "vote", True)
    assert state.phase == "vote" and awaiting(state) == [0]
    state, events = act(state, 0, "vote", True)
    assert state.phase == "president_discard"
    assert of_kind(events, "election")[0].data["votes"] == [True] * 7


def test_r6_a_vote_may_change_until_the_last_vote():
    state = make_state(5, president=0)
    state, _ = act(state, 0, "nominate", 1)
    state, _ = run(state, [(0, "vote", True), (1, "vote", True), (2, "vote", True)])
    state, _ = act(state, 2, "vote", False)  # changes Ja to Nein
    state, _ = act(state, 2, "vote", True)
    state, _ = act(state, 2, "vote", False)
    assert player_view(state, 2)["vote"] is False
    state, _ = act(state, 3, "vote", False)
    state, events = act(state, 4, "vote", False)
    election = of_kind(events, "election")[0]
    assert election.data["votes"] == [True, True, False, False, False]
    assert election.data["passed"] is False and state.tracker == 1
    refused(state, 2, "vote", True, "wrong_phase")  # too late once the last vote is in


def test_r6_votes_stay_hidden_until_the_last_vote():
    state = make_state(7, president=0)
    state, _ = act(state, 0, "nominate", 1)
    before_view = public_view(state)
    for seat in range(6):
        ja_state, ja_events = act(state, seat, "vote", True)
        nein_state, nein_events = act(state, seat, "vote", False)
        for events, ja in ((ja_events, True), (nein_events, False)):
            recorded = [(e.kind, e.to, e.data) for e in events]
            assert recorded == [("vote_recorded", seat, {"vote": ja, "changed": False})]
        # Nobody but the voter can tell Ja from Nein.
        assert public_view(ja_state) == public_view(nein_state)
        for other in range(7):
            if other != seat:
                assert player_view(ja_state, other) == player_view(nein_state, other)
        state = ja_state if seat % 2 else nein_state
    view = public_view(state)
    assert view["voted"] == list(range(6)) and view["last_votes"] is None
    assert before_view["voted"] == []
    state, events = act(state, 6, "vote", True)
    election = public(of_kind(events, "election"))
    assert len(election) == 1
    assert election[0].data["votes"] == [False, True, False, True, False, True, True]
    assert public_view(state)["last_votes"] == [False, True, False, True, False, True, True]


@pytest.mark.parametrize(
    ("players", "dead", "ayes", "passed"),
    [
        (5, 0, 3, True),
        (5, 0, 2, False),
        (6, 0, 3, False),  # a tie fails
        (6, 0, 4, True),
        (7, 0, 4, True),
        (7, 0, 3, False),
        (8, 0, 4, False),
        (8, 0, 5, True),
        (10, 0, 5, False),
        (10, 0, 6, True),
        (7, 2, 3, True),  # 5 living: 3 of 5 passes although 3 of 7 seats would not
        (8, 2, 3, False),  # 6 living: a tie
        (8, 2, 4, True),
        (6, 1, 3, True),
        (9, 3, 3, False),
        (9, 3, 4, True),
    ],
)
def test_r6_strict_majority_of_the_living(players, dead, ayes, passed):
    state = make_state(players, president=0, dead=range(players - dead, players))
    votes = [seat < ayes for seat in range(players)]
    state, events = elect(state, 1, ja=votes)
    election = of_kind(events, "election")[0].data
    assert election["passed"] is passed
    assert election["votes"].count(True) == ayes
    assert state.phase == ("president_discard" if passed else "nominate")
    assert state.tracker == (0 if passed else 1)


def test_r6_the_dead_never_vote():
    state = make_state(7, president=0, dead=[3, 5])
    state, _ = act(state, 0, "nominate", 1)
    assert awaiting(state) == [0, 1, 2, 4, 6]
    refused(state, 3, "vote", True, "dead")
    assert legal_actions(state, 3) == []
    state, events = vote_all(state, True)
    votes = of_kind(events, "election")[0].data["votes"]
    assert votes == [True, True, True, None, True, None, True]
    assert state.phase == "president_discard"


# R7 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fascist", [0, 1, 2, 3, 4, 5])
def test_r7_hitler_elected_chancellor_wins_from_three_fascist_policies(fascist):
    state = make_state(7, president=0, fascist=fascist)
    draw = state.draw
    state, events = elect(state, 6)  # seat 6 is Hitler
    if fascist >= 3:
        assert state.phase == "over"
        assert (state.winner, state.reason) == ("fascist", "hitler_elected")
        assert state.draw == draw and state.hand == []  # ends at once: nothing drawn
        assert "drawn" not in kinds(events)
    else:
        assert state.phase == "president_discard" and state.winner is None


def test_r7_hitler_only_wins_as_an_elected_chancellor():
    state = make_state(7, president=6, fascist=3)  # Hitler as President
    state, _ = elect(state, 0)
    assert state.phase == "president_discard"
    state = make_state(7, president=0, fascist=3)
    state, _ = elect(state, 6, ja=False)  # Hitler nominated but not elected
    assert state.phase == "nominate" and state.winner is None


# R8 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tracker", [0, 1])
def test_r8_failed_vote_advances_tracker_and_passes_presidency(tracker):
    state = make_state(7, president=3, tracker=tracker)
    draw = state.draw
    state, events = fail(state)
    assert state.tracker == tracker + 1 and public_view(state)["tracker"] == tracker + 1
    assert state.president == 4 and state.phase == "nominate" and state.chancellor is None
    assert state.draw == draw and state.hand == []
    assert {"tracker": tracker + 1} in [e.data for e in public(of_kind(events, "tracker"))]
