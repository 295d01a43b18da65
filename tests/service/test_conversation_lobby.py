"""Conversations in the lobby: NEW, JOIN, LEAVE, KICK, the host passing on, START and END."""

from __future__ import annotations

from harness import NAMES, Table

from sh_sms.store import ACTIVE, ENDED, LOBBY
from sh_sms.text.gsm import segments


def test_a_lobby_from_new_to_start(table: Table):
    ana, bob, cy, dee, eve, fay = (table.phone(n) for n in NAMES[:6])

    out = ana.send("NEW Ana")
    assert out.reply.startswith("Game ")
    assert "you are the host, Ana" in out.reply
    code = out.reply.split()[1]
    assert len(code) == 4 and code.isalpha() and code.isupper()
    assert f"JOIN {code} <name>" in out.reply
    assert list(out) == ["Ana"]

    out = ana.send("START")
    assert out == {"Ana": out.reply}
    assert out.reply.startswith("A game needs 5-10 players; 1 is in.")

    out = bob.send(f"join {code.lower()} Bob")  # any case
    assert out.reply == (
        f"You joined game {code}. Players (2): Ana, Bob (you). Ana will START when everyone is in."
        " Game: Secret Hitler."  # which game the lobby plays (issue 34)
    )
    assert out["Ana"] == "Bob joined (2 players)."

    out = cy.send(f"JOIN {code} Cy")  # the host hears of each new player; the others do not
    assert out.others() == {"Ana": "Cy joined (3 players)."}
    dee.send(f"JOIN {code} Dee")

    out = eve.send(f"JOIN {code} ANA")  # names are unique, case-insensitive
    assert out == {"Eve": out.reply}
    assert out.reply.startswith(f"The name ANA is taken in game {code}.")

    out = bob.send("START")
    assert out == {"Bob": "Only the host, Ana, can do that."}

    out = ana.send("START")
    assert out.reply.startswith("A game needs 5-10 players; 4 are in.")
    assert table.game(code).status == LOBBY

    # Lobby talk is allowed and goes to everyone else.
    out = cy.send("waiting for Eve")
    assert out == {"Ana": "Cy: waiting for Eve", "Bob": "Cy: waiting for Eve", "Dee": out["Dee"]}
    assert out["Dee"] == "Cy: waiting for Eve"

    out = eve.send(f"JOIN {code} Eve")
    joined = f"You joined game {code}. Players (5): Ana, Bob, Cy, Dee, Eve (you)."
    assert out.reply.startswith(joined)
    out = fay.send(f"JOIN {code} Fay")
    assert set(out) == {"Ana", "Fay"}

    out = bob.send("WHO")
    assert out.reply == (
        f"Game {code} lobby, 6 players: Ana, Bob (you), Cy, Dee, Eve, Fay. Host: Ana. "
        "The host texts START with 5-10 players."
    )
    assert bob.send("PLAYERS").reply == out.reply

    out = ana.send("START")
    assert table.game(code).status == ACTIVE
    assert set(out) == {"Ana", "Bob", "Cy", "Dee", "Eve", "Fay"}
    everyone = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay"]
    rosters = 0
    for name, body in out.items():  # the roster, the reader marked, when it costs no segment
        roster = ", ".join(f"{n} (you)" if n == name else n for n in everyone)
        assert body.startswith(f"Game {code} has begun")
        full = f"Game {code} has begun: {roster}. HELP for commands.\n" + body.split("\n", 1)[1]
        # The roster is left out only when it would cost a segment.
        assert f"begun: {roster}." in body or segments(full) > segments(body), body
        assert "You are " in body
        rosters += roster in body
    assert rosters


