"""Open lobbies are not advertised and cannot be churned; names cannot deceive (issue 18, Why 3
and 6).

Before, `/` listed lobby codes "Waiting for players", a stranger who read one could JOIN/LEAVE
50 times (1,000 texts to the members), KICK did not stop the next JOIN, `AIice` sat beside
`Alice`, `KICK 2` removed the player named "2" and `KICK BOT` a person named Bot.
"""

from __future__ import annotations

from abuse_helpers import segments_caused, send_paced, settings
from harness import NAMES, Table
from sqlalchemy import insert

from sh_sms.store import Player, transaction

MEMBERS = NAMES[:9]


def test_the_front_page_never_shows_an_open_lobby(table: Table):
    code = table.lobby(MEMBERS)
    page = table.client.get("/").get_data(as_text=True)
    assert code not in page and "Waiting for players" not in page
    table["Ana"].send("START")
    assert code in table.client.get("/").get_data(as_text=True)  # a started game may show


def test_join_leave_churn_reaches_the_members_a_few_times(table: Table):
    s = settings(table)
    code = table.lobby(MEMBERS)
    bodies = [f"JOIN {code} Zed", "LEAVE"] * 50
    zed = table.phone("Zed")
    out = send_paced(table, "Zed", bodies, seconds=4)
    to_members = segments_caused(out, leaving_out=zed.number)
    assert to_members <= s.lobby_joins * 2 * len(MEMBERS)  # 1,000 texts before
    refusals = [d.reply for d in out if d.reply and "cannot join it again" in d.reply]
    assert refusals and refusals[0] == (
        f"You have joined game {code} {s.lobby_joins} times, so you cannot join it again. "
        "Open your own: NEW <your name>."
    )


def test_someone_who_leaves_by_mistake_can_rejoin_twice(table: Table):
    code = table.lobby(MEMBERS[:4])
    for _ in range(2):
        table["Dee"].send("LEAVE")
        assert table["Dee"].send(f"JOIN {code} Dee").reply.startswith(f"You joined game {code}")


def test_a_kicked_number_cannot_join_that_lobby_again(table: Table):
    code = table.lobby(MEMBERS[:4])
    table["Ana"].send("KICK Dee")
    out = table["Dee"].send(f"JOIN {code} Dee2")
    assert out == {
        "Dee": f"The host removed you from game {code}, so you cannot join it again. "
        "Open your own: NEW <your name>."
    }
    assert [p.name for p in table.players(code)] == ["Ana", "Bob", "Cy"]
    assert table["Dee"].send("NEW Dee").reply.startswith("Game ")  # any other game is open


def test_names_that_deceive_are_refused_saying_what_works(table: Table):
    code = table.lobby(["Alice", "BOB"])
    cases = {
        f"JOIN {code} AIice": "AIice cannot be a name here: it looks too much like Alice",
        f"JOIN {code} B0B": "B0B cannot be a name here: it looks too much like BOB",
        f"JOIN {code} 2": "2 cannot be a name: digits alone mean a seat number.",
        f"JOIN {code} Bot": "Bot cannot be a name: it is a command word.",
        f"JOIN {code} yes": "yes cannot be a name: it is a command word.",
        "NEW Kill": "Kill cannot be a name: it is a command word.",
    }
    for i, (body, refusal) in enumerate(cases.items()):
        out = table.phone(f"P{i}").send(body)
        assert out.reply.startswith(refusal), out.reply
        usage = "Text NEW <another name>" if body.startswith("NEW") else f"Text JOIN {code} <"
        assert usage in out.reply and "at least one letter" in out.reply
    assert [p.name for p in table.players(code)] == ["Alice", "BOB"]


def test_kick_bot_removes_only_a_bot_and_kick_2_means_seat_2(table: Table):
    code = table.lobby(["Ana", "Botany", "Cy"])
    ana = table["Ana"]
    assert ana.send("KICK BOT").reply.startswith("There is no computer player to remove.")
    assert [p.name for p in table.players(code)] == ["Ana", "Botany", "Cy"]
    ana.send("BOT")
    ana.send("KICK BOT")
    assert [p.name for p in table.players(code)] == ["Ana", "Botany", "Cy"]
    # A player named "2" from before such names were refused, in seat 3: KICK 2 is seat 2.
    game_id = table.game(code).id
    with transaction(table.engine) as session:
        session.connection().execute(
            insert(Player),
            [{"game_id": game_id, "number": "+15557770002", "open_number": "+15557770002",
              "name": "2", "name_key": "2", "seat": 3, "is_host": False, "is_bot": False,
              "joined_at": table.clock()}],
        )  # fmt: skip
    ana.send("KICK 2")
    assert [p.name for p in table.players(code)] == ["Ana", "Cy", "2"]
