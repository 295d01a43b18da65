"""The districts game learned by text (issue 34, point 1), through POST /sms: HELP DISTRICTS and
"what is districts?" from any number and any lobby (one of one too), before and after RULES
DISTRICTS; in the game, "how do i win", "whats a district" and "what game is this" answered for
the asker's own card and district, never with the house rules' knobs; the help teaches the whole
game in texts of at most two segments; every join and the start say which game is played."""

from __future__ import annotations

import pytest
from districts_driver import districts_lobby
from harness import NAMES, Table

from sh_sms.games.districts.text.wording import alignment_text
from sh_sms.text.gsm import is_gsm7, sanitize, segments

FIVE = NAMES[:5]
OVERVIEW = "Districts game, 5-10 players: a secret card says how you win."
INSIDE = "Districts game: your secret card says how you win (HELP WIN)."
KNOBS = "RULES POWER"  # the house rules' help: never the answer to a districts question
TOPICS = {
    "WIN": "Your card says how you win. LIBERAL:",
    "CAPITOL": "The elected go to the capitol and are dealt capitol cards.",
    "POLICY": "A policy gives its faction 1 policy",
}


def fits(text: str | None) -> str:
    assert text and is_gsm7(sanitize(text)) and segments(sanitize(text)) <= 2, text
    return text


def started(table: Table, seed: int = 3) -> str:
    code = districts_lobby(table, FIVE, 0, seed=seed)
    table[FIVE[0]].send("START")
    return code


def settle(table: Table, code: str, where: list[int]) -> None:
    for seat, district in enumerate(where):
        table.seat(code, seat).send(f"MOVE {district}")


ASKED = ["HELP DISTRICTS", "what is districts?", "whats the districts game", "help district"]


@pytest.mark.parametrize("text", [*ASKED, "how do you play districts"])
def test_a_number_in_no_game_learns_the_districts_game(table: Table, text: str):
    out = table.phone("Zed").send(text)
    assert set(out) == {"Zed"}
    assert fits(out.reply).startswith(OVERVIEW), out.reply
    assert "Host: RULES DISTRICTS." in out.reply and "HELP DISTRICTS WIN" in out.reply


def test_its_topics_from_anywhere_teach_the_whole_game(table: Table):
    zed = table.phone("Zed")
    for topic, start in TOPICS.items():
        assert fits(zed.send(f"HELP DISTRICTS {topic}").reply).startswith(start), topic
    assert "representative" in zed.send("HELP DISTRICTS VOTE").reply  # a command's own help
    table.phone("Lu").send("LANG ES")
    for name in ("DISTRICTS", "DISTRITOS", "distritos"):  # the game's name in either language
        spanish = table["Lu"].send(f"AYUDA {name}").reply
        assert fits(spanish).startswith("Juego de distritos (5-10): una carta secreta"), name
        assert "REGLAS DISTRITOS" in spanish and "AYUDA DISTRITOS GANAR" in spanish
        won = table["Lu"].send(f"AYUDA {name} GANAR").reply
        assert fits(won).startswith("Tu carta dice"), name


@pytest.mark.parametrize(
    "text", ["que es distritos?", "ayuda distritos", "como se juega a los distritos?"]
)
def test_a_spanish_newcomer_asks_about_districts_by_its_spanish_name(table: Table, text):
    """Introduced already (so a text that is not a question would get silence), in no game and
    in a lobby of one: the question is answered, never talk to an empty lobby."""
    sofia = table.phone("Sofia")
    sofia.send("hola")
    assert fits(sofia.send(text).reply).startswith("Juego de distritos (5-10)"), text
    sofia.send("NUEVO Sofia")
    out = sofia.send(text)
    assert set(out) == {"Sofia"} and fits(out.reply).startswith("Juego de distritos (5-10)")


def test_a_spanish_host_picks_the_districts_game_by_its_spanish_name(table: Table):
    lucia = table.phone("Lucia")
    lucia.send("NUEVO Lucia")
    assert fits(lucia.send("REGLAS DISTRITOS").reply).startswith("Distritos: 3 distritos")
    assert "AYUDA GANAR" in lucia.send("AYUDA DISTRITOS").reply  # now inside the game's lobby


def test_a_lobby_of_one_before_and_after_rules_districts(table: Table):
    ana = table.phone("Ana")
    code = table.lobby(["Ana"])
    for text in ("HELP DISTRICTS", "what is districts?"):
        out = ana.send(text)  # never "Nobody else is in game ... to read that."
        assert set(out) == {"Ana"} and fits(out.reply).startswith(OVERVIEW), out.reply
    assert "Secret Hitler" in ana.send("what game is this").reply
    ana.send("RULES DISTRICTS")
    for text in ("HELP DISTRICTS", "what is districts?", "help"):
        reply = ana.send(text).reply
        assert fits(reply).startswith(("Districts game:",)) and code not in reply, reply
    assert ana.send("HELP DISTRICTS").reply.startswith(INSIDE)
    win = ana.send("how do i win").reply
    assert fits(win).startswith(TOPICS["WIN"]) and KNOBS not in win
    assert ana.send("wait what game are we playing?").reply.startswith(
        "This is the districts game, not standard Secret Hitler"
    )


