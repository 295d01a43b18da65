"""R10-R13 and R20: the legislative session, the tracker, reshuffles, the veto and its window."""

from __future__ import annotations

from collections import Counter

import pytest
from scenarios import (
    act,
    elect,
    fail,
    govern,
    kinds,
    letters_in,
    make_state,
    of_kind,
    public,
    refused,
)

from sh_sms.games.standard.engine import awaiting, legal_actions, player_view, public_view

# Default 7-player roles: seats 0-3 liberal, 4-5 fascist, 6 Hitler.

# R10 --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "discard", "handed"),
    [
        (["F", "L", "F"], "F", ["L", "F"]),
        (["F", "L", "F"], "L", ["F", "F"]),
        (["L", "F", "L"], "L", ["F", "L"]),
        (["L", "L", "F"], "F", ["L", "L"]),
        (["F", "F", "F"], "F", ["F", "F"]),
    ],
)
def test_r10_president_draws_top_three_and_hands_the_other_two(top, discard, handed):
    state = make_state(7, president=0, top=[*top, "L", "F"])
    below = state.draw[3:]
    state, events = elect(state, 2)
    assert [(e.to, e.data) for e in of_kind(events, "drawn")] == [(0, {"cards": top})]
    assert state.hand == top and state.draw == below
    assert player_view(state, 0)["hand"] == top
    assert all(player_view(state, p)["hand"] == [] for p in range(1, 7))
    state, events = act(state, 0, "discard", discard)
    assert [(e.to, e.data) for e in of_kind(events, "handed")] == [(2, {"cards": handed})]
    assert [(e.to, e.data) for e in of_kind(events, "discarded")] == [(0, {"card": discard})]
    assert state.hand == handed and state.discards == [discard]
    assert player_view(state, 2)["hand"] == handed and player_view(state, 0)["hand"] == []
    assert state.phase == "chancellor_enact" and awaiting(state) == [2]
    other = handed[1]
    state, events = act(state, 2, "enact", handed[0])
    assert [e.data["policy"] for e in public(of_kind(events, "enacted"))] == [handed[0]]
    assert state.discards == [discard, other] and state.hand == []


def test_r10_only_cards_in_hand_can_be_discarded_or_enacted():
    state = make_state(7, president=0, top=["F", "F", "F"])
    state, _ = elect(state, 2)
    for card in ("L", "X", None, 1):
        refused(state, 0, "discard", card, "not_in_hand")
    refused(state, 2, "discard", "F", "not_your_turn")
    state, _ = act(state, 0, "discard", "F")
    refused(state, 2, "enact", "L", "not_in_hand")
    refused(state, 0, "enact", "F", "not_your_turn")
    assert legal_actions(state, 2) == [("enact", "F")]


def test_r10_discards_are_never_public(recorded_games):
    sessions = 0
    for game in recorded_games:
        for step in game.steps:
            for event in public(step.events):
                if event.kind == "enacted":  # the one public card: the policy enacted
                    assert not letters_in({k: v for k, v in event.data.items() if k != "policy"})
                else:
                    assert not letters_in(event.data), event
                assert not {"card", "cards", "hand", "discards"} & set(event.data), event
            view = public_view(step.after)
            assert not letters_in(view) and isinstance(view["discards"], int)
            sessions += step.action.kind == "discard"
            if step.action.kind in ("discard", "enact"):  # a discard is told to its owner only
                private = [e for e in step.events if e.to is not None]
                assert {e.to for e in private} <= {step.before.president, step.before.chancellor}
    assert sessions > 100


# R11 --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tracker", [0, 1, 2])
def test_r11_tracker_survives_an_election_and_resets_on_enactment(tracker):
    state = make_state(7, president=0, tracker=tracker)
    state, _ = elect(state, 2)
    assert state.phase == "president_discard" and state.tracker == tracker
    assert public_view(state)["tracker"] == tracker
    state, _ = act(state, 0, "discard", "F")
    assert state.tracker == tracker
    state, _ = act(state, 2, "enact", "L")
    assert state.tracker == 0 and public_view(state)["tracker"] == 0


def test_r11_tracker_resets_on_a_chaos_policy():
    state = make_state(7, president=0, tracker=2)
    state, events = fail(state)
    assert [e.data["tracker"] for e in of_kind(events, "tracker")] == [3]
    assert state.tracker == 0 and state.liberal + state.fascist == 1


# R12 --------------------------------------------------------------------------------------------


