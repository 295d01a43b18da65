"""The districts variant's rules D1-D17 (docs/districts.md), one or more tests each."""

from __future__ import annotations

from collections import Counter

import pytest
from districts_helpers import discard, elect, names, play, settled, take_and_play, with_deck

from sh_sms.games.districts.engine import (
    SYSTEM,
    Action,
    IllegalAction,
    apply,
    awaiting,
    end_game,
    legal_actions,
    new_game,
    player_view,
)
from sh_sms.games.districts.engine.actions import (
    INVESTIGATE_ACTION,
    MOVE_ACTION,
    PLAY_ACTION,
    SEND_ACTION,
    TIMEOUT,
    TIMER,
    VOTE_ACTION,
)
from sh_sms.games.districts.engine.state import DRAW, INVESTIGATE, MOVE, OVER, PLAY, TAKE, VOTE
from sh_sms.games.districts.engine.tables import (
    ACTION,
    ALIGNMENTS,
    DISTRICTS,
    POLICY_DECK,
    faction,
    home_of,
)
from sh_sms.games.districts.engine.tables import DRAW as DRAW_CARD
from sh_sms.games.districts.engine.tables import INVESTIGATE as INVESTIGATE_CARD
from sh_sms.games.districts.engine.tables import TAKE as TAKE_CARD


@pytest.mark.parametrize("players", range(5, 11))
def test_d1_d2_d4_setup_per_player_count(players: int) -> None:
    state, events = new_game(names(players), seed=players)
    assert state.districts == DISTRICTS[players] == (3 if players <= 8 else 4)
    deck = Counter(faction(c) for c in [*state.cards, state.boxed])
    assert tuple(deck[f] for f in ("liberal", "fascist", "oligarch")) == ALIGNMENTS[players]
    homes = [home_of(c) for c in [*state.cards, state.boxed] if faction(c) == "oligarch"]
    assert len(set(homes)) == len(homes) and all(1 <= h <= state.districts for h in homes)
    expected = Counter({c: n for c, n, least in POLICY_DECK if players >= least})
    expected = Counter()
    for code, copies, least in POLICY_DECK:
        if players >= least:
            expected[code] += copies
    assert Counter(state.draw) == expected
    assert state.tracks() == {"liberal": 0, "fascist": 0, "oligarch": 1}  # the privilege card
    dealt = [e for e in events if e.kind == "dealt"]
    assert [e.to for e in dealt] == list(range(players))


def test_d1_refuses_tables_outside_five_to_ten() -> None:
    for players in (4, 11):
        with pytest.raises(IllegalAction):
            new_game([f"P{i}" for i in range(players)], 1)


def test_d3_fascists_know_each_other_and_nobody_else_knows_anything() -> None:
    for seed in range(20):
        state, events = new_game(names(9), seed)
        fascists = [p for p, c in enumerate(state.cards) if c == "fascist"]
        for event in events:
            if event.kind != "dealt":
                continue
            if event.to in fascists:
                assert sorted(event.data["fascists"]) == sorted(set(fascists) - {event.to})
            else:
                assert event.data["fascists"] == []
            assert event.data["card"] == state.cards[event.to]


def test_d5_everyone_settles_then_the_first_vote_begins() -> None:
    state, _ = new_game(names(5), 3)
    assert awaiting(state) == [0, 1, 2, 3, 4]
    state, _ = apply(state, 0, Action(MOVE_ACTION, 2))
    assert legal_actions(state, 0) == []  # settled: no second move
    for seat in range(1, 5):
        state, events = apply(state, seat, Action(MOVE_ACTION, 1 + seat % 3))
    assert state.phase == VOTE and state.round == 1
    assert [e.kind for e in events][-1] == "voting"


def test_d6_majority_of_present_players_elects() -> None:
    state = settled([1, 1, 1, 1, 2, 2, 3])  # four in district 1: three votes elect
    state, _ = apply(state, 0, Action(VOTE_ACTION, 1))
    state, _ = apply(state, 1, Action(VOTE_ACTION, 1))
    assert state.reps[0] is None
    state, _ = apply(state, 2, Action(VOTE_ACTION, 3))
    state, _ = apply(state, 2, Action(VOTE_ACTION, 1))  # a vote may change until someone is in
    assert state.reps[0] == 1 and state.closed[0] == "elected"
    assert legal_actions(state, 3) == [] or all(a.kind == TIMER for a in legal_actions(state, 3))


