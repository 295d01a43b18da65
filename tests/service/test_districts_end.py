"""The end of a districts game (issue 34, point 4), through POST /sms: each player is told
whether their own card won and why, with the policy that ended it (a PLAY that ends the game
names what was played), then who won and who lost with every card; "wait so who won?" after the
end gets it again; the game counts in STATS and on the group page by each card's own way of
winning; a watcher gets a text per round and the end, every one at most two segments."""

from __future__ import annotations

import re

from districts_driver import districts_lobby, drive
from harness import NAMES, Table

from sh_sms.games.districts.engine.tables import DRAW, TAKE, faction, home_of
from sh_sms.games.districts.text.wording import alignment_text
from sh_sms.text.gsm import sanitize, segments

FIVE = NAMES[:5]
WHERE = [1, 1, 2, 2, 3]


def to_the_last_play(table: Table, seed: int = 3) -> tuple[str, str, int]:
    """Five people settled in WHERE, every district at 4 points, three representatives; the
    action player is handed Liberal +1pt. Return the code, the action player and their
    district."""
    code = districts_lobby(table, FIVE, 0, seed=seed)
    table["Ana"].send("START")
    for seat, district in enumerate(WHERE):
        table.seat(code, seat).send(f"MOVE {district}")
    state = table.state(code).clone()
    state.points = [4, 4, 4]
    draw = list(state.draw)
    for card in ("L1-", "F0-", "F0S"):
        draw.remove(card)
    state.draw = ["L1-", "F0-", "F0S", *draw]
    table.put_state(code, state)
    for voter, rep in (("Ana", "Ana"), ("Bob", "Ana"), ("Cy", "Cy"), ("Dee", "Cy"), ("Eve", "Eve")):
        table[voter].send(f"VOTE {rep}")
    state = table.state(code)
    assert state.phase == "draw", state.phase
    table.seat(code, state.capitol[DRAW]).send("DISCARD 2")
    table.seat(code, table.state(code).capitol[TAKE]).send("DISCARD 2")
    state = table.state(code)
    assert state.phase == "play" and state.hand == ["L1-"]
    actor = state.capitol["action"]
    district = state.where[actor]
    # Cards that make every way to win and lose show: the action player liberal, a liberal
    # elsewhere, the oligarch of the action player's district, two fascists.
    others = [s for s in range(5) if s != actor]
    cards = {actor: "liberal", others[0]: "liberal", others[1]: f"oligarch-{district}"}
    table.rig(code, cards=[cards.get(s, "fascist") for s in range(5)], boxed="liberal")
    return code, state.names[actor], district


def test_each_player_is_told_whether_they_won_why_and_the_policy_that_ended_it(table: Table):
    code, actor, district = to_the_last_play(table)
    out = table[actor].send("PLAY")
    final = table.state(code)
    assert final.phase == "over" and final.reason == "points"
    assert set(out) == set(FIVE)
    assert len(final.winners) == 2  # the action player, and their district's oligarch
    for seat, name in enumerate(FIVE):
        body = out[name]
        assert segments(sanitize(body)) <= 2, body
        card = final.cards[seat]
        side = faction(card)
        won = seat in final.winners
        if side == "liberal" and WHERE[seat] == district:
            start = f"GAME OVER. You won: your district D{district} has 5 points."
        elif side == "liberal":
            start = f"GAME OVER. You lost: D{district} has 5 points; you are in D{WHERE[seat]}."
        elif side == "oligarch" and home_of(card) == district:
            start = f"GAME OVER. You won: your D{district} leads with 5 points."
        elif side == "oligarch":
            start = f"GAME OVER. You lost: D{district} has 5 points; your D{home_of(card)} does not"
        else:
            start = f"GAME OVER. You lost: D{district} has 5 points."
        assert body.startswith(start), (name, card, body)
        assert won == body.startswith("GAME OVER. You won:")
        played = "You played" if name == actor else f"{actor} played"
        assert f"{played} Liberal +1pt for D{district}." in body  # the PLAY that ended it
        assert f"Unused card: {alignment_text(final.boxed)}." in body
        assert body.endswith("Play again: REMATCH.")
        assert "* won" not in body
    # Who won and who lost, by name, with their cards.
    body = out["Eve"]
    winners = re.search(r"\bWon: (.*?)\. Lost:", body).group(1)
    for seat in final.winners:
        assert final.names[seat] in winners and alignment_text(final.cards[seat]) in winners


def test_who_won_after_the_end_is_answered(table: Table):
    code, actor, _ = to_the_last_play(table)
    table[actor].send("PLAY")
    final = table.state(code)
    loser = next(n for s, n in enumerate(FIVE) if s not in final.winners)
    out = table[loser].send("wait so who won? i'm liberal and it says i lost")
    assert out.reply == table[loser].inbox[-1]
    assert out.reply.startswith("GAME OVER. You lost: ")
    assert f"{loser}: wait so who won?" in out[next(n for n in FIVE if n != loser)]  # talk too
    assert table[loser].send("did i win?").reply.startswith("GAME OVER. You lost: ")
    assert table[loser].send("STATUS").reply.startswith("GAME OVER. You lost: ")
    winner = FIVE[final.winners[0]]
    assert table[winner].send("who won").reply.startswith("GAME OVER. You won: ")


def test_a_districts_game_counts_in_stats_and_on_the_group_page(table: Table):
    code, actor, _ = to_the_last_play(table)
    table[actor].send("PLAY")
    final = table.state(code)
    for seat, name in enumerate(FIVE):
        side = faction(final.cards[seat])
        won = int(seat in final.winners)
        reply = table[name].send("STATS").reply
        assert reply.startswith(f"{name}: 1 game, {won} won ({side} 1, {won} won)."), reply
        assert "The group's wins: " in reply
    sides = sorted({faction(final.cards[s]) for s in final.winners})
    assert sides == ["liberal", "oligarch"]
    stats = table["Ana"].send("STATS").reply
    for side in sides:
        assert f"{side}s 1" in stats, stats
    page = table.client.get(f"/g/{code}/group").get_data(as_text=True)
    assert "1 game together" in page
    label = {"liberal": "Liberals", "fascist": "Fascists", "oligarch": "Oligarchs"}
    assert " and ".join(label[s] for s in sides) + " won" in page
    assert "a district reached its points" in page


def test_a_watcher_gets_every_round_and_the_end(table: Table):
    names = ["Anabelle", "Bartholo", "Cecilias", "Dorothea", "Emmanuel", "Florence", "Gwendola"]
    code = districts_lobby(table, names, 3, seed=5)
    zed = table.phone("Zed")
    zed.send(f"WATCH {code}")
    table[names[0]].send("START")
    final, _ = drive(table, code, seed=5)
    *rounds, last = zed.inbox[1:]
    assert len(rounds) == final.round  # one text per round's voting
    assert rounds[0].startswith(f"{code}: Round 1. D1 ")
    for n, body in enumerate(rounds[1:], start=2):
        assert f"Round {n}. D1 " in body and "played" in body, body
    for body in zed.inbox[1:]:
        assert segments(sanitize(body)) <= 2, body
        assert "You " not in body and "Only you" not in body, body
    assert last.startswith(f"{code}: GAME OVER: ") and last.endswith("Your watch is over.")
    assert all(name in last for name in final.names)
    assert f"Unused card: {alignment_text(final.boxed)}." in last