def test_r12_reshuffle_after_an_enactment_leaving_fewer_than_three():
    state = make_state(7, president=0, top=["F", "L", "F", "L", "F"], rest="discards")
    old_discards = state.discards
    state, events = govern(state, 2, "F", "L")
    assert kinds(public(events)).count("reshuffle") == 1
    assert of_kind(events, "reshuffle")[0].data == {"draw_pile": 16}
    # The new pile is the two left in the draw pile, the old discards and this session's two.
    assert Counter(state.draw) == Counter(["L", "F", *old_discards, "F", "F"])
    assert state.discards == [] and state.shuffles == 1 and len(state.draw) == 16


def test_r12_no_reshuffle_when_exactly_three_remain():
    state = make_state(7, president=0, top=["F", "L", "F", "L", "F", "F"], rest="discards")
    old_discards = state.discards
    state, events = govern(state, 2, "F", "L")
    assert "reshuffle" not in kinds(events)
    assert state.draw == ["L", "F", "F"] and state.discards == [*old_discards, "F", "F"]
    assert public_view(state)["draw_pile"] == 3


def test_r12_cards_in_hand_are_never_reshuffled():
    state = make_state(7, president=0, top=["F", "L", "F"], rest="discards")
    old_discards = state.discards
    state, events = elect(state, 2)
    assert state.draw == [] and state.hand == ["F", "L", "F"]  # the pile may run dry mid-session
    state, more = act(state, 0, "discard", "L")
    assert state.draw == [] and "reshuffle" not in kinds(events + more)
    state, events = act(state, 2, "enact", "F")
    assert "reshuffle" in kinds(events)
    # The enacted card is on the board; everything else, held cards included, is in the pile.
    assert Counter(state.draw) == Counter([*old_discards, "L", "F"]) and len(state.draw) == 16


def test_r12_reshuffle_after_an_agreed_veto():
    state = make_state(7, president=0, fascist=5, top=["L", "L", "F", "F", "L"], rest="discards")
    old_discards = state.discards
    state, _ = elect(state, 2)
    state, _ = act(state, 0, "discard", "F")
    state, _ = act(state, 2, "veto")
    state, events = act(state, 0, "veto_answer", True)
    assert "reshuffle" in kinds(public(events))
    assert Counter(state.draw) == Counter([*old_discards, "F", "L", "F", "L", "L"])
    assert state.tracker == 1 and state.phase == "nominate"


@pytest.mark.parametrize(("pile", "reshuffled"), [(3, True), (4, False), (5, False)])
def test_r12_reshuffle_after_a_chaos_policy(pile, reshuffled):
    state = make_state(
        7, president=0, tracker=2, top=["L", "F", "F", "L", "F"][:pile], rest="discards"
    )
    old = state.draw[1:] + state.discards
    state, events = fail(state)
    assert state.liberal == 1
    assert ("reshuffle" in kinds(events)) is reshuffled
    if reshuffled:
        assert Counter(state.draw) == Counter(old) and state.discards == []
    else:
        assert len(state.draw) == pile - 1


def test_r12_draw_pile_holds_three_at_every_nomination(recorded_games):
    reshuffles = 0
    for game in recorded_games:
        for step in game.steps:
            if step.after.phase == "nominate":
                assert len(step.after.draw) >= 3
            for i, event in enumerate(step.events):
                if event.kind != "reshuffle":
                    continue
                reshuffles += 1
                assert step.after.hand == [] and step.after.discards == []
                chaos_after = of_kind(step.events[i + 1 :], "enacted")  # a veto can cause chaos
                board = step.after.liberal + step.after.fascist - len(chaos_after)
                # Everything that is not on the board goes into the new pile.
                assert event.data["draw_pile"] == 17 - board
                assert len(step.after.draw) == 17 - board - len(chaos_after)
    assert reshuffles > 10


# R13 --------------------------------------------------------------------------------------------


def veto_ready(fascist=5, tracker=0, top=("L", "F", "F"), discard="F"):
    """President 0 and Chancellor 2 elected; the Chancellor now holds two cards."""
    state = make_state(7, president=0, fascist=fascist, tracker=tracker, top=top)
    state, _ = elect(state, 2)
    state, _ = act(state, 0, "discard", discard)
    return state


@pytest.mark.parametrize("fascist", [0, 3, 4])
def test_r13_veto_locked_before_five_fascist_policies(fascist):
    state = veto_ready(fascist=fascist)
    refused(state, 2, "veto", None, "veto_locked")
    assert ("veto", None) not in legal_actions(state, 2)
    assert public_view(state)["veto_unlocked"] is False


