"""Room mode (issue 20): a table that shares the board's screen. The host turns it on with
SET ROOM ON (shown in SETTINGS and at START); phones then get only what the board cannot show:
the role, the cards, every prompt with the one line of news needed to act on it, the results of
the player's own powers, reminders and the end. Public news goes to the board only; talk is
still relayed. Switched on in a started game, it counts from the next round.
"""

from __future__ import annotations

import pytest
from harness import NAMES, Table, deck, final_roles_ok, role_line, teammates

from sh_sms.store import OVER
from sh_sms.text.gsm import segments

FIVE = NAMES[:5]
VOTE = "\nReply JA or NEIN. Result when all have voted; till then you may change it."


def room_game(table: Table, roles: str, names: list[str] = FIVE, **changes) -> str:
    """A game the host put in room mode in the lobby, rigged like `harness.seated`."""
    words = {"L": "liberal", "F": "fascist", "H": "hitler"}
    code = table.lobby(names, seed=1)
    table[names[0]].send("SET ROOM ON")
    out = table[names[0]].send("START")
    assert set(out) == set(names)
    table.rig(code, roles=[words[r] for r in roles.split()], president=0, rotation=0, **changes)
    return code


def board_log(table: Table, code: str) -> list[str]:
    response = table.client.get(f"/g/{code}.json")
    assert response.status_code == 200
    return response.get_json()["log"]


def test_the_host_turns_room_mode_on_in_the_lobby_and_start_says_so(table: Table):
    code = table.lobby(FIVE[:3], seed=2)
    out = table["Ana"].send("SET ROOM ON")
    told = f"Ana turned room mode on: the news is on the board at https://sms.test/g/{code}; phones"
    assert set(out) == {"Ana", "Bob", "Cy"}
    assert out["Bob"].startswith(told) and out["Cy"].startswith(told)
    assert out["Ana"].startswith(told.replace("Ana", "You", 1))  # the host reads "You"
    assert "room mode on." in table["Bob"].send("SETTINGS").reply
    out = table.phone("Dee").send(f"JOIN {code} Dee")
    assert list(out) == ["Dee"]  # the board shows who joined: no text to the others
    table.phone("Eve").send(f"JOIN {code} Eve")
    assert "room mode" in table.client.get(f"/g/{code}").get_data(as_text=True)

    out = table["Ana"].send("START")
    state = table.state(code)
    assert set(out) == set(FIVE)
    for seat, name in enumerate(FIVE):
        body = out[name]
        assert body.startswith(f"Game {code} has begun in room mode: news on the board,")
        line = role_line(body)  # the contract: the role and exactly the R2 teammates
        assert line.startswith(f"You are {state.roles[seat].upper()}")
        assert {n for n in FIVE if n in line} == teammates(state, seat)
        # Nobody but the candidate reads the round: the board shows it.
        assert ("Round 1" in body) == (seat == state.president)
    assert "room mode" in table.client.get(f"/g/{code}").get_data(as_text=True)


def test_a_round_in_room_mode_texts_only_what_each_player_must_act_on(table: Table):
    code = room_game(table, "L L F H L", draw=deck("F L F"))
    ana, bob, cy = table["Ana"], table["Bob"], table["Cy"]

    out = ana.send("NOM Bob")  # the vote prompt carries the one line of news it needs
    assert out == {
        "Ana": "You nominated Bob for Chancellor." + VOTE,
        "Bob": "Ana nominated you for Chancellor." + VOTE,
        **{n: "Ana nominated Bob for Chancellor." + VOTE for n in ("Cy", "Dee", "Eve")},
    }
    for name in ("Ana", "Bob", "Cy", "Dee"):
        assert table[name].send("JA") == {}
    out = table["Eve"].send("NEIN")  # the result is on the board; the President gets her cards
    assert out == {"Ana": "You drew F L F.\nReply DISCARD F or DISCARD L; the other two go to Bob."}
    assert "Ana+Bob ELECTED 4-1. Nein: Eve." in board_log(table, code)

    out = cy.send("who do we trust")  # talk is still relayed
    assert out.others() == {n: "Cy: who do we trust" for n in FIVE if n != "Cy"}

    out = ana.send("DISCARD F")
    assert out == {"Bob": "You hold L F.\nReply ENACT L or ENACT F."}
    out = bob.send("ENACT L")
    assert out == {
        "Bob": "Round 2: you are the candidate. Reply NOM <name>. Eligible: Ana, Cy, Dee, Eve."
    }
    log = board_log(table, code)
    assert log[-2:] == ["Enacted: LIBERAL. Board: L 1/5, F 0/6.", "Round 2: Bob is the candidate."]