def test_d6_votes_only_for_a_player_of_ones_own_district() -> None:
    state = settled([1, 1, 2, 2, 3])
    with pytest.raises(IllegalAction):
        apply(state, 0, Action(VOTE_ACTION, 2))
    state, events = apply(state, 4, Action(VOTE_ACTION, 4))  # alone: one vote is a majority
    assert state.reps[2] == 4
    assert {e.to for e in events if e.kind == "district_vote"} == {4}


def test_d6_a_two_player_district_needs_both() -> None:
    state = settled([1, 1, 2, 2, 3])
    state, _ = apply(state, 0, Action(VOTE_ACTION, 0))
    state, _ = apply(state, 1, Action(VOTE_ACTION, 1))
    assert state.reps[0] is None
    state, _ = apply(state, 1, Action(VOTE_ACTION, 0))
    assert state.reps[0] == 0


def test_d7_an_empty_district_has_no_representation() -> None:
    state = settled([1, 1, 1, 2, 2])
    assert state.closed == [None, None, "empty"]
    state = elect(state, {1: 0, 2: 3})
    assert state.phase in (DRAW, INVESTIGATE) and state.in_capitol() == [0, 3]


def test_d8_timer_from_the_capitol_then_no_representation() -> None:
    state = settled([1, 1, 2, 2, 3, 3])
    assert Action(TIMER) in legal_actions(state, 0)  # capitol empty: anyone may start it
    state = elect(state, {1: 0})
    assert Action(TIMER) not in legal_actions(state, 2)  # now only the capitol may
    state, events = apply(state, 0, Action(TIMER), now=1000)
    assert state.timer_ends == 1000 + state.rules["timer_seconds"]
    with pytest.raises(IllegalAction):
        apply(state, SYSTEM, Action(TIMEOUT), now=state.timer_ends - 1)
    state = elect(state, {2: 2})
    state, events = apply(state, SYSTEM, Action(TIMEOUT), now=state.timer_ends)
    assert [e.data["district"] for e in events if e.kind == "unrepresented"] == [3]
    assert state.in_capitol() == [0, 2] and state.phase == INVESTIGATE


def test_d8_the_timer_length_is_the_games_setting() -> None:
    state = settled([1, 1, 2, 2, 3], timer_seconds=60)
    state, _ = apply(state, 0, Action(TIMER), now=5)
    assert state.timer_ends == 65


@pytest.mark.parametrize(
    ("where", "reps", "cards"),
    [
        (
            [1, 2, 3, 4, 1, 2, 3, 4, 1],
            {1: 0, 2: 1, 3: 2, 4: 3},
            {"investigate", "draw", "take", "action"},
        ),
        ([1, 1, 2, 2, 3], {1: 0, 2: 2, 3: 4}, {"draw", "take", "action"}),
        ([1, 1, 2, 2, 2], {1: 0, 2: 2}, {"investigate", "draw", "take", "action"}),
        ([1, 1, 1, 1, 1], {1: 0}, {"draw", "take", "action"}),
    ],
)
def test_d9_the_capitol_deck_depends_on_how_many_arrived(where, reps, cards) -> None:
    state = elect(settled(where), reps)
    assert set(state.capitol) == cards
    holders = Counter(state.capitol.values())
    assert set(holders) == set(reps.values())
    assert max(holders.values()) - min(holders.values()) <= 1  # dealt evenly


def test_d9_nobody_in_the_capitol_plays_the_top_policy_without_points_or_move() -> None:
    state = with_deck(settled([1, 1, 2, 2, 3, 3]), ["L2-"])
    state, _ = apply(state, SYSTEM, Action(TIMEOUT), now=0)  # starts the timer
    state, _ = apply(state, SYSTEM, Action(TIMEOUT), now=state.timer_ends)
    assert state.enacted == ["L2-"] and state.points == [0, 0, 0]
    assert state.phase == VOTE and state.round == 2


