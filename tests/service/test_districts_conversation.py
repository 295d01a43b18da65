"""A districts game (issue 22, docs/districts.md) by text, situation by situation: the lobby's
RULES DISTRICTS, settling, voting, the capitol's cards, talk by district, the words of the
standard game, what players may ask, the host ending it, and the texts after the end."""

from __future__ import annotations

import re

from districts_driver import districts_lobby
from harness import NAMES, Table

from sh_sms.games.districts.engine import DistrictsState
from sh_sms.games.districts.engine.tables import DRAW, INVESTIGATE, TAKE, faction
from sh_sms.games.districts.text.wording import alignment_text
from sh_sms.store import ACTIVE, ENDED, LOBBY

FIVE = NAMES[:5]


def started(table: Table, seed: int = 3) -> str:
    """Five people in a started districts game; return the code."""
    code = districts_lobby(table, FIVE, 0, seed=seed)
    table[FIVE[0]].send("START")
    return code


def settle(table: Table, code: str, where: list[int]) -> DistrictsState:
    """Everyone texts MOVE to their district; return the state (round 1's voting)."""
    for seat, district in enumerate(where):
        table.seat(code, seat).send(f"MOVE {district}")
    state = table.state(code)
    assert state.phase == "vote" and state.where == where
    return state


def with_deck(table: Table, code: str, top: list[str]) -> None:
    """Put the policies `top` on top of the stored game's deck (taken from where they were)."""
    state = table.state(code).clone()
    draw = list(state.draw)
    for card in top:
        draw.remove(card)
    state.draw = top + draw
    table.put_state(code, state)


def test_the_host_picks_the_districts_game_in_the_lobby(table: Table):
    code = table.lobby(FIVE, seed=1)
    ana, bob = table["Ana"], table["Bob"]
    assert bob.send("RULES DISTRICTS").reply.startswith("Only the host, Ana,")
    out = ana.send("RULES TIMER 5")
    assert out.reply.startswith("Not changed: TIMER is a setting of the districts game")
    out = ana.send("RULES DISTRICTS")
    line = "Districts: 3 districts at 5 players (4 at 9-10), a faction with 5 policies or a "
    assert set(out) == set(FIVE) and all(body.startswith(line) for body in out.values())
    assert out["Bob"].endswith("timer 10 min. (set by Ana)")
    assert ana.send("RULES TIMER 5").reply.endswith("timer 5 min. (set by you)")
    assert ana.send("RULES TIMER 61").reply == (
        "Not changed: The districts timer lasts 1 to 60 minutes. E.g. RULES TIMER 10."
    )
    assert ana.send("RULES TIMER").reply.startswith("RULES TIMER <minutes>: how long")
    assert ana.send("RULES ZONE 4").reply.startswith("Not changed: A districts game has no ZONE")
    shown = bob.send("RULES").reply
    assert shown.startswith(line) and shown.endswith("timer 5 min. HELP RULES to change.")
    board = table.client.get(f"/g/{code}.json").get_json()
    assert board["variant"] == "districts" and board["phase"] == LOBBY
    assert board["rules"]["timer_minutes"] == 5 and len(board["districts"]) == 3
    assert "districts game" in table.client.get(f"/g/{code}").get_data(as_text=True)
    ana.send("RULES STANDARD")
    assert bob.send("RULES").reply.startswith("Rules for 5: standard.")
    assert "variant" not in table.client.get(f"/g/{code}.json").get_json()


def test_start_deals_each_card_in_private_and_asks_everyone_to_settle(table: Table):
    code = districts_lobby(table, FIVE, 0, seed=3)
    out = table["Ana"].send("START")
    state = table.state(code)
    assert table.game(code).status == ACTIVE and state.phase == "settle"
    fascists = {state.names[p] for p, c in enumerate(state.cards) if faction(c) == "fascist"}
    for seat, name in enumerate(FIVE):
        dealt = out[name].split("\n")[0]
        assert dealt.startswith(f"You are {alignment_text(state.cards[seat])}.")
        told = set(re.findall(r"Fascists: ([\w, ]+)\.", dealt)[0].split(", ")) if (
            "Fascists:" in dealt) else set()  # fmt: skip
        assert told == (fascists - {name} if name in fascists else set())
        assert out[name].endswith(
            "Pick a district: MOVE 1, MOVE 2 or MOVE 3. You stay unless a policy moves you."
        )


