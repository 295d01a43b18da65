"""What the outside world can throw at the webhook: retries, forged requests, strangers and
auto-responders, numbers that try to be in two games, odd `From` values, STOP and START."""

from __future__ import annotations

from harness import FakeClock, Table, deck, seated, sign
from sqlalchemy import func
from sqlmodel import Session, select

from sh_sms.store import ACTIVE, LOBBY, Contact, Game, Inbound, Outbox

INTRO = "Secret Hitler by text. Start a game: NEW <your name>. Join one: JOIN <code> <your name>."


def count(table: Table, model) -> int:
    with Session(table.engine) as session:
        return session.exec(select(func.count()).select_from(model)).one()


def test_a_repeated_message_sid_changes_nothing(table: Table, new_table):
    ana = table.phone("Ana")
    out = ana.send("NEW Ana", sid="SMretry0001")
    assert "you are the host" in out.reply
    rows, games = count(table, Outbox), count(table, Game)
    out = ana.send("NEW Ana", sid="SMretry0001")  # Twilio retrying the same text
    assert out == {}
    assert (count(table, Outbox), count(table, Game)) == (rows, games)

    table = new_table()  # new phones, a new game
    code = seated(table, "L L F H L", draw=deck("F L F"))
    table["Ana"].send("NOM Bob")
    table["Cy"].send("JA", sid="SMvote0001")
    version = table.game(code).version
    assert table["Cy"].send("NEIN", sid="SMvote0001") == {}  # same sid, whatever the body
    assert table["Cy"].send("JA", sid="SMvote0001") == {}
    assert table.game(code).version == version
    assert table.state(code).votes[2] is True


def test_missing_or_bad_signatures_are_refused(table: Table):
    form = {"From": "+15550001234", "To": "+15550009999", "Body": "NEW Ana", "MessageSid": "SMx1"}
    client = table.client
    assert client.post("/sms", data=form).status_code == 403
    bad = [
        sign(form, token="another-token"),
        sign(form, url="http://localhost/sms"),  # not the public URL Twilio calls
        sign({**form, "Body": "NEW Bob"}),  # a body changed after signing
        "",
        "garbage",
    ]
    for signature in bad:
        response = client.post("/sms", data=form, headers={"X-Twilio-Signature": signature})
        assert response.status_code == 403, signature
    assert (count(table, Outbox), count(table, Game), count(table, Inbound)) == (0, 0, 0)
    # The same form, signed right, goes through.
    response = client.post("/sms", data=form, headers={"X-Twilio-Signature": sign(form)})
    assert response.status_code == 200
    assert count(table, Game) == 1


def test_a_stranger_is_introduced_at_most_once_per_ten_minutes(table: Table, clock: FakeClock):
    robot = table.phone("Robot")
    assert robot.send("Thanks for your message! I am away.") == {"Robot": robot.last}
    assert robot.last.startswith(INTRO)
    assert robot.send("Thanks for your message! I am away.") == {}
    clock.advance(minutes=5)
    assert robot.send("STATUS") == {}
    clock.advance(minutes=4, seconds=59)
    assert robot.send("?") == {}
    other = table.phone("Other")
    assert other.send("hi").reply.startswith(INTRO)  # per number
    clock.advance(seconds=1)  # ten minutes after the first introduction
    assert robot.send("Thanks for your message! I am away.").reply.startswith(INTRO)
    assert robot.send("Thanks for your message! I am away.") == {}
    assert len(robot.inbox) == 2
    # HELP still answers, whatever the interval.
    assert robot.send("HELP").reply.startswith("Text NEW <your name>")


def test_a_number_in_a_lobby_cannot_join_or_open_another(table: Table):
    first = table.lobby(["Ana", "Bob"])
    second = table.lobby(["Cy", "Dee"])
    out = table["Bob"].send(f"JOIN {second} Bob")
    assert out == {"Bob": f"You are already in game {first}. Text LEAVE first to join another."}
    out = table["Bob"].send("NEW Bob")
    assert out == {"Bob": f"You are already in game {first}. Text LEAVE first to join another."}
    assert [p.name for p in table.players(first)] == ["Ana", "Bob"]
    assert [p.name for p in table.players(second)] == ["Cy", "Dee"]
    assert count(table, Game) == 2


