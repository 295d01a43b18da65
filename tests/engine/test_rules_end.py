"""R19 (every ending), and refusals: illegal actions carry a reason and change nothing."""

from __future__ import annotations

import pytest
from scenarios import (
    act,
    elect,
    fail,
    govern,
    make_state,
    names,
    of_kind,
    public,
    refused,
    vote_all,
)

from sh_sms.games.standard.engine import (
    GameState,
    apply,
    awaiting,
    legal_actions,
    new_game,
    player_view,
    public_view,
)
from sh_sms.games.standard.engine.bot import RandomBot

ALL_KINDS = [
    "nominate",
    "vote",
    "discard",
    "enact",
    "veto",
    "veto_answer",
    "investigate",
    "special_election",
    "execute",
]

# R19 --------------------------------------------------------------------------------------------


def liberal_policies():
    return govern(make_state(7, president=0, liberal=4, top=["L", "F", "F"]), 1, "F", "L")


def liberal_chaos():
    return fail(make_state(7, president=0, liberal=4, tracker=2, top=["L"]))


def fascist_policies():
    return govern(make_state(7, president=0, fascist=5, top=["L", "F", "F"]), 1, "L", "F")


def fascist_chaos():
    return fail(make_state(7, president=0, fascist=5, tracker=2, top=["F"]))


def hitler_elected():
    return elect(make_state(7, president=0, fascist=3), 6)


def hitler_executed():
    state, _ = govern(make_state(7, president=0, fascist=3, top=["F", "F", "F"]), 1, "F", "F")
    return act(state, 0, "execute", 6)


ENDINGS = [
    (liberal_policies, "liberal", "policies"),
    (liberal_chaos, "liberal", "policies"),
    (fascist_policies, "fascist", "policies"),
    (fascist_chaos, "fascist", "policies"),
    (hitler_elected, "fascist", "hitler_elected"),
    (hitler_executed, "liberal", "hitler_executed"),
]


@pytest.mark.parametrize(("ending", "winner", "reason"), ENDINGS)
def test_r19_every_win_ends_the_game_at_once_and_reveals_roles(ending, winner, reason):
    state, events = ending()
    roles = ["liberal"] * 4 + ["fascist"] * 2 + ["hitler"]
    assert (state.phase, state.winner, state.reason) == ("over", winner, reason)
    assert events[-1].kind == "game_over" and events[-1].to is None  # nothing happens after it
    assert events[-1].data == {"winner": winner, "reason": reason, "roles": roles}
    view = public_view(state)
    assert (view["winner"], view["reason"], view["roles"]) == (winner, reason, roles)
    assert view["president"] is None and view["chancellor"] is None
    assert view["waiting_for"] == [] and awaiting(state) == []
    assert state.hand == [] and state.power is None
    for seat in range(7):
        assert legal_actions(state, seat) == []
        assert player_view(state, seat)["public"]["roles"] == roles
        for kind in ALL_KINDS:
            refused(state, seat, kind, 1, "game_over")


def test_r19_roles_hidden_until_the_game_is_over(recorded_games):
    reasons = set()
    for game in recorded_games:
        for step in game.steps:
            over = step.after.phase == "over"
            view = public_view(step.after)
            assert (view["roles"] is not None) is over
            assert (player_view(step.after, 0)["public"]["roles"] is not None) is over
            game_over = public(of_kind(step.events, "game_over"))
            assert len(game_over) == int(over)
            if not over:
                for event in public(step.events):
                    assert "roles" not in event.data and "role" not in event.data
        last = game.steps[-1].after
        assert last.phase == "over" and last.winner in ("liberal", "fascist")
        reasons.add(last.reason)
    assert reasons == {"policies", "hitler_elected", "hitler_executed"}


# Refusals ---------------------------------------------------------------------------------------


def in_phase(phase: str) -> GameState:
    """A 7-player game (seat 5 dead) in the given phase, President 0, Chancellor 1."""
    fascist = {"power": 3, "chancellor_enact": 5, "veto": 5}.get(phase, 0)
    state = make_state(7, president=0, dead=[5], fascist=fascist, top=["F", "F", "F"])
    if phase == "nominate":
        return state
    state, _ = act(state, 0, "nominate", 1)
    if phase == "vote":
        return state
    state, _ = vote_all(state)
    if phase == "president_discard":
        return state
    if phase == "power":
        state, _ = act(state, 0, "discard", "F")
        state, _ = act(state, 1, "enact", "F")
        assert state.power == "execution"
        return state
    state, _ = act(state, 0, "discard", "F")
    if phase == "veto":
        state, _ = act(state, 1, "veto")
    assert state.phase == phase
    return state