def test_settling_and_voting_by_text(table: Table):
    code = started(table)
    ana = table["Ana"]
    assert ana.send("MOVE 5").reply == "You can move to: D1, D2, D3."
    assert ana.send("MOVE 2?").reply.startswith("Not done. To make that move, send MOVE 2")
    out = ana.send("move to 1 please")
    assert out.reply.startswith("You settle in D1. The voting starts when everyone")
    assert table.state(code).where[0] == 1
    assert ana.send("MOVE 2").reply.startswith("You cannot use MOVE now.")
    state = settle(table, code, [1, 1, 2, 2, 3])
    assert state.where[0] == 1
    out = table.deliveries[-1]  # Eve settled last: the voting begins
    assert out["Ana"].startswith("Round 1, D1: Bob and you. Elect one for the capitol: VOTE")
    assert out["Eve"].startswith("You settle in D3.\nRound 1, D3: only you. Elect one for")
    # A vote is seen by the voter's district only.
    out = ana.send("VOTE Bob")
    assert set(out) == {"Ana", "Bob"}
    assert out["Bob"] == "Ana votes for you: 1 vote, 2 elect. Still to vote: you."
    assert table["Cy"].send("VOTE Eve").reply == "You can vote for: Cy, Dee."
    assert ana.send("VOTE Bob").reply.startswith("You already vote for Bob.")
    asked = table["Bob"].send("VOTE Bob?").reply
    assert asked.startswith("Not done. To make that move, send VOTE Bob")
    out = table["Bob"].send("vote for me")
    assert out.reply == "To vote, reply VOTE <name>: Ana, Bob. To talk, start with SAY."
    out = table["Bob"].send("vote bob please")
    assert "Bob goes to the capitol for D1 (2 of 2 voters)." in out["Cy"]
    assert out["Bob"].startswith("You go to the capitol for D1 (2 of 2 voters). Talk there")
    out = table["Bob"].send("vote for whoever, I do not mind")  # from the capitol: talk
    assert out.reply.startswith("Nobody is with you right now")


def test_talk_follows_the_districts(table: Table):
    code = started(table)
    out = table["Ana"].send("hello everyone")
    assert set(out) == set(FIVE) - {"Ana"}  # before the districts: to everyone
    settle(table, code, [1, 1, 2, 2, 3])
    assert set(table["Ana"].send("I trust you Bob")) == {"Bob"}  # within the district
    assert set(table["Cy"].send("ja")) == {"Dee"}  # JA is talk here
    table["Eve"].send("VOTE Eve")
    assert table["Eve"].send("anyone here?").reply.startswith("Nobody is with you right now")
    table["Ana"].send("VOTE Ana")
    table["Bob"].send("VOTE Ana")
    out = table["Ana"].send("Eve, shall we start the timer?")
    assert set(out) == {"Eve"}  # the capitol talks freely till the last one arrives
    assert table["Bob"].send("alone now").reply.startswith("Nobody is with you right now")
    table["Cy"].send("VOTE Cy")
    table["Dee"].send("VOTE Cy")
    state = table.state(code)
    assert state.phase in ("draw", "investigate")
    out = table["Ana"].send("psst")
    assert out.reply.startswith("The capitol is silent till the policy is played")
    assert set(out) == {"Ana"}
    assert table["Bob"].send("anyone here").reply.startswith("Nobody is with you")  # D1 w/o Ana
    assert table["Bob"].send("what now").reply.startswith("Round 1, draw. D1 0pt: Ana*, you.")
    assert table["Dee"].send("hm").reply.startswith("Nobody is with you right now")


