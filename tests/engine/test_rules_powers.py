"""R14-R18: powers by board and slot; investigation, special election, peek and execution."""

from __future__ import annotations

import pytest
from scenarios import (
    POWER_TABLE,
    act,
    elect,
    fail,
    govern,
    kinds,
    make_state,
    of_kind,
    public,
    refused,
)

from sh_sms.games.standard.engine import awaiting, legal_actions, player_view, public_view

ACTION_OF_POWER = {
    "investigate": "investigate",
    "special_election": "special_election",
    "execution": "execute",
}

# R14 --------------------------------------------------------------------------------------------


def grant(players: int, slot: int, **fields):
    """President 0 and Chancellor 1 (liberals) enact the `slot`-th Fascist policy."""
    state = make_state(players, president=0, fascist=slot - 1, top=["F", "F", "F"], **fields)
    return govern(state, 1, "F", "F")


@pytest.mark.parametrize("slot", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("players", [5, 6, 7, 8, 9, 10])
def test_r14_power_table(players, slot):
    expected = POWER_TABLE[players][slot - 1]
    state, events = grant(players, slot)
    assert state.fascist == slot and state.winner is None
    if expected is None:
        assert state.phase == "nominate" and state.president == 1
        assert not {"power", "peek_cards", "power_skipped"} & set(kinds(events))
    elif expected == "peek":
        assert state.phase == "nominate" and state.president == 1
        assert [e.to for e in of_kind(events, "peek_cards")] == [0]
    else:
        assert (state.phase, state.power) == ("power", expected)
        assert public_view(state)["power"] == expected
        assert [e.data for e in public(of_kind(events, "power"))] == [
            {"power": expected, "president": 0}
        ]
        assert awaiting(state) == [0]
        action = ACTION_OF_POWER[expected]
        assert legal_actions(state, 0) == [(action, p) for p in range(1, players)]
        assert all(legal_actions(state, p) == [] for p in range(1, players))
        refused(state, 0, "nominate", 1, "wrong_phase")  # the power comes before the next round


@pytest.mark.parametrize("players", [5, 6, 7, 8, 9, 10])
def test_r14_sixth_fascist_policy_wins_instead_of_a_power(players):
    state, events = grant(players, 6)
    assert (state.phase, state.winner, state.reason) == ("over", "fascist", "policies")
    assert "power" not in kinds(events)


@pytest.mark.parametrize("players", [7, 9])
def test_r14_a_liberal_policy_grants_no_power(players):
    state = make_state(players, president=0, fascist=1, top=["L", "F", "F"])
    state, events = govern(state, 1, "F", "L")
    assert state.phase == "nominate" and "power" not in kinds(events)


@pytest.mark.parametrize(
    ("players", "slot"),
    [(p, s) for p in range(5, 11) for s in range(1, 6) if POWER_TABLE[p][s - 1]],
)
def test_r14_chaos_policy_grants_no_power(players, slot):
    state = make_state(players, president=0, tracker=2, fascist=slot - 1, top=["F", "L", "F"])
    state, events = fail(state)
    assert state.fascist == slot and state.phase == "nominate" and state.power is None
    assert not {"power", "peek_cards", "peeked", "power_skipped"} & set(kinds(events))


@pytest.mark.parametrize(("players", "slot"), [(9, 1), (7, 3), (5, 4)])
def test_r14_president_may_not_target_themselves(players, slot):
    state, _ = grant(players, slot)
    refused(state, 0, ACTION_OF_POWER[state.power], 0, "self_target")


# R15 --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "party"), [(1, "liberal"), (5, "fascist"), (6, "fascist")])
def test_r15_investigation_result_goes_to_the_president_only(target, party):
    state, _ = grant(7, 2)  # seat 5 fascist, seat 6 Hitler
    state, events = act(state, 0, "investigate", target)
    private = [e for e in events if e.to is not None]
    assert [(e.kind, e.to, e.data) for e in private] == [
        ("investigation", 0, {"target": target, "party": party})
    ]
    for event in public(events):
        assert "party" not in event.data and "role" not in event.data
    assert {"president": 0, "target": target} in [e.data for e in of_kind(events, "investigated")]
    assert player_view(state, 0)["investigations"] == [{"target": target, "party": party}]
    assert all(player_view(state, p)["investigations"] == [] for p in range(1, 7))
    assert public_view(state)["investigated"] == [target]
    assert state.phase == "nominate" and state.president == 1


def test_r15_nobody_is_investigated_twice():
    state, _ = grant(9, 2, investigations=[[8, 3]])  # seat 3 investigated by another President
    refused(state, 0, "investigate", 3, "already_investigated")
    assert ("investigate", 3) not in legal_actions(state, 0)
    state, _ = act(state, 0, "investigate", 4)
    assert public_view(state)["investigated"] == [3, 4]


def test_r15_only_uninvestigated_players_are_offered():
    done = [[1, p] for p in (1, 2, 3, 4, 6)]
    state, _ = grant(7, 2, investigations=done)
    assert legal_actions(state, 0) == [("investigate", 5)]


def test_r15_skipped_when_every_other_living_player_was_investigated():
    done = [[1, p] for p in (1, 2, 3, 5, 6)]  # seat 4 is dead, seat 0 is the President
    state, events = grant(7, 2, investigations=done, dead=[4])
    assert [e.data for e in public(of_kind(events, "power_skipped"))] == [{"power": "investigate"}]
    assert state.phase == "nominate" and state.power is None and state.president == 1


def test_r15_the_dead_cannot_be_investigated():
    state, _ = grant(9, 1, dead=[3])
    refused(state, 0, "investigate", 3, "target_dead")


# R16 --------------------------------------------------------------------------------------------


def special(players=7, dead=()):
    """President 0 and Chancellor 1 enact the third Fascist policy: a special election."""
    state, _ = grant(players, 3, dead=dead)
    assert state.power == "special_election"
    return state


@pytest.mark.parametrize("passed", [True, False])
def test_r16_special_president_then_back_to_the_callers_left(passed):
    state = special()
    state, events = act(state, 0, "special_election", 4)
    assert state.phase == "nominate" and state.president == 4
    assert public_view(state)["president"] == 4
    called = [e.data for e in public(of_kind(events, "special_election"))]
    assert called == [{"president": 0, "target": 4}]
    if passed:
        state, _ = govern(state, 2, "F", "L")
    else:
        state, _ = fail(state)
    assert state.president == 1  # not 5: the rotation continues from the caller


def test_r16_a_term_limited_player_can_be_chosen_and_presides_twice_when_left_of_caller():
    state = special()
    assert 1 in state.term_limited()  # the last Chancellor, and the caller's left neighbour
    state, _ = act(state, 0, "special_election", 1)
    assert state.president == 1
    state, _ = fail(state)
    assert state.president == 1  # presides again: the regular turn after the caller
    state, _ = fail(state)
    assert state.president == 2


def test_r16_return_skips_a_dead_left_neighbour():
    state = make_state(7, president=0, fascist=2, top=["F", "F", "F"], dead=[1])
    state, _ = govern(state, 2, "F", "F")
    assert state.power == "special_election"
    state, _ = act(state, 0, "special_election", 4)
    state, _ = fail(state)
    assert state.president == 2


def test_r16_target_must_be_another_living_player():
    state = special(dead=[5])
    refused(state, 0, "special_election", 0, "self_target")
    refused(state, 0, "special_election", 5, "target_dead")
    refused(state, 0, "special_election", 7, "invalid_target")
    refused(state, 3, "special_election", 4, "not_your_turn")
    assert ("special_election", 5) not in legal_actions(state, 0)


# R17 --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 6])
def test_r17_peek_shows_the_president_the_top_three_in_order(players):
    state = make_state(players, president=0, fascist=2, top=["F", "F", "F", "L", "F", "L", "L"])
    state, events = govern(state, 1, "F", "F")
    assert state.draw[:4] == ["L", "F", "L", "L"]  # nothing moved
    assert [(e.to, e.data) for e in of_kind(events, "peek_cards")] == [
        (0, {"cards": ["L", "F", "L"]})
    ]
    assert [e.data for e in public(of_kind(events, "peeked"))] == [{"president": 0}]
    assert player_view(state, 0)["peek"] == ["L", "F", "L"]
    assert all(player_view(state, p)["peek"] is None for p in range(1, players))
    assert state.phase == "nominate" and state.president == 1 and state.power is None
    state, events = elect(state, 2)
    assert state.hand == ["L", "F", "L"]  # the peeked cards are what the next President draws


# R18 --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "slot"), [(5, 4), (6, 5), (8, 4), (10, 5)])
def test_r18_executed_player_dies_and_nothing_is_revealed(players, slot):
    state, _ = grant(players, slot)
    target = 2  # a liberal
    state, events = act(state, 0, "execute", target)
    assert state.alive[target] is False and state.living() == players - 1
    assert public_view(state)["players"][target]["alive"] is False
    assert [e.data for e in public(of_kind(events, "executed"))] == [
        {"president": 0, "target": target}
    ]
    for event in events:
        assert not {"role", "roles", "party"} & set(event.data)
    assert public_view(state)["roles"] is None and state.phase == "nominate"
    assert state.president == 1
    # The dead cannot vote, be nominated or hold office, and are never waited on.
    refused(state, target, "nominate", 3, "dead")
    refused(state, 1, "nominate", target, "target_dead")
    assert target not in public_view(state)["eligible"]
    state, _ = act(state, 1, "nominate", 3)
    assert target not in awaiting(state)
    refused(state, target, "vote", True, "dead")
    assert legal_actions(state, target) == []


def test_r18_the_dead_are_skipped_as_president():
    state, _ = grant(5, 4)
    state, _ = act(state, 0, "execute", 1)
    assert state.president == 2  # seat 1, next in line, is dead


@pytest.mark.parametrize(("president", "role"), [(0, "liberal"), (3, "fascist")])
def test_r18_executing_hitler_wins_for_liberals(president, role):
    state = make_state(5, president=president, fascist=3, top=["F", "F", "F"])
    assert state.roles[president] == role  # a fascist President shooting Hitler still loses
    state, _ = govern(state, 1, "F", "F")
    state, events = act(state, president, "execute", 4)
    assert (state.phase, state.winner, state.reason) == ("over", "liberal", "hitler_executed")
    over = public(of_kind(events, "game_over"))
    assert over[0].data["roles"] == ["liberal", "liberal", "liberal", "fascist", "hitler"]
    assert public_view(state)["roles"][4] == "hitler"


def test_r17_peek_after_a_reshuffle_shows_the_new_pile():
    state = make_state(5, president=0, fascist=2, top=["F", "F", "F", "L"], rest="discards")
    state, events = govern(state, 1, "F", "F")
    assert kinds(events).index("reshuffle") < kinds(events).index("peek_cards")
    assert of_kind(events, "peek_cards")[0].data == {"cards": state.draw[:3]}
    assert len(state.draw) == 14 and state.phase == "nominate"
