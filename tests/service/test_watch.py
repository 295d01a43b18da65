"""WATCH by text (issue 29): a number in no game follows a game's public news, at most one text
per round of elections and the end with every role; it never talks to the table and never reads
a secret; LEAVE, the host's KICK and SET WATCH OFF end a watch; the board counts watchers.
"""

from __future__ import annotations

import re

import pytest
from harness import FIGURES, NAMES, Table, final_roles_ok, make_app, random_bot
from sqlmodel import Session

from sh_sms.games.standard.wording import event_text
from sh_sms.store.games import all_events
from sh_sms.text.gsm import segments


def test_watch_leave_kick_and_set_watch_off_by_text(table: Table):
    code = table.lobby(NAMES[:5], seed=3)
    zed, yan = table.phone("Zed"), table.phone("Yan")
    out = zed.send(f"watch {code.lower()}")
    assert set(out) == {"Zed"} and f"Watching game {code} as Watcher1" in out.reply
    assert segments(out.reply) == 1
    assert "(1 watch)" in table["Ana"].send("SETTINGS").reply
    assert table.client.get(f"/g/{code}/board.json").get_json()["watchers"] == 1
    assert "1 watching by text" in table.client.get(f"/g/{code}").get_data(as_text=True)
    out = zed.send("go Ana, you are clearly liberal")  # never relayed
    assert set(out) == {"Zed"} and "your text went to nobody" in out.reply
    start = table["Ana"].send("START")
    assert start["Zed"].startswith(f"{code}: Round 1:"), start["Zed"]
    assert "You are" not in start["Zed"]
    assert "Watcher2" in yan.send(f"WATCH {code}").reply
    kicked = table["Ana"].send("KICK watcher2")
    assert "no longer watches" in kicked["Ana"] and "ended your watch" in kicked["Yan"]
    assert "Zed" not in kicked
    assert "You watch no game" in yan.send("LEAVE").reply
    assert set(table["Bob"].send("KICK Watcher1")) == {"Bob"}  # the host's alone: Zed stays
    assert "You no longer watch" in zed.send("LEAVE").reply
    zed.send(f"WATCH {code}")
    off = table["Ana"].send("SET WATCH OFF")
    assert "turned watching off" in off["Zed"] and "turned watchers off" in off["Bob"]
    assert "does not allow watchers" in yan.send(f"WATCH {code}").reply
    assert "Watchers: off." in table["Bob"].send("SETTINGS").reply
    assert table.client.get(f"/g/{code}/board.json").get_json()["watchers"] == 0


def test_at_most_five_watch_and_a_watcher_may_join_another_game_after(table: Table):
    code = table.lobby(NAMES[:5], seed=4)
    for n in range(5):
        assert f"as Watcher{n + 1}" in table.phone(f"W{n}").send(f"WATCH {code}").reply
    assert "has 5 watchers, the most" in table.phone("W5").send(f"WATCH {code}").reply
    assert f"already in game {code}" in table["Bob"].send(f"WATCH {code}").reply
    joined = table["W0"].send("NEW Wanda")  # a watcher holds no seat: NEW ends the watch
    assert "is open" in joined.reply
    assert table.client.get(f"/g/{code}/board.json").get_json()["watchers"] == 4
    assert "as Watcher1" in table.phone("W6").send(f"WATCH {code}").reply


def test_a_watchers_texts_count_in_the_strangers_limit(database_url, clock):
    table = Table(make_app(database_url, clock, stranger_texts=3), clock)
    code = table.lobby(NAMES[:5], seed=5)
    zed = table.phone("Zed")
    zed.send(f"WATCH {code}")
    zed.send("hi")
    zed.send("hello?")
    over = zed.send("anyone")
    assert set(over) == {"Zed"} and "not answered for" in over.reply, over
    assert over.reply == zed.inbox[-1]
    assert set(zed.send("still there")) == set()  # the window's allowance is spent: silence
    table.close()
    table.app.extensions["sh_sms"].engine.dispose()


HAND = re.compile(r"\b[LF] [LF]( [LF])?\b")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_watcher_reads_only_public_news_and_the_end_with_every_role(table: Table, seed):
    names = NAMES[:7]
    code = table.lobby(names, seed=seed)
    zed = table.phone("Zed")
    zed.send(f"WATCH {code}")
    table["Ana"].send("START")
    final = table.play(code, random_bot(seed))
    with Session(table.engine) as session:
        events = all_events(session, table.game(code).id)
    public = {event_text(e, final.names, rules=final.ruleset) for e in events if e.to is None} - {
        ""
    }
    secret = {
        event_text(e, final.names, rules=final.ruleset)
        for e in events
        if e.to is not None and e.kind != "dealt"
    } - {""}
    texts = zed.inbox[1:]  # after the WATCH reply
    *news, last = texts
    for body in news:
        assert body.startswith(f"{code}: "), body
        rest = body[len(code) + 2 :]
        for line in sorted(public, key=len, reverse=True):
            rest = rest.replace(line, "")
        assert not rest.strip(), (body, rest)  # nothing but the table's own public lines
        assert not [s for s in secret if s in body], (body, [s for s in secret if s in body])
        assert "You are" not in body and not HAND.search(body), body
    win = "LIBERALS WIN" if final.winner == "liberal" else "FASCISTS WIN"
    assert win in last and final_roles_ok(last, final) and "watch is over" in last
    assert len(texts) <= final.round + 1  # one per round of elections, and the end
    assert all(segments(body) <= 3 for body in news), max(news, key=len)
    longest = max(segments(body) for body in texts)
    FIGURES[f"watch-{seed}"] = (
        f"watcher of a 7-player game (seed {seed}): {len(texts)} texts in {final.round} rounds,"
        f" longest {longest} segments"
    )
    assert "You watch no game" in zed.send("LEAVE").reply  # the watch ended with the game


def test_the_hosts_endgame_tells_watchers_every_role_and_ends_the_watch(table: Table):
    code = table.start(NAMES[:5], seed=6)
    zed = table.phone("Zed")
    zed.send(f"WATCH {code}")
    table["Ana"].send("ENDGAME")
    out = table["Ana"].send("ENDGAME YES")
    state = table.state(code)
    assert "GAME ENDED" in out["Zed"] and "watch is over" in out["Zed"], out["Zed"]
    assert final_roles_ok(out["Zed"], state)
    assert "You watch no game" in zed.send("LEAVE").reply


def test_a_lobby_that_closes_ends_its_watch(table: Table):
    code = table.lobby(["Ana"], seed=7)
    zed = table.phone("Zed")
    zed.send(f"WATCH {code}")
    out = table["Ana"].send("LEAVE")
    assert "the game is over" in out["Zed"] and "watch is over" in out["Zed"], out
    assert "You watch no game" in zed.send("LEAVE").reply