def _capitol(where, reps, top, seed=0):
    """A game at the capitol with `top` on the deck, and its holders."""
    state = settled(where, seed)
    state = elect(with_deck(state, top), reps)
    return state, state.capitol


def test_d10_investigate_draw_take_then_the_action_player_plays() -> None:
    state, holders = _capitol(
        [1, 2, 3, 4, 1, 2, 3, 4, 1], {1: 0, 2: 1, 3: 2, 4: 3}, ["L1-", "F0-", "O2-"]
    )
    assert state.phase == INVESTIGATE and awaiting(state) == [holders[INVESTIGATE_CARD]]
    investigator = holders[INVESTIGATE_CARD]
    target = next(p for p in (0, 1, 2, 3) if p != investigator)
    state, events = apply(state, investigator, Action(INVESTIGATE_ACTION, target))
    private = [e for e in events if e.kind == "investigation"]
    assert [(e.to, e.data["card"]) for e in private] == [(investigator, state.cards[target])]
    assert state.phase == DRAW and state.hand == ["L1-", "F0-", "O2-"]
    assert player_view(state, holders[DRAW_CARD])["hand"] == ["L1-", "F0-", "O2-"]
    assert all(player_view(state, p)["hand"] == [] for p in range(9) if p != holders[DRAW_CARD])
    state, events = discard(state, holders[DRAW_CARD], "F0-")
    assert state.phase == TAKE and state.hand == ["L1-", "O2-"]
    assert [e.to for e in events if e.kind == "handed"] == [holders[TAKE_CARD]]
    state, events = discard(state, holders[TAKE_CARD], "L1-")
    actor = holders[ACTION]
    # the last policy is handed to the action player, who is asked: nothing is played yet
    assert state.phase == PLAY and awaiting(state) == [actor] and state.enacted == []
    assert [(e.to, e.data["cards"]) for e in events if e.kind == "handed"] == [(actor, ["O2-"])]
    assert player_view(state, actor)["hand"] == ["O2-"]
    assert legal_actions(state, actor) == [Action(PLAY_ACTION)]
    assert all(legal_actions(state, p) == [] for p in range(9) if p != actor)
    state, events = play(state)
    assert state.enacted == ["O2-"] and state.discards == ["F0-", "L1-"]
    assert state.points[state.where[actor] - 1] == 2  # D11: points for the action player's district
    assert state.track("oligarch") == 2


def test_d10_reshuffles_when_fewer_than_three_remain() -> None:
    s = settled([1, 1, 2, 2, 3]).clone()
    s.draw, s.discards = s.draw[-2:], s.draw[:-2]
    state = elect(s, {1: 0, 2: 2, 3: 4})
    assert len(state.hand) == 3 and state.shuffles == 1 and state.discards == []
    assert len(state.draw) + len(state.hand) == len(s.draw) + len(s.discards)


def test_d11_d13_moves_after_the_policy() -> None:
    state, holders = _capitol([1, 1, 2, 2, 3], {1: 0, 2: 2, 3: 4}, ["L1M", "F0-", "F0-"])
    state, _ = discard(state, holders[DRAW_CARD], "F0-")
    state, _ = take_and_play(state, holders[TAKE_CARD], "F0-")
    actor = holders[ACTION]
    assert state.phase == MOVE and awaiting(state) == [actor]
    home = state.where[actor]
    assert {a.arg for a in legal_actions(state, actor)} == {1, 2, 3} - {home}
    to = next(iter({1, 2, 3} - {home}))
    state, _ = apply(state, actor, Action(MOVE_ACTION, to))
    assert state.where[actor] == to and state.phase == VOTE and state.in_capitol() == []


