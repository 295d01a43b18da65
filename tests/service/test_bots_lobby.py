"""Computer players in the lobby, by text: BOT [n], KICK, the host passing on, START, names."""

from __future__ import annotations

import re

from bot_driver import bot_lobby
from harness import CODE_IN_REPLY, NAMES, Table

from sh_sms.store import ACTIVE, ENDED, LOBBY
from sh_sms.table.seats import BOT_NAMES, bot_names
from sh_sms.text.numbers import is_bot_number
from sh_sms.text.players import resolve_player


def open_lobby(table: Table, *people: str) -> str:
    out = table.phone(people[0]).send(f"NEW {people[0]}")
    code = CODE_IN_REPLY.search(out.reply).group(1)
    for name in people[1:]:
        table.phone(name).send(f"JOIN {code} {name}")
    return code


def test_the_host_adds_bots_and_starts_with_one_person(table: Table):
    code = open_lobby(table, "Ana")
    ana = table["Ana"]

    out = ana.send("BOT")
    assert out == {"Ana": out.reply}
    assert out.reply == (
        "You added a computer player: BenBot. Players (2): Ana (you), BenBot. "
        f"3 more to start: JOIN {code} <name>, or BOT 3."
    )
    out = ana.send("START")
    assert out.reply.startswith("A game needs 5-10 players; 2 are in.")
    assert "BOT 3" in out.reply

    out = ana.send("bots 3")
    assert out.reply == (
        "You added 3 computer players: CalBot, DotBot, EliBot. "
        "Players (5): Ana (you), BenBot, CalBot, DotBot, EliBot. You can START."
    )
    rows = table.players(code)
    assert [p.is_bot for p in rows] == [False, True, True, True, True]
    for bot in rows[1:]:
        assert bot.open_number is None and is_bot_number(bot.number) and not bot.is_host
    assert ana.send("WHO").reply.startswith(
        f"Game {code} lobby, 5 players: Ana (you), BenBot, CalBot, DotBot, EliBot. Host: you."
    )

    out = ana.send("START")
    assert list(out) == ["Ana"]  # the bots are dealt roles, and texted nothing
    assert out.reply.startswith(f"Game {code} has begun")
    assert table.game(code).status == ACTIVE
    assert ana.send("BOT").reply == (
        "Not during a game: computer players join in the lobby, before START."
    )


def test_bots_fill_at_most_ten_seats_and_only_the_host_adds_them(table: Table):
    code = open_lobby(table, "Ana", "Bob", "Cy")
    assert table["Bob"].send("BOT 2").reply == "Only the host, Ana, can do that."
    out = table["Ana"].send("BOT 9")
    assert set(out) == {"Ana", "Bob", "Cy"}
    assert "Ana added 7 computer players" in out["Bob"] and "(the game is full at 10)" in out["Bob"]
    assert out["Ana"].startswith("You added 7 computer players")
    assert len(table.players(code)) == 10
    assert table["Ana"].send("BOT").reply == f"Game {code} is full (10 players)."
    out = table.phone("Dee").send(f"JOIN {code} Dee")
    assert out.reply == f"Game {code} is full (10 players)."


def test_bot_counts_out_of_range_get_the_usage(table: Table):
    open_lobby(table, "Ana")
    for text in ("BOT 0", "BOT 10", "bot 99"):
        assert table["Ana"].send(text).reply.startswith("To add computer players, the host texts")


def test_kick_removes_a_bot_by_name_prefix_or_the_last_one(table: Table):
    code = open_lobby(table, "Ana", "Bob")
    out = table["Ana"].send("BOT 3")  # A and B are taken: CalBot, DotBot, EliBot
    assert "CalBot, DotBot, EliBot" in out.reply

    out = table["Ana"].send("KICK d")  # a one-letter prefix names a bot
    assert out == {n: "DotBot was removed by the host (4 players)." for n in ("Ana", "Bob")}
    out = table["Ana"].send("KICK BOT")  # the last one added
    assert out["Bob"] == "EliBot was removed by the host (3 players)."
    assert [p.name for p in table.players(code)] == ["Ana", "Bob", "CalBot"]
    assert [p.seat for p in table.players(code)] == [0, 1, 2]


def test_the_host_role_passes_to_a_person_never_to_a_bot(table: Table):
    code = open_lobby(table, "Ana")
    table["Ana"].send("BOT 2")
    table.phone("Bob").send(f"JOIN {code} Bob")  # seats: Ana, BenBot, CalBot, Bob
    out = table["Ana"].send("LEAVE")
    assert out["Bob"] == "Ana left (3 players). You are now the host."
    rows = table.players(code)
    assert [(p.name, p.is_host) for p in rows] == [
        ("BenBot", False),
        ("CalBot", False),
        ("Bob", True),
    ]
    out = table["Bob"].send("BOT")
    assert out.reply.startswith("You added a computer player: AdaBot.")

    out = table["Bob"].send("LEAVE")  # only bots are left: the lobby closes
    assert list(out) == ["Bob"]
    assert table.game(code).status == ENDED