def test_r13_veto_proposed_at_five():
    state = veto_ready()
    assert ("veto", None) in legal_actions(state, 2)
    refused(state, 0, "veto", None, "not_your_turn")
    state, events = act(state, 2, "veto")
    assert state.phase == "veto" and awaiting(state) == [0]
    assert [(e.kind, e.to) for e in events] == [("veto_proposed", None)]
    assert legal_actions(state, 0) == [("veto_answer", True), ("veto_answer", False)]
    refused(state, 2, "veto_answer", True, "not_your_turn")
    refused(state, 2, "enact", "L", "wrong_phase")


def test_r13_agreed_veto_discards_both_and_advances_tracker():
    state = veto_ready(tracker=1)
    draw, discards, hand = state.draw, state.discards, state.hand
    state, _ = act(state, 2, "veto")
    state, events = act(state, 0, "veto_answer", True)
    assert state.discards == discards + hand and state.draw == draw and state.hand == []
    assert (state.liberal, state.fascist, state.tracker) == (0, 5, 2)
    assert "enacted" not in kinds(events)
    assert state.phase == "nominate" and state.president == 1
    assert (state.last_president, state.last_chancellor) == (0, 2)  # it was an elected government


def test_r13_agreed_veto_at_tracker_two_causes_chaos():
    state = veto_ready(tracker=2, top=("L", "F", "F", "L", "F", "F"))
    state, _ = act(state, 2, "veto")
    state, events = act(state, 0, "veto_answer", True)
    enacted = of_kind(events, "enacted")
    assert [e.data["chaos"] for e in enacted] == [True]
    assert (state.liberal, state.fascist, state.tracker) == (1, 5, 0)
    assert (state.last_president, state.last_chancellor) == (None, None)
    assert state.president == 1 and state.phase == "nominate"


def test_r13_refused_veto_forces_an_enactment_once_per_session():
    state = veto_ready(top=("L", "F", "F"), discard="F")
    state, _ = act(state, 2, "veto")
    state, events = act(state, 0, "veto_answer", False)
    assert state.phase == "chancellor_enact" and state.tracker == 0
    assert [(e.to, e.data) for e in of_kind(events, "handed")] == [(2, {"cards": ["L", "F"]})]
    refused(state, 2, "veto", None, "veto_already_proposed")
    assert legal_actions(state, 2) == [("enact", "L"), ("enact", "F")]
    state, _ = act(state, 2, "enact", "L")
    assert state.liberal == 1 and state.phase == "nominate"
    # The next session may veto again.
    state, _ = elect(state, 3)
    state, _ = act(state, 1, "discard", state.hand[0])
    assert ("veto", None) in legal_actions(state, 3)


def test_r13_a_liberal_agenda_can_be_vetoed():
    state = veto_ready(top=("L", "L", "F"), discard="F")
    assert state.hand == ["L", "L"]
    state, _ = act(state, 2, "veto")
    state, _ = act(state, 0, "veto_answer", True)
    assert state.liberal == 0 and state.tracker == 1 and state.discards[-2:] == ["L", "L"]


# R20 --------------------------------------------------------------------------------------------


def test_r20_session_window_is_visible():
    state = veto_ready(top=("L", "F", "F", "F", "L", "F"), discard="F")
    view = public_view(state)
    assert (view["phase"], view["president"], view["chancellor"]) == ("chancellor_enact", 0, 2)
    vetoing, _ = act(state, 2, "veto")
    view = public_view(vetoing)
    assert (view["phase"], view["president"], view["chancellor"]) == ("veto", 0, 2)
    agreed, _ = act(vetoing, 0, "veto_answer", True)
    assert public_view(agreed)["phase"] == "nominate"
    refused_veto, _ = act(vetoing, 0, "veto_answer", False)
    assert public_view(refused_veto)["phase"] == "chancellor_enact"  # still in the session
    enacted, _ = act(refused_veto, 2, "enact", "F")
    assert public_view(enacted)["phase"] == "over"  # the sixth Fascist policy
    # A fresh session: drawn cards through to the end.
    state = make_state(7, president=0, fascist=1, top=["F", "F", "L"])
    state, _ = elect(state, 2)
    view = public_view(state)
    assert (view["phase"], view["president"], view["chancellor"]) == ("president_discard", 0, 2)
    state, _ = act(state, 0, "discard", "L")
    state, _ = act(state, 2, "enact", "F")
    assert public_view(state)["phase"] == "power"  # F2 at 7 players: investigate
    state, _ = govern(make_state(7, president=0), 2, "F", "L")
    assert public_view(state)["phase"] == "nominate"