def test_d13_send_moves_another_player() -> None:
    state, holders = _capitol([1, 1, 2, 2, 3], {1: 0, 2: 2, 3: 4}, ["L1S", "F0-", "F0-"])
    state, _ = discard(state, holders[DRAW_CARD], "F0-")
    state, _ = take_and_play(state, holders[TAKE_CARD], "F0-")
    actor = holders[ACTION]
    other = next(p for p in range(5) if p != actor)
    assert all(a.arg[0] != actor for a in legal_actions(state, actor))
    to = 1 if state.where[other] != 1 else 2
    state, _ = apply(state, actor, Action(SEND_ACTION, [other, to]))  # JSON lists are accepted
    assert state.where[other] == to and state.phase == VOTE


def test_d13_rotation_moves_every_district_on_by_one() -> None:
    state, holders = _capitol([1, 1, 2, 2, 3], {1: 0, 2: 2, 3: 4}, ["L1R", "F0-", "F0-"])
    state, _ = discard(state, holders[DRAW_CARD], "F0-")
    state, _ = take_and_play(state, holders[TAKE_CARD], "F0-")
    assert state.where == [2, 2, 3, 3, 1] and state.phase == VOTE


def _board(where, **changes):
    """A settled game with its board changed (tracks through `enacted`, points, where)."""
    state = settled(where)
    for key, value in changes.items():
        setattr(state, key, value)
    return state


def test_d12_d14_a_faction_with_five_policies_ends_it_and_its_cards_win() -> None:
    state = _board([1, 1, 2, 2, 3], enacted=["L1-"] * 4, points=[0, 0, 0])
    state = with_deck(state, ["L1-", "L1-", "L1-"])
    state = elect(state, {1: 0, 2: 2, 3: 4})
    state, _ = discard(state, state.capitol[DRAW_CARD], "L1-")
    state, events = take_and_play(state, state.capitol[TAKE_CARD], "L1-")
    assert state.phase == OVER and state.reason == "policies"
    assert state.winners == [p for p, c in enumerate(state.cards) if c == "liberal"]
    assert events[-1].kind == "game_over" and events[-1].data["cards"] == state.cards


def test_d12_d14_a_district_with_five_points_ends_it() -> None:
    state = _board([1, 1, 2, 2, 3], points=[4, 0, 0])
    state = with_deck(state, ["O1-", "O1-", "O1-"])
    state = elect(state, {1: 0, 2: 2, 3: 4})
    s = state.clone()
    s.capitol = {DRAW_CARD: 2, TAKE_CARD: 4, ACTION: 0}  # the deal, fixed for the test
    state, _ = discard(s, 2, "O1-")
    state, _ = take_and_play(state, 4, "O1-")
    assert state.phase == OVER and state.points == [5, 0, 0] and state.reason == "points"
    for seat, card in enumerate(state.cards):
        side = faction(card)
        expected = {
            "liberal": state.where[seat] == 1,
            "fascist": False,
            "oligarch": home_of(card) == 1,
        }[side]
        assert (seat in state.winners) == expected, (seat, card)


def test_d12_d14_eleven_policies_end_it_and_a_deadlock_is_the_fascists() -> None:
    played = ["L1-"] * 4 + ["F0-"] * 4 + ["P2M"] * 2
    state = _board([1, 1, 2, 2, 3], enacted=played, points=[3, 3, 2])
    state = with_deck(state, ["F0-", "F0-", "F0-"])
    state = elect(state, {1: 0, 2: 2, 3: 4})
    state, _ = discard(state, state.capitol[DRAW_CARD], "F0-")
    state, _ = take_and_play(state, state.capitol[TAKE_CARD], "F0-")
    assert state.phase == OVER and len(state.enacted) == 11
    assert state.reason == "policies+limit"  # the eleventh made five fascist policies
    assert state.winners == [p for p, c in enumerate(state.cards) if c == "fascist"]


def test_d14_oligarch_wins_when_its_district_leads_at_the_end() -> None:
    state = _board([1, 1, 2, 2, 3], enacted=["L1-"] * 4, points=[1, 3, 0])
    state = with_deck(state, ["L1-", "L1-", "L1-"])
    state = elect(state, {1: 0, 2: 2, 3: 4})
    s = state.clone()
    s.capitol = {DRAW_CARD: 0, TAKE_CARD: 2, ACTION: 4}
    state, _ = discard(s, 0, "L1-")
    state, _ = take_and_play(state, 2, "L1-")
    assert state.points == [1, 3, 1]
    for seat, card in enumerate(state.cards):
        if faction(card) == "oligarch":
            assert (seat in state.winners) == (home_of(card) == 2)


