"""R9: three failed elections in a row enact the top policy, without its power."""

from __future__ import annotations

import pytest
from scenarios import POWER_TABLE, act, elect, fail, kinds, make_state, of_kind, public

from sh_sms.games.standard.engine import legal_actions, player_view, public_view

# Default 7-player roles: seats 0-3 liberal, 4-5 fascist, 6 Hitler.

# R9 ---------------------------------------------------------------------------------------------


def test_r9_third_failed_election_enacts_the_top_policy():
    state = make_state(
        7, president=0, tracker=2, top=["L", "F", "F"], last_president=5, last_chancellor=2
    )
    state, events = fail(state)
    assert (state.liberal, state.fascist, state.tracker) == (1, 0, 0)
    assert state.draw[:2] == ["F", "F"] and len(state.draw) == 16
    assert public(of_kind(events, "enacted"))[0].data["chaos"] is True
    # Term limits cleared: everybody else is eligible at the next nomination.
    assert state.president == 1 and (state.last_president, state.last_chancellor) == (None, None)
    assert public_view(state)["eligible"] == [0, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("players", "fascist"), [(5, 2), (6, 2), (5, 3), (6, 4), (7, 1), (7, 2), (9, 0)]
)
def test_r9_chaos_policy_power_is_ignored(players, fascist):
    state = make_state(players, president=0, tracker=2, fascist=fascist, top=["F", "L", "L"])
    assert POWER_TABLE[players][fascist] is not None  # the slot has a power for a government
    state, events = fail(state)
    assert state.fascist == fascist + 1
    assert state.phase == "nominate" and state.power is None and all(state.alive)
    assert not {"peek_cards", "peeked", "power", "power_skipped"} & set(kinds(events))
    assert player_view(state, 0)["peek"] is None


def test_r9_chaos_fifth_liberal_wins():
    state = make_state(7, president=0, tracker=2, liberal=4, top=["L"])
    state, _ = fail(state)
    assert (state.phase, state.winner, state.reason) == ("over", "liberal", "policies")


def test_r9_chaos_sixth_fascist_wins():
    state = make_state(7, president=0, tracker=2, fascist=5, top=["F"])
    state, _ = fail(state)
    assert (state.phase, state.winner, state.reason) == ("over", "fascist", "policies")


def test_r9_chaos_fifth_fascist_unlocks_veto():
    state = make_state(7, president=0, tracker=2, fascist=4, top=["F", "L", "L", "F"])
    state, events = fail(state)
    assert state.fascist == 5 and "veto_unlocked" in kinds(public(events))
    assert public_view(state)["veto_unlocked"] is True
    president = state.president
    state, _ = elect(state, 3)
    state, _ = act(state, president, "discard", "F")
    assert ("veto", None) in legal_actions(state, 3)
    state, _ = act(state, 3, "veto")
    assert state.phase == "veto"