def test_a_standard_lobby_answers_about_the_districts_game_too(table: Table):
    table.lobby(FIVE)
    out = table["Bob"].send("what is districts?")
    assert set(out) == {"Bob"} and out.reply.startswith(OVERVIEW)


def test_every_join_and_the_start_say_which_game(table: Table):
    code = table.lobby(FIVE[:2])
    assert "Secret Hitler" in table["Bob"].last
    table["Ana"].send("RULES DISTRICTS")
    out = table.phone("Cy").send(f"JOIN {code} Cy")
    assert out.reply.endswith("Game: districts (HELP DISTRICTS).")
    table.phone("Lu").send("LANG ES")
    out = table["Lu"].send(f"UNIRSE {code} Lu")
    assert out.reply.endswith("Juego: distritos (AYUDA DISTRITOS).")
    table["Ana"].send("BOT")
    out = table["Ana"].send("START")
    assert all("Districts game: 3 districts." in out[name] for name in ("Ana", "Bob", "Cy"))
    assert "Partida de 3 distritos." in out["Lu"]


def test_in_the_game_questions_are_answered_for_the_asker(table: Table):
    code = started(table)
    bob = table["Bob"]
    state = table.state(code)
    card = alignment_text(state.cards[1])
    for text in ("how do i win", "how do i win?"):  # the question mark changes nothing
        win = bob.send(text).reply
        assert fits(win).startswith(f"You are {card}.") and KNOBS not in win, text
        assert win.endswith("HELP WIN: every card.")
    assert "You pick yours at the start" in bob.send("whats a district").reply
    settle(table, code, [1, 2, 2, 3, 3])
    out = bob.send("how do we win")
    assert set(out) == {"Bob"} and "You are in D2." in out.reply
    district = bob.send("wait whats a district").reply
    assert (
        fits(district).startswith("A district is a group of players")
        and "You are in D2." in district
    )
    for text in ("what game is this", "wait what game are we playing?"):
        out = bob.send(text)
        assert set(out) == {"Bob"}, text  # answered, not relayed
        assert out.reply == (
            "This is the districts game, not standard Secret Hitler: each district elects a player "
            f"to the capitol, where 1 policy is played. You are {card}, in D2. "
            "HELP DISTRICTS: how it works."
        )
    assert bob.send("what is the capitol?").reply.startswith(TOPICS["CAPITOL"])
    assert bob.send("whats an oligarch").reply.startswith(TOPICS["WIN"])
    assert bob.send("HELP DISTRICTS").reply.startswith(INSIDE)
    assert bob.send("HELP WIN").reply.startswith(TOPICS["WIN"])
    assert bob.send("HELP CAPITOL").reply.startswith(TOPICS["CAPITOL"])
    assert set(bob.send("the capitol is where the fun is")) == {"Cy"}  # talk stays talk


def spanish_game(table: Table) -> str:
    """A districts game of five, settled in D1, D2, D2, D3, D3; Bob reads Spanish. Its code."""
    code = districts_lobby(table, NAMES[:5], 0, seed=3)
    table["Bob"].send("IDIOMA ES")
    table["Ana"].send("START")
    settle(table, code, [1, 2, 2, 3, 3])
    return code


def test_spanish_questions_in_the_game(table: Table):
    spanish_game(table)
    bob = table["Bob"]
    for text in ("como gano", "como gano?", "¿cómo gano yo?"):
        out = bob.send(text)
        assert set(out) == {"Bob"} and "Tu distrito: D2." in out.reply, text
    assert bob.send("que es un distrito?").reply.startswith("Un distrito es un grupo")
    assert bob.send("a que jugamos?").reply.startswith("Es el juego de distritos")


def test_a_spanish_number_in_no_game_learns_the_districts_game(table: Table):
    out = table.phone("Zed").send("hola, que es districts?")  # the greeting picks Spanish
    assert out.reply.startswith("Juego de distritos"), out.reply


def test_a_spanish_lobby_asks_what_game_it_plays(table: Table):
    districts_lobby(table, NAMES[:5], 0, seed=3)
    table["Bob"].send("IDIOMA ES")
    out = table["Bob"].send("a que juego estamos jugando?")
    assert out.reply.startswith("Es el juego de distritos"), out.reply


def test_spanish_near_moves_with_a_laugh_or_a_pronoun_are_made(table: Table):
    code = spanish_game(table)
    assert table.state(code).votes[1] is None
    table["Bob"].send("voto a bob jaja")
    assert table.state(code).votes[1] == 1  # Bob's own vote, not relayed as talk
