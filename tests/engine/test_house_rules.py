"""House rules (RULES.md "House rules", issue 21): a game played by its own ruleset.

Each test builds a situation with a custom ruleset and checks one rule that the ruleset moves:
team sizes, the deck and the starting board, Hitler's knowledge, the Hitler zone, the veto zone,
a power on any slot, the two extra powers of secrethitler.io (reverse investigation, peek and
drop), two special elections in a row, and the checks that refuse a ruleset.
"""

from __future__ import annotations

import dataclasses

import pytest
from scenarios import kinds, of_kind, public

from sh_sms.games.standard.engine import (
    Action,
    GameState,
    IllegalAction,
    apply,
    legal_actions,
    new_game,
    player_view,
    public_view,
)
from sh_sms.games.standard.engine.ruleset import Ruleset, problems, rebalanced, standard

EXECUTE_FIRST = dataclasses.replace(
    standard(7),
    name="custom",
    powers=("execution", "investigate", "special_election", "execution", "execution"),
    hitler_zone=4,
    fascist_policies=10,
)


def names(players: int) -> list[str]:
    return [f"P{i}" for i in range(players)]


def check(state: GameState) -> GameState:
    """Every policy of this game's deck is in exactly one place (R12, by the ruleset)."""
    rules = state.rules
    cards = state.draw + state.discards + state.hand
    assert len(cards) + state.liberal + state.fascist == rules.deck
    assert cards.count("L") + state.liberal == rules.liberal_policies
    return state


def situation(rules: Ruleset, players: int, roles: str, **fields) -> GameState:
    """A dealt game by `rules` with rigged roles ("L L F H ...") and other fields; President 0."""
    state, _ = new_game(names(players), 1, rules=rules)
    words = {"L": "liberal", "F": "fascist", "H": "hitler"}
    fields.setdefault("president", 0)
    fields.setdefault("rotation", fields["president"])
    draw = list(state.draw)
    for card, field in (("L", "liberal"), ("F", "fascist")):
        for _ in range(fields.get(field, getattr(state, field)) - getattr(state, field)):
            draw.remove(card)  # a policy on the board comes out of the deck
    roles = [words[r] for r in roles.split()]
    return check(dataclasses.replace(state, roles=roles, draw=draw, **fields))


def act(state: GameState, seat: int, kind: str, arg=None):
    new, events = apply(state, seat, Action(kind, arg))
    return check(new), events


def govern(state: GameState, chancellor: int, discard: str, enact: str):
    """A nomination, a unanimous Ja, the President's discard and the Chancellor's enactment."""
    president = state.president
    events = []
    state, new = act(state, president, "nominate", chancellor)
    events += new
    for seat in range(state.players):
        if state.alive[seat]:
            state, new = act(state, seat, "vote", True)
            events += new
    state, new = act(state, president, "discard", discard)
    events += new
    state, new = act(state, chancellor, "enact", enact)
    return state, events + new


def fascist_deck(state: GameState, top: list[str]) -> GameState:
    """The same game with `top` on the draw pile, the rest of the deck below it."""
    rest = state.draw + state.discards
    for card in top:
        rest.remove(card)
    return check(dataclasses.replace(state, draw=top + rest, discards=[]))


