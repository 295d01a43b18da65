"""R1-R3: players and roles, what each player knows at the start, the deck, the first President."""

from __future__ import annotations

from dataclasses import replace

import pytest
from scenarios import ROLE_TABLE, names, refused

from sh_sms.games.standard.engine import (
    GameState,
    IllegalAction,
    apply,
    new_game,
    player_view,
    public_view,
)
from sh_sms.games.standard.engine.bot import RandomBot

SEEDS = range(8)


# R1 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", sorted(ROLE_TABLE))
@pytest.mark.parametrize("seed", SEEDS)
def test_r1_role_counts_for_every_table_size(players, seed):
    state, _ = new_game(names(players), seed)
    liberals, fascists = ROLE_TABLE[players]
    assert len(state.roles) == players
    assert state.roles.count("liberal") == liberals
    assert state.roles.count("fascist") == fascists
    assert state.roles.count("hitler") == 1
    assert state.alive == [True] * players


@pytest.mark.parametrize("players", [0, 1, 3, 4, 11, 12])
def test_r1_bad_player_counts_are_refused(players):
    with pytest.raises(IllegalAction) as info:
        new_game(names(players), 1)
    assert info.value.code == "bad_player_count"


def test_r1_roles_are_dealt_at_random():
    deals = {tuple(new_game(names(7), seed)[0].roles) for seed in range(30)}
    assert len(deals) > 10
    hitler_seats = {new_game(names(7), seed)[0].roles.index("hitler") for seed in range(80)}
    assert hitler_seats == set(range(7))


# R2 ---------------------------------------------------------------------------------------------


def expected_knowledge(roles: list[str], seat: int) -> dict:
    """R2 written out: fascists know the team and Hitler; Hitler knows the fascist only at 5-6."""
    fascists = [p for p, r in enumerate(roles) if r == "fascist"]
    hitler = roles.index("hitler")
    role = roles[seat]
    if role == "fascist":
        return {"role": role, "fascists": [p for p in fascists if p != seat], "hitler": hitler}
    if role == "hitler" and len(roles) <= 6:
        return {"role": role, "fascists": fascists, "hitler": None}
    return {"role": role, "fascists": [], "hitler": None}


@pytest.mark.parametrize("players", sorted(ROLE_TABLE))
@pytest.mark.parametrize("seed", SEEDS)
def test_r2_dealt_events_give_each_player_exactly_their_knowledge(players, seed):
    state, events = new_game(names(players), seed)
    dealt = [e for e in events if e.kind == "dealt"]
    assert sorted(e.to for e in dealt) == list(range(players))  # one each, all private
    assert not any(e.kind == "dealt" and e.to is None for e in events)
    for event in dealt:
        assert event.data == expected_knowledge(state.roles, event.to)
    # Nothing public at the start says anything about roles.
    for event in events:
        if event.to is None:
            assert not {"role", "roles", "fascists", "hitler"} & set(event.data)


@pytest.mark.parametrize("players", sorted(ROLE_TABLE))
@pytest.mark.parametrize("seed", SEEDS)
def test_r2_player_view_shows_the_same_knowledge_and_no_more(players, seed):
    state, _ = new_game(names(players), seed)
    for seat in range(players):
        view = player_view(state, seat)
        expected = expected_knowledge(state.roles, seat)
        assert {k: view[k] for k in expected} == expected
        assert view["public"]["roles"] is None
        assert "roles" not in view
    assert public_view(state)["roles"] is None


@pytest.mark.parametrize("players", [5, 6])
def test_r2_hitler_knows_the_fascist_at_five_and_six(players):
    state, events = new_game(names(players), 3)
    hitler = state.roles.index("hitler")
    fascist = state.roles.index("fascist")
    dealt = next(e for e in events if e.kind == "dealt" and e.to == hitler)
    assert dealt.data["fascists"] == [fascist]
    fascist_view = player_view(state, fascist)
    assert fascist_view["hitler"] == hitler and fascist_view["fascists"] == []