def test_leave_kick_and_the_host_passing_on(table: Table):
    ana, bob, cy, dee, eve = (table.phone(n) for n in NAMES[:5])
    code = table.lobby(["Ana", "Bob", "Cy", "Dee", "Eve"])

    out = cy.send("LEAVE")
    assert out.reply.startswith(f"You left game {code}.")
    assert out.others() == {n: "Cy left (4 players)." for n in ("Ana", "Bob", "Dee", "Eve")}

    out = bob.send("KICK Dee")
    assert out == {"Bob": "Only the host, Ana, can do that."}

    out = ana.send("KICK Zed")
    assert out == {
        "Ana": "Nobody is called Zed. Players: Ana, Bob, Dee, Eve. A seat number works too."
    }

    out = ana.send("KICK Ana")
    assert out == {"Ana": "To leave the game yourself, text LEAVE."}

    out = ana.send("KICK")
    assert out == {"Ana": "To remove a player, text KICK and a name or seat number."}

    out = ana.send("kick d")  # a unique prefix is enough
    assert out["Dee"] == f"The host removed you from game {code}."
    assert out["Ana"] == out["Bob"] == out["Eve"] == "Dee was removed by the host (3 players)."

    # Dee is free again (a stranger's introduction), but may not join this lobby again.
    out = dee.send("hello?")
    assert out.reply.startswith("Secret Hitler by text.")
    out = dee.send(f"JOIN {code} Dee")
    assert out == {
        "Dee": f"The host removed you from game {code}, so you cannot join it again. "
        "Open your own: NEW <your name>."
    }
    fay = table.phone("Fay")
    out = fay.send(f"JOIN {code} Fay")
    assert out.reply.startswith(f"You joined game {code}. Players (4): Ana, Bob, Eve, Fay (you).")

    # The host leaves: the next member (in seat order) becomes host.
    out = ana.send("LEAVE")
    assert out.reply.startswith(f"You left game {code}.")
    assert out["Bob"] == "Ana left (3 players). You are now the host."
    for name in ("Eve", "Fay"):
        assert out[name] == "Ana left (3 players). Bob is now the host."
    assert bob.send("START").reply.startswith("A game needs 5-10 players; 3 are in.")
    assert eve.send("START") == {"Eve": "Only the host, Bob, can do that."}

    # Seat numbers follow the new join order: 1 Bob, 2 Eve, 3 Fay.
    out = bob.send("KICK 3")
    assert out["Fay"] == f"The host removed you from game {code}."

    out = eve.send("LEAVE")
    assert out["Bob"].startswith("Eve left (1 ")
    out = bob.send("LEAVE")
    assert out == {"Bob": out.reply}
    assert table.game(code).status == ENDED  # the last member closes an empty lobby
    out = cy.send(f"JOIN {code} Cy")
    assert out.reply.startswith(f"There is no open game {code}.")


def test_a_full_lobby_refuses_an_eleventh_player(table: Table):
    code = table.lobby(NAMES)
    out = table.phone("Kim").send(f"JOIN {code} Kim")
    assert out == {"Kim": f"Game {code} is full (10 players)."}
    assert len(table.players(code)) == 10


def test_joining_what_cannot_be_joined(table: Table):
    zed = table.phone("Zed")
    assert zed.send("JOIN BCDF Zed").reply.startswith("There is no open game BCDF.")
    assert zed.send("JOIN").reply.startswith("To join, text JOIN, the game's code and your name")
    assert zed.send("JOIN BCDF").reply.startswith("To join, text JOIN")
    assert zed.send("JOIN BC Zed").reply.startswith("To join, text JOIN")
    assert zed.send("JOIN BCDF <script>").reply.startswith("To join, text JOIN")
    assert zed.send("NEW").reply.startswith("To open a game, text NEW and your name")
    assert zed.send("NEW Thirteenchars").reply.startswith("To open a game, text NEW")
    assert zed.send("NEW two words").reply.startswith("To open a game, text NEW")

    code = table.start(NAMES[:5], seed=1)
    assert zed.send(f"JOIN {code} Zed").reply.startswith(f"Game {code} has already started.")
    assert len(table.players(code)) == 5


def test_create_is_new(table: Table):
    out = table.phone("Ana").send("create Ana!")
    assert "you are the host, Ana." in out.reply


def test_game_commands_in_a_lobby_wait_for_the_start(table: Table):
    code = table.lobby(["Ana", "Bob"])
    out = table["Bob"].send("NOM Ana")
    assert out == {"Bob": out.reply}
    assert out.reply.startswith(f"Game {code} has not started yet (2 players in).")
    assert table["Ana"].send("HELP").reply.startswith("Lobby: LEAVE, WHO, STATUS")
    out = table["Bob"].send("NEW Bob")
    assert out == {"Bob": f"You are already in game {code}. Text LEAVE first to join another."}


def test_end_in_a_lobby(table: Table):
    code = table.lobby(NAMES[:3])
    assert table["Bob"].send("ENDGAME") == {"Bob": "Only the host, Ana, can do that."}
    out = table["Ana"].send("ENDGAME")  # no roles yet: nothing is revealed
    assert out == {"Ana": f"Reply ENDGAME YES to close game {code} for everyone before it starts."}
    assert table.game(code).status == LOBBY
    out = table["Ana"].send("endgame yes")
    assert out == {n: "GAME ENDED by the host." for n in NAMES[:3]}
    assert table.game(code).status == ENDED
    # Everyone is free again.
    assert table["Bob"].send("NEW Bob").reply.startswith("Game ")