def test_a_person_joins_after_the_bots_and_plays_with_them(table: Table):
    code, bots = bot_lobby(table, ["Ana"], 3, seed=1)
    out = table.phone("Bob").send(f"JOIN {code} Bob")
    assert out.reply == (
        f"You joined game {code}. Players (5): Ana, {', '.join(bots)}, Bob (you). "
        "Ana will START when everyone is in. Game: Secret Hitler."
    )
    assert out.others() == {"Ana": "Bob joined (5 players)."}
    out = table.phone("Cy").send(f"JOIN {code} {bots[0].upper()}")
    assert out.reply.startswith(f"The name {bots[0].upper()} is taken")
    out = table["Ana"].send("START")
    assert set(out) == {"Ana", "Bob"}
    assert table.game(code).status == ACTIVE


def test_talk_with_only_bots_at_the_table_says_nobody_reads_it(table: Table):
    open_lobby(table, "Ana")
    table["Ana"].send("BOT 4")
    out = table["Ana"].send("hello bots")
    assert out == {
        "Ana": "Only computer players share this table with you, and they do not read table talk."
    }


def test_bot_words_in_talk_stay_talk(table: Table):
    code = open_lobby(table, "Ana", "Bob", "Cy")
    for text in ("got it", "but why", "not me", "boat"):  # near BOT, but never "did you mean"
        out = table["Bob"].send(text)
        assert out.others() == {"Ana": f"Bob: {text}", "Cy": f"Bob: {text}"}, text
    out = table["Bob"].send("bots are fun")  # BOT with a sentence, from someone who cannot add
    assert out.others() == {"Ana": "Bob: bots are fun", "Cy": "Bob: bots are fun"}
    out = table["Ana"].send("bot is cute")  # the host's too: BOT in a sentence is talk
    assert out.others() == {"Bob": "Ana: bot is cute", "Cy": "Ana: bot is cute"}
    out = table["Ana"].send("bots 3 pls")  # the command and courtesy: asked, with the command
    assert out == {"Ana": "Add 3 computer players? Reply BOT 3. Anything else is talk."}
    assert table.game(code).status == LOBBY


def test_help_mentions_bots(table: Table):
    assert "BOT 4 adds computer players" in table.phone("Ana").send("HELP").reply
    open_lobby(table, "Ana")
    assert " BOT, " in table["Ana"].send("HELP").reply
    assert table["Ana"].send("HELP BOT").reply.startswith("BOT: the host adds a computer player")
    assert "BOT adds a computer player" in table.phone("Bob").send("NEW Bob").reply


def test_bot_names_say_bot_and_differ_in_their_first_letter():
    assert len(BOT_NAMES) == len({n[0] for n in BOT_NAMES}) == 26
    for name in BOT_NAMES:
        assert re.fullmatch(r"[A-Z][a-z]{1,5}Bot", name), name
    people = NAMES[:5]  # Ana Bob Cy Dee Eve
    chosen = bot_names(people, 5)
    assert chosen == ["FinBot", "GiaBot", "HalBot", "IdaBot", "JaxBot"]
    everyone = people + chosen
    for bot in chosen:  # one letter is enough to name each of them
        assert resolve_player(bot[0].lower(), everyone) == everyone.index(bot)
    taken = bot_names([*BOT_NAMES[:-1], "Zed"], 3)  # letters run out: still unique names
    assert taken == ["ZedBot"]  # only one name is left free
    assert len(set(bot_names(["Ana"], 9))) == 9


def test_the_board_shows_bots_as_bots_and_the_contract_json_is_unchanged(table: Table):
    code, bots = bot_lobby(table, ["Ana", "Bob"], 3, seed=2)
    board = table.client.get(f"/g/{code}/board.json").get_json()
    assert board["bots"] == bots
    public = table.client.get(f"/g/{code}.json").get_json()
    assert "bots" not in public and "bots" not in public["players"][0]
    assert [p["name"] for p in public["players"]] == ["Ana", "Bob", *bots]
    page = table.client.get(f"/g/{code}").get_data(as_text=True)
    assert page.count('<span class="badge bot">Bot</span>') == 3
    for text in (board, public, page):
        assert "bot:" not in str(text)  # a bot's stored number never shows
    table["Ana"].send("START")
    page = table.client.get(f"/g/{code}").get_data(as_text=True)
    assert page.count('<span class="badge bot">Bot</span>') == 3