def test_standard_words_say_what_to_send_instead(table: Table):
    code = started(table)
    settle(table, code, [1, 1, 2, 2, 3])
    ana = table["Ana"]
    expected = {
        "NOM Bob": "There is no NOM in a districts game. Did you mean VOTE?",
        "ELECT Bob": "There is no ELECT in a districts game. Did you mean VOTE?",
        "ENACT L": "There is no ENACT in a districts game. Did you mean DISCARD?",
        "VETO": "There is no VETO in a districts game. HELP",
        "EXECUTE Bob": "There is no EXECUTE in a districts game. HELP",
        "SHOW Bob": "There is no SHOW in a districts game. HELP",
    }
    for text, reply in expected.items():
        out = ana.send(text)
        assert out.reply.startswith(reply), (text, out.reply)
        assert set(out) == {"Ana"}
    for text in ("JA", "nein", "yes", "no", "show me the way", "kill it"):
        assert set(ana.send(text)) == {"Bob"}, text  # talk, to Ana's district


def test_what_players_may_ask(table: Table):
    code = started(table)
    state = settle(table, code, [1, 1, 2, 2, 3])
    cy = table["Cy"]
    status = cy.send("STATUS").reply
    assert status.startswith("D1 0pt: Ana, Bob. D2 0pt: yours, below. D3 0pt: Eve. Policies L0")
    assert "Waiting on" not in status  # the prompt after the board says what Cy must do
    assert status.endswith("\nRound 1, D2: Dee and you. Elect one for the capitol: VOTE <name> "
                           "(you too); 2 votes elect.")  # fmt: skip
    assert cy.send("WHO").reply == status
    assert cy.send("ROLE").reply.startswith(f"You are {alignment_text(state.cards[2])}.")
    assert cy.send("HAND").reply.startswith("You hold no policies.")
    assert cy.send("HELP").reply.startswith("Districts game: each round each district elects")
    assert cy.send("HELP DISTRICTS").reply.startswith("Districts game: your secret card says")
    assert cy.send("HELP MOVE").reply.startswith("MOVE <district>, e.g. MOVE 2")
    assert cy.send("HELP POLICY").reply.startswith("A policy gives its faction 1 policy")
    assert cy.send("HELP ENDGAME").reply.startswith("ENDGAME")
    assert cy.send("help me").reply == cy.send("HELP").reply  # a help request, not talk
    out = cy.send("how do i vote")
    assert set(out) == {"Cy"} and out.reply.startswith("VOTE <name>: your choice")
    assert cy.send("HELP VOTE").reply.startswith("VOTE <name>: your choice")
    assert cy.send("HELP INV").reply.startswith("INV <name>: with the INVESTIGATE card")
    assert cy.send("HELP RULES").reply.startswith("Each round each district elects")
    assert cy.send("HELP SAY").reply.startswith("SAY <text>")
    assert cy.send("INFO").reply.startswith("Districts game:")  # a carrier help word
    assert cy.send("LOG").reply.endswith("Round 1. D1 0pt: Ana, Bob. D2 0pt: Cy, Dee. D3 0pt: Eve.")
    assert cy.send("RULES").reply.startswith("Districts: 3 districts")
    assert cy.send("RULES TIMER 3").reply.startswith("The rules are set in the lobby")
    assert cy.send("VOET Dee").reply.startswith("Did you mean VOTE Dee? Nothing was done")
    assert cy.send("VOTE").reply.startswith("VOTE <name>: your choice")
    assert cy.send("START").reply.startswith(f"Game {code} is already running.")
    assert table["Ana"].send("SETTINGS").reply.startswith(f"Game {code}")
    assert table["Eve"].send("VOTE Eve").reply.startswith("You go to the capitol for D3")
    assert table["Eve"].send("STATUS").reply == (
        "Round 1, vote. D1 0pt: Ana, Bob. D2 0pt: Cy, Dee. D3 0pt: you*. Policies L0 F0 O1 "
        "(0 of 11 played)."
    )