def test_powers_in_room_mode_tell_the_president_and_the_target(table: Table):
    code = room_game(
        table, "L L F H L F L", names=NAMES[:7], fascist=1, draw=deck("F F L", fascist=1)
    )
    table.elect("Ana", "Bob", NAMES[:7])
    table["Ana"].send("DISCARD L")
    out = table["Bob"].send("ENACT F")
    choices = "Choices: Bob, Cy, Dee, Eve, Fay, Gus."
    assert out == {"Ana": f"You will investigate a player.\nReply INV <name>. {choices}"}
    out = table["Ana"].send("INV Dee")  # the result of her own power; the board says whom
    assert out["Ana"] == "Investigation: Dee is FASCIST."
    assert set(out) == {"Ana", "Bob"}  # and Bob's prompt as the next candidate
    assert "Ana investigated Dee." in board_log(table, code)

    table.rig(code, phase="power", power="execution", president=2, chancellor=None, votes=None)
    out = table["Cy"].send("EXECUTE Eve")
    assert out["Eve"] == "Cy executed you. You may not vote or talk now."
    assert "executed" not in out.get("Cy", "")  # the board shows his own move
    out = table["Dee"].send("SAY poor Eve")
    assert out["Eve"] == "Dee: poor Eve"  # the dead still read the talk

    table.rig(code, phase="power", power="execution", president=0, chancellor=None, votes=None)
    out = table["Ana"].send("EXECUTE Dee")  # Hitler: the end, told to everyone
    final = table.state(code)
    assert table.game(code).status == OVER
    assert set(out) == set(NAMES[:7])
    for body in out.values():
        assert body.startswith("LIBERALS WIN: Hitler was executed.")
        assert final_roles_ok(body, final)
        # How to play again, unless that costs a segment more: the board says it.
        assert "REMATCH" in body or segments(body + " Play again: text REMATCH.") > segments(body)
    assert "texts <b>REMATCH</b>" in table.client.get(f"/g/{code}").get_data(as_text=True)


def test_a_refused_veto_tells_the_chancellor_why_she_holds_the_cards_again(table: Table):
    code = room_game(table, "L L F H L", fascist=5, draw=deck("L F F L F L", fascist=5))
    table.elect("Ana", "Bob", FIVE)
    table["Ana"].send("DISCARD L")
    out = table["Bob"].send("VETO")
    assert out == {"Ana": "Bob proposes a VETO.\nReply VETO YES to discard both, or VETO NO."}
    out = table["Ana"].send("VETO NO")
    assert out == {"Bob": "Ana refused the veto.\nYou hold F F.\nReply ENACT F."}
    assert "Ana refused the veto." in board_log(table, code)


def test_switched_on_in_a_game_it_counts_from_the_next_round(table: Table):
    code = table.start(FIVE, seed=3)
    table.rig(code, president=0, rotation=0, draw=deck("F L F"))
    table["Ana"].send("NOM Bob")
    out = table["Ana"].send("SET ROOM ON")
    assert set(out) == set(FIVE)
    assert out["Cy"].startswith("Ana turned room mode on from round 2: the news is on the board")
    assert "room mode on from round 2" in table["Cy"].send("SETTINGS").reply
    for name in FIVE:
        out = table[name].send("JA")
    assert set(out) == set(FIVE)  # round 1 goes on as it began: the result to everyone
    table["Ana"].send("DISCARD F")
    out = table["Bob"].send("ENACT L")
    assert set(out) == set(FIVE)  # the step that ends round 1 is still told
    assert "room mode on." in table["Cy"].send("SETTINGS").reply

    out = table["Bob"].send("NOM Cy")
    assert set(out) == set(FIVE)  # the vote prompts
    for name in FIVE:
        out = table[name].send("NEIN")
    assert set(out) == {"Cy"}  # round 2 in room mode: only the next candidate's prompt
    out = table["Ana"].send("SET ROOM OFF")  # off at once
    assert out["Dee"] == "Ana turned room mode off: every player gets the news by text again."
    out = table["Cy"].send("NOM Dee")
    for name in FIVE:
        out = table[name].send("NEIN")
    assert set(out) == set(FIVE)
    assert "room mode" not in table.client.get(f"/g/{code}").get_data(as_text=True)


@pytest.mark.parametrize("text", ["SET ROOM ON", "set room mode on", "Set roommode yes"])
def test_the_words_that_turn_it_on(table: Table, text: str):
    table.lobby(FIVE[:2], seed=4)
    out = table["Ana"].send(text)
    assert out["Bob"].startswith("Ana turned room mode on")


def test_only_the_host_sets_it_and_a_bad_value_is_explained(table: Table):
    table.lobby(FIVE[:2], seed=5)
    assert table["Bob"].send("SET ROOM ON") == {"Bob": "Only the host, Ana, can do that."}
    out = table["Ana"].send("SET ROOM maybe")
    assert list(out) == ["Ana"]
    assert out.reply.startswith("SET ROOM ON: for a table that shares the board's screen")
