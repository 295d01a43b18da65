"""After the last text: a finished game still answers for a while, its players can still talk,
and one text opens a rematch that everyone joins with one reply (issue 9)."""

from __future__ import annotations

import re

from harness import NAMES, Table, deck, final_roles_ok, seated

from sh_sms.store import LOBBY

EVERYONE5 = set(NAMES[:5])


def finished(table: Table) -> str:
    """A five-player game the Liberals have just won by executing Hitler (Dee)."""
    code = seated(table, "L L F H L", fascist=3, draw=deck("F F F L", fascist=3))
    table.elect("Ana", "Eve", NAMES[:5])
    table["Ana"].send("DISCARD F")
    table["Eve"].send("ENACT F")
    out = table["Ana"].send("EXECUTE Dee")
    for body in out.values():  # the last text links the replay and says how to play again
        assert body.endswith(f"Replay: https://sms.test/g/{code}/replay Play again: text REMATCH.")
    return code


def test_status_role_and_log_still_answer_about_the_game_just_finished(table: Table):
    code = finished(table)
    final = table.state(code)
    status = table["Bob"].send("STATUS").reply
    assert status.startswith("LIBERALS WIN: Hitler was executed.")
    assert final_roles_ok(status, final)
    role = table["Cy"].send("ROLE").reply
    assert role.startswith(f"In game {code} you were FASCIST.\nLIBERALS WIN")
    log = table["Eve"].send("LOG").reply
    assert "Ana executed Dee." in log
    assert table["Eve"].send("HELP").reply.startswith("This game is over.")
    assert table["Eve"].send("JA").reply.startswith(f"Game {code} is over. Text REMATCH")


def test_talk_between_its_players_is_still_relayed_for_a_while(table: Table, clock):
    finished(table)
    out = table["Dee"].send("gg, you got me")  # the dead may talk once it is over
    assert out.others() == {n: "Dee: gg, you got me" for n in EVERYONE5 - {"Dee"}}
    clock.advance(hours=7)  # long after: a stranger again
    out = table["Dee"].send("anyone?")
    assert list(out) == ["Dee"] and out.reply.startswith("Secret Hitler by text.")


def test_rematch_opens_a_lobby_and_everyone_rejoins_with_one_reply(table: Table):
    old = finished(table)
    out = table["Cy"].send("REMATCH")
    code = re.match(r"Rematch ([A-Z]{4}) is open", out["Cy"]).group(1)
    assert code != old
    assert out["Cy"] == (
        f"Rematch {code} is open; you host. Invited: Ana, Bob, Dee, Eve; they reply JOIN, others"
        f" JOIN {code} <name>. START with 5-10."
    )
    for name in EVERYONE5 - {"Cy"}:
        assert out[name] == f"Cy opened a rematch, game {code}. Reply JOIN to play again as {name}."
    # A second REMATCH points at the lobby already open.
    assert table["Bob"].send("REMATCH").reply == (
        f"A rematch is already open: game {code}. Reply JOIN to take your seat."
    )
    for name in ("Ana", "Bob", "Dee"):
        reply = table[name].send("JOIN").reply
        assert reply.startswith(f"You joined game {code}."), reply
    assert table["Eve"].send(f"join {code.lower()}").reply.startswith(f"You joined game {code}.")
    game = table.game(code)
    assert game.status == LOBBY
    assert [p.name for p in table.players(code)] == ["Cy", "Ana", "Bob", "Dee", "Eve"]
    out = table["Cy"].send("START")
    assert set(out) == EVERYONE5 and all("has begun" in body for body in out.values())


def test_join_alone_without_an_invitation_says_how_to_join(table: Table):
    table.phone("Zed")
    assert table["Zed"].send("JOIN").reply.startswith("To join, text JOIN")


def test_a_player_already_in_another_game_is_not_invited(table: Table):
    finished(table)
    table["Eve"].send("NEW Eve")  # Eve has moved on to a game of her own
    out = table["Ana"].send("REMATCH")
    assert "Eve" not in out
    assert "Invited: Bob, Cy, Dee;" in out["Ana"]