def test_the_capitol_by_text(table: Table):
    code = started(table)
    settle(table, code, [1, 1, 2, 2, 2])  # D3 empty: two representatives, four cards
    with_deck(table, code, ["L1S", "F0-", "O1-"])
    for voter, rep in (("Ana", "Ana"), ("Bob", "Ana"), ("Cy", "Cy"), ("Dee", "Cy")):
        out = table[voter].send(f"VOTE {rep}")
    state = table.state(code)
    assert state.phase == "investigate" and sorted(state.in_capitol()) == [0, 2]
    holders = {role: state.names[seat] for role, seat in state.capitol.items()}
    assert "Cy goes to the capitol for D2 (2 of 3 voters)." in out["Eve"]
    assert f"Capitol: {holders[INVESTIGATE]} investigates" in out["Eve"]
    assert "Capitol: you investigate" in out[holders[INVESTIGATE]]
    investigator = table[holders[INVESTIGATE]]
    other = "Cy" if holders[INVESTIGATE] == "Ana" else "Ana"
    assert investigator.send("INV Eve").reply == f"You can look at: {other}."
    out = investigator.send(f"INV {other}")
    card = alignment_text(state.cards[FIVE.index(other)])
    assert out.reply.startswith(f"You looked at {other}'s card.")
    assert out[other].startswith(f"{holders[INVESTIGATE]} looked at your card.")
    assert f"{other}'s card: {card}. Only you know." in out.reply
    for name, body in out.items():
        assert name == holders[INVESTIGATE] or "Only you know" not in body
    drawer = table[holders[DRAW]]
    assert "You drew: 1) Liberal +1pt, send 2) Fascist 3) Oligarch +1pt." in drawer.last
    assert drawer.send("DISCARD 4").reply.startswith("Send DISCARD and the number of a policy")
    out = drawer.send("DISCARD 2")
    assert "You hold: 1) Liberal +1pt, send 2) Oligarch +1pt." in out[holders[TAKE]]
    taker = table[holders[TAKE]]
    out = taker.send("DISCARD 2")
    actor = holders["action"]
    # The action player is handed the last policy and asked: nothing is played for them.
    assert out[actor].endswith(
        "You hold the policy to play: Liberal +1pt, send. Reply PLAY to "
        "play it for D" + out[actor].split("play it for D")[1]
    )
    assert not any("played" in body for body in out.values())
    assert table.state(code).phase == "play" and table.state(code).enacted == []
    assert table[actor].send("HAND").reply.startswith("You hold: 1) Liberal +1pt, send.")
    assert table["Eve"].send("PLAY").reply.startswith("You cannot use PLAY now.")
    assert table.state(code).enacted == []
    # A hedge is asked (a plain "ok play it please" would be the move, issue 34).
    assert table[actor].send("maybe play it?").reply.startswith("To play your policy, reply PLAY.")
    assert table[actor].send("PLAY 1").reply == "To play your policy, reply PLAY."
    assert table.state(code).enacted == []
    out = table[actor].send("PLAY")
    assert f"{actor} played Liberal +1pt, send: D" in out["Eve"]
    assert f"+1 point, {actor} sends a player." in out["Eve"]
    assert out[actor].startswith("You played Liberal +1pt, send: D")
    assert out[actor].endswith("e.g. SEND " + out[actor].split("e.g. SEND ")[1])
    target = next(n for n in FIVE if n != actor)
    state = table.state(code)
    to = next(d for d in (1, 2, 3) if d != state.where[FIVE.index(target)])
    assert table[actor].send(f"SEND {target} 9").reply  # answered, not made
    assert table.state(code).phase == "move"
    out = table[actor].send(f"SEND {target} {to}")
    assert out[target].startswith(f"{actor} sends you to D{to}.")
    assert table.state(code).phase == "vote" and table.state(code).round == 2