@pytest.mark.parametrize("players", [7, 8, 9, 10])
def test_r2_hitler_knows_nobody_at_seven_to_ten(players):
    state, events = new_game(names(players), 3)
    hitler = state.roles.index("hitler")
    dealt = next(e for e in events if e.kind == "dealt" and e.to == hitler)
    assert dealt.data == {"role": "hitler", "fascists": [], "hitler": None}
    for seat, role in enumerate(state.roles):
        if role == "fascist":  # but every fascist knows Hitler and the rest of the team
            mates = {p for p, r in enumerate(state.roles) if r == "fascist"} - {seat}
            assert player_view(state, seat)["hitler"] == hitler
            assert set(player_view(state, seat)["fascists"]) == mates


# R3 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", sorted(ROLE_TABLE))
@pytest.mark.parametrize("seed", SEEDS)
def test_r3_deck_is_six_liberal_and_eleven_fascist(players, seed):
    state, _ = new_game(names(players), seed)
    assert len(state.draw) == 17
    assert state.draw.count("L") == 6 and state.draw.count("F") == 11
    assert state.discards == [] and state.hand == []
    assert (state.liberal, state.fascist, state.tracker) == (0, 0, 0)
    assert public_view(state)["draw_pile"] == 17


def test_r3_deck_is_shuffled_and_differs_between_seeds():
    decks = [tuple(new_game(names(5), seed)[0].draw) for seed in range(20)]
    assert len(set(decks)) >= 15
    assert decks[0] != decks[1]


def play_bot_game(players: int, seed: int) -> list[str]:
    """Play one RandomBot game; return the JSON of every state, start included."""
    state, _ = new_game(names(players), seed)
    bot = RandomBot(seed)
    out = [state.to_json()]
    while state.phase != "over":
        seat, action = bot.choose(state)
        state, _ = apply(state, seat, action)
        out.append(state.to_json())
    return out


@pytest.mark.parametrize("players", sorted(ROLE_TABLE))
def test_r3_same_seed_replays_the_identical_game(players):
    first = play_bot_game(players, 42)
    again = play_bot_game(players, 42)
    assert first == again  # byte-identical JSON after every action
    last = GameState.from_json(first[-1])
    assert last.to_json() == first[-1]


def test_r3_different_seeds_give_different_games():
    games = [play_bot_game(7, seed) for seed in (1, 2, 3)]
    # Compare with the seed itself blanked out, so only what happened can differ.
    blank = [[replace(GameState.from_json(j), seed=0).to_json() for j in g] for g in games]
    assert blank[0] != blank[1] and blank[1] != blank[2] and blank[0] != blank[2]
    starts = {
        (tuple(g[0].roles), tuple(g[0].draw))
        for g in ([GameState.from_json(j) for j in game] for game in games)
    }
    assert len(starts) == 3


@pytest.mark.parametrize("players", sorted(ROLE_TABLE))
def test_r3_first_president_is_random(players):
    firsts = {new_game(names(players), seed)[0].president for seed in range(60)}
    assert firsts == set(range(players))


@pytest.mark.parametrize("seed", SEEDS)
def test_r3_first_round_is_a_nomination_by_the_first_president(seed):
    state, events = new_game(names(7), seed)
    assert state.phase == "nominate" and state.round == 1
    assert state.rotation == state.president
    rounds = [e for e in events if e.kind == "round"]
    assert rounds == [rounds[0]] and rounds[0].to is None
    assert rounds[0].data["president"] == state.president
    assert public_view(state)["waiting_for"] == [state.president]


def test_r3_seat_order_is_join_order_unless_shuffled():
    joined = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]
    state, _ = new_game(joined, 5)
    assert state.names == joined
    assert [p["name"] for p in public_view(state)["players"]] == joined
    orders = [new_game(joined, seed, shuffle_seats=True)[0].names for seed in range(10)]
    assert all(sorted(order) == sorted(joined) for order in orders)
    assert any(order != joined for order in orders)
    # Shuffling is seeded too.
    assert new_game(joined, 9, shuffle_seats=True)[0] == new_game(joined, 9, shuffle_seats=True)[0]


def test_r3_new_game_does_not_keep_the_callers_list():
    joined = names(6)
    state, _ = new_game(joined, 1)
    joined.append("late")
    assert state.names == names(6)
    refused(state, 6, "nominate", 1, "not_a_player")