def test_d15_talk_within_district_capitol_silent_in_session() -> None:
    from sh_sms.games.districts.engine import talk_audience

    state, _ = new_game(names(5), 0)
    assert talk_audience(state, 0) == [1, 2, 3, 4]  # settling: everyone together
    state = settled([1, 1, 2, 2, 3])
    assert talk_audience(state, 0) == [1]
    state = elect(state, {1: 0})
    assert talk_audience(state, 0) == []  # alone in the capitol so far
    assert talk_audience(state, 1) == []  # alone in district 1 now
    state = elect(state, {2: 2})
    assert talk_audience(state, 2) == [0] and talk_audience(state, 3) == []
    state = elect(state, {3: 4})
    assert talk_audience(state, 0) == "capitol_silent"


def test_d16_timeouts_move_every_wait_on() -> None:
    state, _ = new_game(names(5), 0)
    state, _ = apply(state, 0, Action(MOVE_ACTION, 1))
    state, _ = apply(state, SYSTEM, Action(TIMEOUT))
    assert sorted(Counter(state.where).values()) == [1, 2, 2] and state.phase == VOTE
    state, _ = apply(state, SYSTEM, Action(TIMEOUT), now=50)
    assert state.timer_ends == 50 + state.rules["timer_seconds"]
    state = elect(state, {1: state.members(1)[0], 2: state.members(2)[0], 3: state.members(3)[0]})
    for _ in range(4):  # draw, take, play, move (or investigate), each timed out
        if state.phase in (DRAW, TAKE, INVESTIGATE, PLAY, MOVE):
            state, _ = apply(state, SYSTEM, Action(TIMEOUT), now=99)
    assert len(state.enacted) == 1


def test_d17_the_host_ends_the_game_without_a_winner() -> None:
    state = settled([1, 1, 2, 2, 3])
    state, events = end_game(state)
    assert state.phase == OVER and state.winners == []
    assert events[0].data["cards"] == state.cards
    with pytest.raises(IllegalAction):
        end_game(state)


def test_state_survives_a_json_round_trip() -> None:
    from sh_sms.games.districts.engine import DistrictsState

    state = elect(settled([1, 1, 2, 2, 3]), {1: 0})
    assert DistrictsState.from_json(state.to_json()) == state
    assert '"variant":"districts"' in state.to_json()  # a saved game says which engine reads it


def test_d10_a_lone_representative_holding_every_card_is_asked_at_each_step() -> None:
    """One representative holds draw, take and action: each step waits on them; nothing is
    played until they send PLAY, and a timeout plays it for them, saying so."""
    state, _ = _capitol([1, 1, 2, 2, 3], {3: 4}, ["L1-", "F0-", "O2-"])
    state = apply(state, SYSTEM, Action(TIMEOUT), now=0)[0]  # the timer for D1, D2
    state = apply(state, SYSTEM, Action(TIMEOUT), now=10**6)[0]  # ... runs out
    assert state.capitol == {DRAW_CARD: 4, TAKE_CARD: 4, ACTION: 4} and state.phase == DRAW
    state, _ = discard(state, 4, "F0-")
    assert state.phase == TAKE and awaiting(state) == [4]
    state, events = discard(state, 4, "L1-")
    assert state.phase == PLAY and awaiting(state) == [4] and state.enacted == []
    assert not [e for e in events if e.kind == "enacted"]
    timed, events = apply(state, SYSTEM, Action(TIMEOUT), now=10**6)
    assert [(e.kind, e.data) for e in events][:2] == [
        ("timed_out", {"seat": 4, "phase": PLAY}),
        ("enacted", events[1].data),
    ]
    assert timed.enacted == ["O2-"] and timed.points[2] == 2
    played, events = apply(state, 4, Action(PLAY_ACTION))
    assert played.enacted == ["O2-"] and not [e for e in events if e.kind == "timed_out"]
