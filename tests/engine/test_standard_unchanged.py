"""House rules leave the standard game exactly as it was (issue 21).

The fingerprints below were captured from `main` before rulesets existed (commit 32c5e64), by
this same code: seeded games between RandomBots (every state as saved and reloaded, every event,
the public view after each step, a player's view every 7 steps) and seeded games between the
strategy bots (the final state and every event, claims included). A standard game today must give
the same bytes. The views gained two additive keys (`rules`, `shown`), left out of the
fingerprint here and checked on their own. If the bots' strategy is changed on purpose, capture
the strategy column again (and say so in the commit).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from sh_sms.games.standard.botplay import RandomSeat, StrategySeat, play_game
from sh_sms.games.standard.engine import GameState, apply, new_game, player_view, public_view
from sh_sms.games.standard.engine.boards import LIBERAL
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.ruleset import rebalanced, standard
from sh_sms.games.standard.engine.state import OVER

RANDOM_GAMES = 60
STRATEGY_GAMES = 30
# players -> (random games, strategy games), sha256, captured on main before issue 21.
GOLDEN = {
    5: (
        "8d097e55bf68fa6f55716030da65b8307ea4876bfe014afecfd52f42761f9cb0",
        "dbef068ce384a72d3a5f951c578c3fd9f36d310b3d68f638db6bd6a093a3a608",
    ),
    6: (
        "650b9e0ae329ace9b453f47ee0a4704905bddf3d1d75719c0582cec19812f60e",
        "2be204c18d35f733299f8e792172c082269f3b2451b88d5bab51b0733fcef252",
    ),
    7: (
        "459f70622bd737b33d9ef06113a1c2f4f28096bbacbc55aa5a6e110061e8536f",
        "d08799de6724cf405caf3d32ea78e14e502067e4db051b1ce51e325c7bd86968",
    ),
    8: (
        "c6d4332d5f962df617b0c9ab3973bc20a5101fb506f2ce55d6b285e1e85fe56d",
        "c3cc55589b88a8b1c116b81392715b9cdbb60f599fde49261ada822743d83c2c",
    ),
    9: (
        "989600b6ae3d839e86322d0e8551d8710b2937284f9182eb4f2103b04e1c000b",
        "8b3b2e456752274119c995b6e82e9f45f230f9a39682bbae13274675751d4fa0",
    ),
    10: (
        "a0bfc8187959847de1b120f4570aedef48996a23b9c92b8d53542b23a2098351",
        "627f8473aaf79c53182470f1632a549571f93bcfab5be8636d6dfbea69987d52",
    ),
}
# A 7-player game saved by main (seed 5, 40 random moves): no ruleset in it.
SAVED_ON_MAIN = (
    '{"seed":5,"names":["P0","P1","P2","P3","P4","P5","P6"],"roles":["liberal","hitler",'
    '"liberal","fascist","liberal","liberal","fascist"],"alive":[true,true,true,true,true,true,'
    'true],"draw":["F","L","F","F","F","F","F","F","L","F","F"],"discards":["F","L","L","L"],'
    '"hand":[],"liberal":1,"fascist":1,"tracker":1,"phase":"vote","round":5,"president":3,'
    '"chancellor":5,"rotation":3,"last_president":1,"last_chancellor":6,"votes":[false,null,'
    'true,null,false,null,null],"last_votes":[false,true,false,false,false,false,true],'
    '"power":null,"veto_proposed":false,"investigations":null,"peek":null,"shuffles":0,'
    '"winner":null,"reason":null}'
)


def _without_additions(view: dict, standard_rules: dict) -> dict:
    """The view as main built it: the additive keys checked and taken out."""
    view = dict(view)
    public = view.get("public")
    if public is not None:
        view["public"] = _without_additions(public, standard_rules)
        assert view.pop("shown") == []
        return view
    assert view.pop("rules") == standard_rules
    return view


def random_fingerprint(players: int, games: int) -> str:
    digest = hashlib.sha256()
    names = [f"P{i}" for i in range(players)]
    rules = public_view(new_game(names, 0)[0])["rules"]
    for seed in range(games):
        state, events = new_game(names, seed, shuffle_seats=seed % 2 == 1)
        digest.update(state.to_json().encode())
        digest.update(json.dumps([list(e) for e in events]).encode())
        bot = RandomBot(seed)
        step = 0
        while state.phase != OVER:
            seat, action = bot.choose(state)
            state, events = apply(state, seat, action)
            state = GameState.from_json(state.to_json())
            digest.update(state.to_json().encode())
            digest.update(json.dumps([list(e) for e in events]).encode())
            view = _without_additions(public_view(state), rules)
            digest.update(json.dumps(view, sort_keys=True).encode())
            if step % 7 == 0:
                view = _without_additions(player_view(state, step % players), rules)
                digest.update(json.dumps(view, sort_keys=True).encode())
            step += 1
    return digest.hexdigest()


def strategy_fingerprint(players: int, games: int) -> str:
    digest = hashlib.sha256()
    for seed in range(games):
        log: list = []
        mix = ("all", "liberals", "fascists")[seed % 3]

        def seat_for(seat: int, role: str, seed: int = seed, mix: str = mix):
            strategic = mix == "all" or (mix == "liberals") == (role == LIBERAL)
            return StrategySeat(seat) if strategic else RandomSeat(seat, seed)

        state = play_game(players, seed, seat_for, log)
        digest.update(state.to_json().encode())
        digest.update(json.dumps([list(e) for e in log]).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("players", range(5, 11))
def test_r1_to_r20_standard_games_replay_byte_for_byte_as_before_house_rules(players: int) -> None:
    """Seeded random games: every saved state, event and view is what main produced."""
    assert random_fingerprint(players, RANDOM_GAMES) == GOLDEN[players][0]


@pytest.mark.parametrize("players", range(5, 11))
def test_strategy_bots_play_standard_games_exactly_as_before(players: int) -> None:
    """Seeded games between the strategy bots: the same moves, claims and endings as main."""
    assert strategy_fingerprint(players, STRATEGY_GAMES) == GOLDEN[players][1]


def test_a_game_saved_before_house_rules_loads_as_standard_and_saves_unchanged() -> None:
    state = GameState.from_json(SAVED_ON_MAIN)
    assert state.ruleset is None and state.rules == standard(7)
    assert state.to_json() == SAVED_ON_MAIN
    bot = RandomBot(5)
    while state.phase != OVER:  # it plays on to an end by the standard rules
        seat, action = bot.choose(state)
        state, _ = apply(state, seat, action)
        assert state.ruleset is None


@pytest.mark.parametrize("players", [5, 8, 10])
def test_rebalanced_where_it_changes_nothing_is_saved_as_the_standard_game(players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    plain, _ = new_game(names, 3)
    same, _ = new_game(names, 3, rules=rebalanced(players))
    assert same.ruleset is None and same.to_json() == plain.to_json()