REFUSALS = [
    ("nominate", 1, "nominate", 2, "not_your_turn"),
    ("nominate", 0, "vote", True, "wrong_phase"),
    ("nominate", 0, "discard", "F", "wrong_phase"),
    ("nominate", 0, "execute", 2, "wrong_phase"),
    ("nominate", 0, "veto", None, "wrong_phase"),
    ("nominate", 0, "nominate", 9, "invalid_target"),
    ("nominate", 0, "nominate", -1, "invalid_target"),
    ("nominate", 0, "nominate", "1", "invalid_target"),
    ("nominate", 0, "nominate", True, "invalid_target"),
    ("nominate", 0, "nominate", None, "invalid_target"),
    ("nominate", 0, "nominate", 0, "self_target"),
    ("nominate", 0, "nominate", 5, "target_dead"),
    ("nominate", 5, "nominate", 1, "dead"),
    ("nominate", 0, "dance", None, "unknown_action"),
    ("nominate", 0, "", None, "unknown_action"),
    ("nominate", -1, "nominate", 1, "not_a_player"),
    ("nominate", 7, "nominate", 1, "not_a_player"),
    ("nominate", "0", "nominate", 1, "not_a_player"),
    ("nominate", None, "nominate", 1, "not_a_player"),
    ("nominate", True, "nominate", 1, "not_a_player"),
    ("vote", 2, "vote", "ja", "invalid_target"),
    ("vote", 2, "vote", 1, "invalid_target"),
    ("vote", 2, "vote", None, "invalid_target"),
    ("vote", 5, "vote", True, "dead"),
    ("vote", 0, "nominate", 2, "wrong_phase"),
    ("president_discard", 0, "discard", "L", "not_in_hand"),
    ("president_discard", 0, "discard", "X", "not_in_hand"),
    ("president_discard", 1, "discard", "F", "not_your_turn"),
    ("president_discard", 1, "enact", "F", "wrong_phase"),
    ("chancellor_enact", 0, "enact", "F", "not_your_turn"),
    ("chancellor_enact", 1, "enact", "L", "not_in_hand"),
    ("chancellor_enact", 1, "discard", "F", "wrong_phase"),
    ("chancellor_enact", 0, "veto", None, "not_your_turn"),
    ("veto", 0, "veto_answer", "yes", "invalid_target"),
    ("veto", 1, "veto_answer", True, "not_your_turn"),
    ("veto", 1, "veto", None, "wrong_phase"),
    ("power", 0, "investigate", 2, "wrong_power"),
    ("power", 0, "special_election", 2, "wrong_power"),
    ("power", 1, "execute", 2, "not_your_turn"),
    ("power", 0, "execute", 5, "target_dead"),
    ("power", 0, "execute", 0, "self_target"),
    ("power", 0, "execute", 99, "invalid_target"),
    ("power", 0, "nominate", 2, "wrong_phase"),
]


@pytest.mark.parametrize(("phase", "seat", "kind", "arg", "code"), REFUSALS)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(phase, seat, kind, arg, code):
    state = in_phase(phase)
    assert state.phase == phase
    refused(state, seat, kind, arg, code)


def test_wrong_phase_and_not_your_turn_say_what_the_game_waits_for():
    state = in_phase("nominate")
    assert refused(state, 0, "vote", True, "wrong_phase").detail == {"phase": "nominate"}
    assert refused(state, 3, "nominate", 1, "not_your_turn").detail == {"waiting_for": 0}


@pytest.mark.parametrize("players", [5, 8, 10])
def test_apply_never_changes_its_input_and_states_survive_json(players):
    state, _ = new_game(names(players), 7)
    bot = RandomBot(7)
    while state.phase != "over":
        before = state.to_json()
        seat, action = bot.choose(state)
        new, events = apply(state, seat, action)
        assert state.to_json() == before
        again = GameState.from_json(before)
        assert again == state and apply(again, seat, action) == (new, events)
        state = new