def test_the_host_ends_a_districts_game(table: Table):
    code = started(table)
    settle(table, code, [1, 1, 2, 2, 3])
    assert table["Bob"].send("ENDGAME YES").reply.startswith("Only the host")
    assert table["Ana"].send("ENDGAME").reply
    out = table["Ana"].send("ENDGAME YES")
    state = table.state(code)
    assert table.game(code).status == ENDED and set(out) == set(FIVE)
    for body in out.values():
        assert body.startswith("GAME ENDED by the host, no winner. Cards: LIBERAL ")
        assert f"Unused card: {alignment_text(state.boxed)}." in body
    board = table.client.get(f"/g/{code}.json").get_json()
    assert board["phase"] == "over" and board["reason"] == "ended" and board["roles"]
    assert table.client.get(f"/g/{code}/replay").status_code == 200


def test_after_the_game(table: Table):
    code = started(table)
    settle(table, code, [1, 1, 2, 2, 3])
    table["Ana"].send("ENDGAME YES")
    state = table.state(code)
    bob = table["Bob"]
    assert bob.send("STATUS").reply.startswith("GAME ENDED by the host")
    role = bob.send("ROLE").reply
    assert role.startswith(f"In game {code} your card was {alignment_text(state.cards[1])}.")
    assert set(bob.send("good game all")) == set(FIVE) - {"Bob"}  # talk to everyone again
    assert bob.send("MOVE 1").reply.startswith(f"Game {code} is over.")
    assert bob.send("HELP").reply.startswith("This game is over.")
    out = bob.send("REMATCH")
    new_code = re.match(r"Rematch ([A-Z]+) is open", out.reply).group(1)
    assert table.game(new_code).status == LOBBY
    assert bob.send("RULES").reply.startswith("Districts: 3 districts")  # the same game again


def test_carrier_keywords_keep_their_meaning_in_a_districts_game(table: Table):
    code = started(table)
    settle(table, code, [1, 1, 2, 2, 3])
    assert table["Cy"].send("HELP").reply.startswith("Districts game:")
    version = table.game(code).version
    out = table["Cy"].send("STOP")
    assert out.reply is None  # the carrier confirms an opt-out itself
    assert table.game(code).version == version
    assert "Cy" not in table["Dee"].send("anyone?")  # nothing more reaches Cy


def test_where_each_one_settled_is_theirs_alone_until_the_voting_begins(table: Table):
    """Issue 27: after Ana's MOVE 1, nobody else learns where she went (texts, STATUS, LOG,
    the board page, its JSON, /g/<CODE>.json, the replay) until everyone has chosen."""
    code = started(table)
    client = table.client
    out = table["Ana"].send("MOVE 1")
    assert set(out) == {"Ana"} and out["Ana"].startswith("You settle in D1.")
    status = table["Bob"].send("STATUS").reply
    assert status.startswith("Picking districts: 1 of 5 have chosen. Who is where is told")
    assert "Ana" not in status.split("Waiting on")[0] and "D1 0pt" not in status
    own = table["Ana"].send("STATUS").reply
    assert own.startswith("Picking districts: 1 of 5 have chosen; you are in D1.")
    assert "settles" not in table["Bob"].send("LOG").reply
    for path in (f"/g/{code}.json", f"/g/{code}/board.json"):
        shown = client.get(path).get_json()
        assert shown["settled"] == 1 and shown["phase"] == "settle"
        assert [p["district"] for p in shown["players"]] == [None] * 5
        assert all(d["players"] == [] for d in shown["districts"])
        assert not any("settles" in line for line in shown["log"])
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Ana settles" not in page and "1 of 5 have chosen" in page
    assert client.get(f"/g/{code}/replay").status_code == 404
    for seat, district in ((1, 1), (2, 2), (3, 2)):
        out = table.seat(code, seat).send(f"MOVE {district}")
        last = {"Eve"} if seat == 3 else set()  # who is still to choose is public (STATUS)
        assert set(out) == {FIVE[seat]} | last
    assert out["Eve"].startswith("The game now waits only on you: pick a district (MOVE 1")
    # Eve settles last: the voting begins, and everything is shown
    table["Eve"].send("MOVE 3")
    status = table["Bob"].send("STATUS").reply  # Bob, still to vote, reads his district below
    assert status.startswith("D1 0pt: yours, below. D2 0pt: Cy, Dee. D3 0pt: Eve.")
    assert "Round 1, D1: Ana and you." in status
    assert (
        "Round 1. D1 0pt: Ana, Bob. D2 0pt: Cy, Dee. D3 0pt: Eve." in table["Cy"].send("LOG").reply
    )
    shown = client.get(f"/g/{code}.json").get_json()
    assert [p["district"] for p in shown["players"]] == [1, 1, 2, 2, 3]
    assert [d["players"] for d in shown["districts"]] == [["Ana", "Bob"], ["Cy", "Dee"], ["Eve"]]
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert page.count('<span class="badge">D1</span>') == 2