def test_a_number_in_a_running_game_cannot_join_or_open_another(table: Table):
    running = seated(table, "L L F H L")
    lobby = table.lobby(["Fay", "Gus"])
    out = table["Bob"].send(f"JOIN {lobby} Bob")
    assert out == {"Bob": f"You are in game {running}, which is still running."}
    out = table["Bob"].send("NEW Bob")
    assert out == {"Bob": f"You are in game {running}, which is still running."}
    assert [p.name for p in table.players(lobby)] == ["Fay", "Gus"]
    assert table.game(running).status == ACTIVE
    assert table.game(lobby).status == LOBBY
    assert count(table, Game) == 2
    assert table["Bob"].send("ROLE").reply.startswith("You are ")  # still in the game


def test_unusable_from_values_are_ignored(table: Table):
    for sender in ["", "not a number", "12", "+", "<script>", "'; DROP TABLE games;--", "1" * 40]:
        response = table.post(sender, "NEW Ana")
        assert response.status_code == 200
        assert response.mimetype == "text/xml"
    response = table.post(None, "NEW Ana")
    assert response.status_code == 200
    assert (count(table, Game), count(table, Outbox)) == (0, 0)


def test_a_number_in_another_format_is_the_same_player(table: Table):
    ana = table.phone("Ana", "+15550104242")
    ana.send("NEW Ana")
    response = table.post("(555) 010-4242", "WHO")  # a national format, region US
    assert response.status_code == 200
    rows = table.new_rows()
    assert [(r.to_number, r.body.split(",")[0]) for r in rows] == [
        ("+15550104242", rows[0].body.split(",")[0])
    ]
    assert rows[0].body.startswith("Game ") and "lobby, 1 player: Ana" in rows[0].body


def test_stop_silences_a_number_until_start(table: Table):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    bob = table["Bob"]
    out = bob.send("STOP")
    assert "Bob" not in out  # the carrier confirms an opt-out; the service stays silent
    with Session(table.engine) as session:
        assert session.get(Contact, bob.number).opted_out
    out = table["Ana"].send("NOM Bob")
    assert "Bob" not in out and "Cy" in out
    out = table["Cy"].send("anyone there?")
    assert "Bob" not in out
    version = table.game(code).version
    out = bob.send("START")  # from an opted-out number START only opts back in
    assert out.reply == "You are opted back in to texts from this number."
    assert table.game(code).version == version
    assert table.game(code).status == ACTIVE
    assert table["Cy"].send("welcome back")["Bob"] == "Cy: welcome back"
    # From anyone else, START is the game command.
    assert table["Ana"].send("START").reply.startswith(f"Game {code} is already running.")
    assert table["Cy"].send("START").reply.startswith(f"Game {code} is already running.")


def test_stop_tells_the_table_the_player_cannot_be_reached(table: Table):
    seated(table, "L L F H L", draw=deck("F L F"))
    out = table["Bob"].send("STOP")
    # SMS.md: "after STOP nothing is sent to that number until it texts START; the table is
    # told the player cannot be reached."
    assert set(out) == {"Ana", "Cy", "Dee", "Eve"}, out
    for body in out.values():
        assert "Bob" in body


def test_a_malformed_new_or_join_from_a_player_says_they_are_in_a_game(table: Table):
    # A reply must say why a command cannot be done and what would work (SMS.md, Replies):
    # teaching NEW/JOIN usage to a number that may not open or join any game misleads.
    running = seated(table, "L L F H L")
    lobby = table.lobby(["Kim", "Lee"])
    for name, code in (("Bob", running), ("Lee", lobby)):
        for text in ("NEW", "NEW <b>", "JOIN", "JOIN ZZ Bob"):
            out = table[name].send(text)
            assert code in out.reply, (name, text, out.reply)