# --- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [6, 8, 10])
def test_r1_house_rules_set_the_number_of_fascists(players):
    rules = dataclasses.replace(standard(players), fascists=players // 2 - 1)
    state, _ = new_game(names(players), 4, rules=rules)
    assert state.roles.count("fascist") == players // 2 - 1
    assert state.roles.count("hitler") == 1


def test_r3_the_deck_holds_the_house_counts_less_the_policies_already_on_the_board():
    rules = dataclasses.replace(
        standard(7), liberal_policies=7, fascist_policies=12, liberal_start=1, fascist_start=2
    )
    state, _ = new_game(names(7), 9, rules=rules)
    assert (state.liberal, state.fascist) == (1, 2)
    assert sorted(state.draw) == ["F"] * 10 + ["L"] * 6
    assert public_view(state)["draw_pile"] == 16
    assert public_view(state)["rules"]["fascist_start"] == 2
    check(state)


def test_rebalanced_six_starts_with_one_fascist_policy_taken_from_the_deck():
    state, _ = new_game(names(6), 2, rules=rebalanced(6))
    assert (state.liberal, state.fascist) == (0, 1)
    assert sorted(state.draw) == ["F"] * 10 + ["L"] * 6
    assert state.rules.name == "rebalanced"


@pytest.mark.parametrize("players", [7, 9])
def test_rebalanced_seven_and_nine_play_with_ten_fascist_policies(players):
    state, _ = new_game(names(players), 2, rules=rebalanced(players))
    assert sorted(state.draw) == ["F"] * 10 + ["L"] * 6 and state.fascist == 0


@pytest.mark.parametrize(("players", "knows"), [(7, True), (5, False)])
def test_r2_hitler_knows_his_team_as_the_house_says(players, knows):
    rules = dataclasses.replace(standard(players), hitler_knows=knows)
    state, events = new_game(names(players), 3, rules=rules)
    hitler = state.roles.index("hitler")
    fascists = [p for p, r in enumerate(state.roles) if r == "fascist"]
    dealt = of_kind(events, "dealt")[hitler].data
    assert dealt["fascists"] == (fascists if knows else [])
    assert player_view(state, hitler)["fascists"] == (fascists if knows else [])


# --- the Hitler zone and the veto zone -----------------------------------------------------------


@pytest.mark.parametrize(("fascist", "wins"), [(3, False), (4, True)])
def test_r7_hitler_elected_wins_only_from_the_house_hitler_zone(fascist, wins):
    state = situation(EXECUTE_FIRST, 7, "L H L F L L F", fascist=fascist)
    state, _ = act(state, 0, "nominate", 1)
    for seat in range(7):
        state, _ = act(state, seat, "vote", True)
    assert (state.winner == "fascist") is wins
    assert state.phase == ("over" if wins else "president_discard")


def test_r13_veto_unlocks_at_the_house_veto_zone():
    rules = dataclasses.replace(standard(7), veto_zone=3, powers=(None,) * 5)
    state = situation(rules, 7, "L L L F L H F", fascist=2)
    state = fascist_deck(state, ["F", "F", "F"])
    state, events = govern(state, 1, "F", "F")
    assert "veto_unlocked" in kinds(events) and public_view(state)["veto_unlocked"]
    state = fascist_deck(state, ["F", "F", "L"])
    chancellor = state.eligible_chancellors()[0]
    state, _ = act(state, state.president, "nominate", chancellor)
    for seat in range(7):
        state, _ = act(state, seat, "vote", True)
    state, _ = act(state, state.president, "discard", "L")
    assert Action("veto") in legal_actions(state, chancellor)


# --- powers on any slot ------------------------------------------------------------------------


def test_r14_a_house_board_grants_execution_on_the_first_slot():
    state = situation(EXECUTE_FIRST, 7, "L L L F L H F")
    state = fascist_deck(state, ["F", "F", "F"])
    state, _ = govern(state, 1, "F", "F")
    assert (state.phase, state.power) == ("power", "execution")
    assert legal_actions(state, 0) == [Action("execute", p) for p in range(1, 7)]
    state, _ = act(state, 0, "execute", 3)
    assert not state.alive[3] and state.phase == "nominate"


def test_r14_policies_already_on_the_board_grant_no_power_at_the_deal():
    rules = dataclasses.replace(EXECUTE_FIRST, fascist_start=1)
    state, events = new_game(names(7), 5, rules=rules)
    assert state.phase == "nominate" and "power" not in kinds(events)
    assert rules.executions() == 2  # slot 1 is behind the board already


# --- reverse investigation (secrethitler.io "reverseinv") -----------------------------------------

REVERSE = dataclasses.replace(
    standard(7), powers=("reverse_investigation", None, None, "execution", "execution")
)


def test_reverse_investigation_shows_the_presidents_party_to_the_chosen_player_only():
    state = situation(REVERSE, 7, "F L L L L H F")
    state = fascist_deck(state, ["F", "F", "F"])
    state, events = govern(state, 1, "F", "F")
    assert (state.phase, state.power) == ("power", "reverse_investigation")
    assert legal_actions(state, 0) == [Action("show", p) for p in range(1, 7)]
    state, events = act(state, 0, "show", 4)
    private = [e for e in events if e.to is not None]
    assert [(e.kind, e.to, e.data) for e in private] == [
        ("shown_party", 4, {"president": 0, "party": "fascist"})
    ]
    assert [e.data for e in public(of_kind(events, "showed_party"))] == [
        {"president": 0, "target": 4}
    ]
    assert player_view(state, 4)["shown"] == [{"president": 0, "party": "fascist"}]
    assert all(player_view(state, p)["shown"] == [] for p in range(7) if p != 4)
    assert state.phase == "nominate" and state.president == 1


def test_r15_a_president_who_showed_their_party_cannot_be_investigated():
    rules = dataclasses.replace(
        REVERSE, powers=("reverse_investigation", "investigate") + (None,) * 3
    )
    state = situation(rules, 7, "L L L F L H F")
    state = fascist_deck(state, ["F", "F", "F"])
    state, _ = govern(state, 1, "F", "F")
    state, _ = act(state, 0, "show", 2)
    assert public_view(state)["investigated"] == [0]
    state = fascist_deck(state, ["F", "F", "F"])
    state, _ = govern(state, 2, "F", "F")  # President 1 investigates
    assert Action("investigate", 0) not in legal_actions(state, 1)
    with pytest.raises(IllegalAction) as info:
        apply(state, 1, Action("investigate", 0))
    assert info.value.code == "already_investigated"


def test_reverse_investigation_never_targets_the_president_or_the_dead():
    state = situation(REVERSE, 7, "L L L F L H F", alive=[True] * 6 + [False])
    state = fascist_deck(state, ["F", "F", "F"])
    state, _ = govern(state, 1, "F", "F")
    for target, code in ((0, "self_target"), (6, "target_dead")):
        with pytest.raises(IllegalAction) as info:
            apply(state, 0, Action("show", target))
        assert info.value.code == code


# --- peek and drop (secrethitler.io "peekdrop") -------------------------------------------------

DROP = dataclasses.replace(standard(5), powers=(None, None, "peek_and_drop", "execution", None))


def peek_and_drop(top: list[str]) -> GameState:
    state = situation(DROP, 5, "L L L F H", fascist=2)
    state = fascist_deck(state, ["F", "F", "F", *top])
    state, events = govern(state, 1, "F", "F")
    assert (state.phase, state.power) == ("power", "peek_and_drop")
    assert [(e.to, e.data) for e in of_kind(events, "peek_top")] == [(0, {"cards": [top[0]]})]
    assert player_view(state, 0)["peek"] == [top[0]]
    assert player_view(state, 1)["peek"] is None
    assert legal_actions(state, 0) == [Action("drop", True), Action("drop", False)]
    return state


def test_peek_and_drop_discards_the_top_policy_unseen():
    state = peek_and_drop(["L", "F", "F", "L"])
    draw, discards = len(state.draw), len(state.discards)
    state, events = act(state, 0, "drop", True)
    assert state.draw[:3] == ["F", "F", "L"] and state.discards[-1] == "L"
    assert (len(state.draw), len(state.discards)) == (draw - 1, discards + 1)
    assert [e.data for e in public(of_kind(events, "drop_decided"))] == [
        {"president": 0, "dropped": True}
    ]
    assert all("L" not in str(e.data) for e in public(events))  # the card is never told
    assert state.phase == "nominate" and state.president == 1


def test_peek_and_drop_may_keep_the_top_policy():
    state = peek_and_drop(["L", "F", "F"])
    before = list(state.draw)
    state, events = act(state, 0, "drop", False)
    assert state.draw == before
    assert [e.data["dropped"] for e in of_kind(events, "drop_decided")] == [False]


def test_r12_a_drop_that_leaves_fewer_than_three_reshuffles():
    state = peek_and_drop(["L", "F", "F"])
    rest = state.draw[3:]
    state = check(dataclasses.replace(state, draw=state.draw[:3], discards=state.discards + rest))
    state, events = act(state, 0, "drop", True)
    assert "reshuffle" in kinds(events) and len(state.draw) >= 3 and state.discards == []


def test_peek_and_drop_answers_only_yes_or_no():
    state = peek_and_drop(["L", "F", "F"])
    for arg in (1, "L", None):
        with pytest.raises(IllegalAction):
            apply(state, 0, Action("drop", arg))
    with pytest.raises(IllegalAction) as info:
        apply(state, 0, Action("execute", 2))
    assert info.value.code == "wrong_power"


# --- two special elections (RULES.md house-rules ruling) ---------------------------------------


def test_r16_a_second_special_election_resumes_after_the_first_caller():
    rules = dataclasses.replace(
        standard(7), powers=(None, "special_election", "special_election", "execution", None)
    )
    state = situation(rules, 7, "L L L F L H F", fascist=1, president=2)
    state = fascist_deck(state, ["F"] * 6)
    state, _ = govern(state, 3, "F", "F")  # President 2 calls a special election
    state, _ = act(state, 2, "special_election", 5)
    assert state.president == 5
    state, _ = govern(state, 0, "F", "F")  # specially elected 5 calls another
    state, _ = act(state, 5, "special_election", 1)
    assert state.president == 1
    chancellor = state.eligible_chancellors()[0]
    state, _ = act(state, 1, "nominate", chancellor)
    for seat in range(7):
        state, events = act(state, seat, "vote", False)
    rounds = of_kind(events, "round")
    assert state.president == 3  # after 2, who called the first special election
    assert rounds[-1].data == {
        "round": state.round,
        "president": 3,
        "resumes_after": 2,
        "special": 1,
    }


# --- refusing a ruleset ---------------------------------------------------------------------


def codes(rules: Ruleset, players: int) -> list[str]:
    return [problem.code for problem in problems(rules, players)]


@pytest.mark.parametrize("players", range(5, 11))
def test_every_preset_is_playable(players):
    assert codes(standard(players), players) == []
    assert codes(rebalanced(players), players) == []


@pytest.mark.parametrize(
    ("changes", "players", "code"),
    [
        ({"fascists": 2}, 5, "fascists"),  # 3 of 5 with Hitler: a majority
        ({"fascists": 3}, 7, "fascists"),  # 4 of 7
        ({"fascists": 0}, 7, "fascists"),
        ({"liberal_policies": 4}, 7, "liberal_deck"),  # liberals could never win on policies
        ({"liberal_policies": 9}, 7, "liberal_deck"),
        ({"fascist_policies": 20}, 7, "fascist_deck"),
        ({"liberal_policies": 5, "fascist_policies": 7}, 7, "small_deck"),
        ({"liberal_start": 5}, 7, "liberal_start"),
        ({"fascist_start": 5}, 7, "fascist_start"),
        ({"hitler_zone": 6}, 7, "hitler_zone"),
        ({"hitler_zone": 0}, 7, "hitler_zone"),
        ({"veto_zone": 6}, 7, "veto_zone"),
        ({"fascist_start": 3, "veto_zone": 3}, 7, "veto_zone"),
        ({"powers": ("peek",) * 4}, 7, "powers"),
        ({"powers": ("fly", None, None, None, None)}, 7, "powers"),
        ({"powers": ("execution",) * 3 + (None, None)}, 5, "executions"),  # 2 left alive
    ],
)
def test_a_ruleset_a_table_cannot_play_is_refused_with_its_reason(changes, players, code):
    rules = dataclasses.replace(standard(players), **changes)
    assert code in codes(rules, players)
    with pytest.raises(IllegalAction) as info:
        new_game(names(players), 1, rules=rules)
    assert info.value.code == "bad_ruleset"
    assert code in [problem.code for problem in info.value.detail["problems"]]


@pytest.mark.parametrize(
    ("changes", "players"),
    [
        ({"fascists": 2}, 6),  # 3 of 6 with Hitler: half the table, allowed
        ({"fascists": 4}, 10),
        ({"liberal_policies": 5, "fascist_policies": 8}, 7),  # 13 policies
        ({"powers": ("execution",) * 4 + (None,)}, 7),  # 3 left alive
        ({"powers": ("execution",) * 5, "fascist_start": 3, "veto_zone": 4}, 5),  # 2 slots left
        ({"hitler_zone": 1, "veto_zone": 1}, 5),
    ],
)
def test_a_ruleset_at_the_edge_of_the_checks_is_playable(changes, players):
    rules = dataclasses.replace(standard(players), **changes)
    assert codes(rules, players) == []


def test_a_ruleset_survives_a_round_trip_through_json():
    state, _ = new_game(names(7), 8, rules=EXECUTE_FIRST)
    again = GameState.from_json(state.to_json())
    assert again == state and again.rules == EXECUTE_FIRST


def test_r15_a_president_who_showed_twice_is_listed_once_as_investigated():
    rules = dataclasses.replace(REVERSE, powers=("reverse_investigation",) * 2 + (None,) * 3)
    state = situation(rules, 7, "L L L F L H F", shown=[[0, 3]], fascist=1)
    state = fascist_deck(state, ["F", "F", "F"])
    state, _ = govern(state, 1, "F", "F")
    state, _ = act(state, 0, "show", 2)
    assert state.shown == [[0, 3], [0, 2]] and public_view(state)["investigated"] == [0]