def test_help_is_answered_and_never_relayed_in_a_districts_lobby_and_game(table: Table):
    """Issue 27: HELP DISTRICTS and HELP MOVE went to the table as talk. In the lobby of a
    districts game and in the game, every help request gets an answer, to its sender only."""
    code = districts_lobby(table, FIVE, 0, seed=3)
    bob = table["Bob"]
    lobby_help = bob.send("HELP")
    assert set(lobby_help) == {"Bob"}
    assert lobby_help.reply.startswith("Districts game: each round each district elects")
    assert "Host: START (5-10 players)" in lobby_help.reply
    for text, reply in [
        ("HELP DISTRICTS", "Districts game: your secret card says how you win (HELP WIN)."),
        ("help me", lobby_help.reply),
        ("HELP MOVE", "MOVE <district>, e.g. MOVE 2"),
        ("HELP VOTE", "VOTE <name>: your choice"),
        ("HELP INV", "INV <name>: with the INVESTIGATE card"),
        ("HELP TIMER", "TIMER: from the capitol"),
        ("HELP POLICY", "A policy gives its faction 1 policy"),
        ("how do i vote", "VOTE <name>: your choice"),
        ("HELP START", "START"),
    ]:
        out = bob.send(text)
        assert set(out) == {"Bob"}, (text, out)
        assert out.reply.startswith(reply), (text, out.reply)
    assert set(bob.send("anyone up for a game")) == set(FIVE) - {"Bob"}  # talk stays talk
    table["Ana"].send("START")
    assert table.state(code).phase == "settle"
    for text, reply in [
        ("HELP", "Districts game: each round each district elects"),
        ("HELP DISTRICTS", "Districts game: your secret card says how you win"),
        ("HELP WIN", "Your card says how you win."),
        ("HELP CAPITOL", "The elected go to the capitol"),
        ("HELP MOVE", "MOVE <district>, e.g. MOVE 2"),
        ("HELP SEND", "SEND <name> <district>"),
        ("HELP DISCARD", "DISCARD <number>"),
        ("HELP INVESTIGATE", "INV <name>"),
        ("HELP STATUS", "STATUS or WHO"),
        ("HELP RULES", "Each round each district elects a representative by majority"),
        ("HELP ROLE", "ROLE"),
        ("HELP HAND", "HAND"),
        ("HELP LOG", "LOG"),
        ("HELP HELP", "HELP"),
        ("help please", "Districts game:"),
        ("how do i move", "MOVE <district>, e.g. MOVE 2"),
        ("how can we use the timer", "TIMER: from the capitol"),
        ("how do i vote", "VOTE <name>: your choice"),
        ("what are the rules", "Each round each district elects"),
    ]:
        out = bob.send(text)
        assert set(out) == {"Bob"}, (text, out)
        assert out.reply.startswith(reply), (text, out.reply)
