"""House rules by text (issue 21): the host picks a ruleset in the lobby with RULES, every player
is told at START what differs from the standard game, and whole games play to their end by it,
with the board, the replay and the public JSON showing the ruleset.
"""

from __future__ import annotations

import html
import re

import pytest
from bot_driver import bot_lobby, drive, watch_bot_moves
from harness import NAMES, Table, deck, final_roles_ok, random_bot

from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.ruleset import rebalanced
from sh_sms.store import ACTIVE, LOBBY
from sh_sms.text.gsm import segments

CUSTOM = ["RULES POWER 1 KILL", "RULES ZONE 4", "RULES DECK 6 10"]
HOUSE_LINE = re.compile(r"^House rules.*$", re.M)


def lobby(table: Table, players: int, texts: list[str], seed: int = 7) -> str:
    """A lobby of `players` whose host sent `texts` (each accepted, told to every person)."""
    code = table.lobby(NAMES[:players], seed=seed)
    for text in texts:
        out = table["Ana"].send(text)
        assert set(out) == set(NAMES[:players]), (text, out.reply)
        assert out.reply.endswith("(set by you)"), out.reply
        assert all(body.endswith("(set by Ana)") for body in out.others().values()), out
    return code


def started(table: Table, players: int, texts: list[str], seed: int = 7, **rigged) -> str:
    code = lobby(table, players, texts, seed)
    out = table["Ana"].send("START")
    assert table.game(code).status == ACTIVE, out.reply
    if rigged:
        words = {"L": "liberal", "F": "fascist", "H": "hitler"}
        roles = [words[r] for r in rigged.pop("roles").split()]
        table.rig(code, roles=roles, president=0, rotation=0, **rigged)
    return code


# --- RULES: seeing them, changing them ------------------------------------------------------------


def test_rules_shows_the_rules_in_one_segment_to_anyone(table: Table):
    code = table.lobby(NAMES[:3])
    out = table["Cy"].send("RULES")
    assert out.reply == (
        "Rules for 5: standard. F slots -,-,PEEK,KILL,KILL. Hitler zone 3, veto 5. Deck 6L 11F. "
        "1 fascist + Hitler, who knows them. HELP RULES to change."
    )
    for name in ("Dee", "Eve", "Fay", "Gus"):
        table.phone(name).send(f"JOIN {code} {name}")
    table["Ana"].send("RULES REBALANCED")
    out = table["Bob"].send("RULES")
    assert out.reply.startswith("Rules for 7: rebalanced. F slots -,INV,ELECT,KILL,KILL.")
    assert "Deck 6L 10F." in out.reply and segments(out.reply) == 1
    table["Ana"].send("START")
    out = table["Gus"].send("rules")
    assert out.reply.startswith("Rules for 7: rebalanced.") and segments(out.reply) == 1
    assert "HELP RULES" not in out.reply  # nothing left to change


def test_the_host_changes_the_rules_and_every_person_in_the_lobby_hears(table: Table):
    code = lobby(table, 6, ["RULES REBALANCED", "RULES POWER 2 SHOW", "RULES KNOWS OFF"])
    text = table["Fay"].last
    assert text.startswith("Rules for 6: custom. F slots -,SHOW,PEEK,KILL,KILL.")
    assert "board starts L0 F1" in text and "who knows" not in text
    out = table["Ana"].send("RULES STANDARD")  # a preset starts again from its own values
    assert out.reply.startswith("Rules for 6: standard. F slots -,-,PEEK,KILL,KILL.")
    assert table.game(code).house_rules is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("RULES ZONE 9", "Not changed: The Hitler zone starts after 1 to 5 fascist policies."),
        ("RULES DECK 4 10", "Not changed: The deck holds 5 to 8 liberal policies"),
        ("RULES DECK 5 7", "Not changed: The deck needs at least 13 policies in all"),
        ("RULES VETO 2", "Not changed: Veto can unlock after 3 to 5 fascist policies"),
        ("RULES POWER 6 KILL", "Not changed: Fascist slots are 1 to 5"),
        ("RULES FASCISTS 5", "Not changed: Fascists besides Hitler: 1 to 4"),
        ("RULES ZONE", "RULES ZONE <1-5>: electing Hitler Chancellor wins"),
        ("RULES POWERS KILL KILL", "RULES POWERS and five powers, one per fascist slot"),
        ("RULES ZOEN 4", "RULES shows the rules. Host, in the lobby: RULES STANDARD"),
    ],
)
def test_a_change_that_cannot_be_made_says_what_would_work(table: Table, text, expected):
    code = lobby(table, 5, ["RULES TRACK 0 2"])
    before = table.game(code).house_rules
    out = table["Ana"].send(text)
    assert out == {"Ana": out.reply} and out.reply.startswith(expected), out.reply
    assert re.search(r"RULES [A-Z]+( \S+)?", out.reply)  # the command that would work
    assert table.game(code).house_rules == before


def test_only_the_host_changes_the_rules_and_only_in_the_lobby(table: Table):
    code = lobby(table, 5, [])
    out = table["Bob"].send("RULES ZONE 4")
    assert out == {"Bob": "Only the host, Ana, can change the rules. RULES shows them."}
    out = table["Bob"].send("rules are rules")  # not a knob: table talk
    assert out["Ana"] == "Bob: rules are rules"
    table["Ana"].send("START")
    out = table["Ana"].send("RULES ZONE 4")
    assert out.reply == "The rules are set in the lobby, before START. This game's: text RULES."
    assert table.state(code).rules.hitler_zone == 3


def test_start_refuses_rules_this_many_players_cannot_play_and_says_what_would_work(
    table: Table,
):
    code = table.lobby(NAMES[:4])
    out = table["Ana"].send("RULES FASCISTS 2")  # fine at 6 players or more: kept, with a note
    assert "Note, START would refuse this now: With 5 players there may be at most 1" in (out.reply)
    table.phone("Eve").send(f"JOIN {code} Eve")
    out = table["Ana"].send("START")
    assert out == {"Ana": out.reply} and table.game(code).status == LOBBY
    assert out.reply.startswith("Cannot start with these house rules: With 5 players")
    assert "RULES FASCISTS 1" in out.reply
    table["Ana"].send("RULES FASCISTS 1")
    table["Ana"].send("RULES POWERS KILL KILL KILL NONE NONE")
    out = table["Ana"].send("START")
    assert "3 executions could leave only 2 alive" in out.reply
    assert "RULES POWER <slot> NONE" in out.reply
    table["Ana"].send("RULES POWER 3 PEEK")
    out = table["Ana"].send("START")
    assert table.game(code).status == ACTIVE


# --- whole games by text --------------------------------------------------------------------

GAMES = {
    "standard-7": (7, [], None),
    "rebalanced-6": (
        6,
        ["RULES REBALANCED"],
        "House rules (rebalanced): board starts at L 0/5, F 1/6.",
    ),
    "rebalanced-7": (7, ["RULES REBALANCED"], "House rules (rebalanced): deck 6L 10F."),
    "rebalanced-9": (9, ["RULES REBALANCED"], "House rules (rebalanced): deck 6L 10F."),
    "custom-7": (
        7,
        CUSTOM,
        "House rules: F slots KILL,INV,ELECT,KILL,KILL; Hitler zone from 4; deck 6L 10F.",
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_whole_game_by_text_by_each_preset_and_a_custom_ruleset(table: Table, name: str):
    players, texts, line = GAMES[name]
    code = lobby(table, players, texts, seed=players)
    out = table["Ana"].send("START")
    rules = table.state(code).rules
    for who in NAMES[:players]:  # one line says what differs from standard, to everyone
        assert HOUSE_LINE.findall(out[who]) == ([line] if line else [])
    if name == "custom-7":
        assert (rules.powers[0], rules.hitler_zone, rules.fascist_policies) == ("execution", 4, 10)
        assert "Hitler elected Chancellor after 4 F" in out[_fascist(table, code)]
    elif name.startswith("rebalanced"):
        assert rules.rules_only() == rebalanced(players).rules_only()
    final = table.play(code, random_bot(players))
    assert final.winner in ("liberal", "fascist") and final.rules == rules
    win = "LIBERALS WIN" if final.winner == "liberal" else "FASCISTS WIN"
    everyone = NAMES[:players]
    assert all(win in table[n].last and final_roles_ok(table[n].last, final) for n in everyone)

    public = table.client.get(f"/g/{code}.json").get_json()
    assert public["rules"] == {**rules.to_data(), "name": rules.name}
    page = html.unescape(table.client.get(f"/g/{code}").get_data(as_text=True))
    replay = html.unescape(table.client.get(f"/g/{code}/replay").get_data(as_text=True))
    zone = f"Hitler zone after <b>{rules.hitler_zone}</b>"
    assert zone in page and zone in replay  # the fascist track draws this game's zone...
    fascist_track = page[page.index('<section class="track fas"') :]
    slot = r'<li class="slot[^"]*"><span class="n" aria-hidden="true">1</span>.*?</li>'
    first_slot = re.search(slot, fascist_track).group(0)
    assert ("Execution" in first_slot) == (rules.powers[0] == "execution")  # ...and powers
    top = re.search(r'<p class="rules-line" id="rules">(.*?)</p>', replay, re.S).group(1)
    assert top.startswith("Standard rules:" if line is None else "House rules (")
    assert f"Hitler zone after {rules.hitler_zone}" in top
    assert f"deck {rules.liberal_policies} liberal and {rules.fascist_policies} fascist" in top
    board_rules = re.search(r'<p class="rules-line" id="rules">(.*?)</p>', page, re.S)
    assert (board_rules is not None) == (line is not None)


def _fascist(table: Table, code: str) -> str:
    state = table.state(code)
    return state.names[state.roles.index("fascist")]


# --- the two powers of house rules, by text -------------------------------------------------


def test_peek_and_drop_and_reverse_investigation_by_text(table: Table):
    code = started(
        table,
        5,
        ["RULES POWERS DROP SHOW NONE KILL KILL"],
        roles="L L F H L",
        draw=deck("F F F L F F F F F"),
    )
    table.elect("Ana", "Bob", NAMES[:5])
    table["Ana"].send("DISCARD F")
    out = table["Bob"].send("ENACT F")
    assert out["Ana"].endswith(
        "The top policy is L. Reply DROP to discard it (the table sees you did, not the card) "
        "or KEEP to leave it on top."
    )
    assert "The top policy" not in out["Cy"] and "Ana looks at the top policy" in out["Cy"]
    version = table.game(code).version
    out = table["Cy"].send("KEEP")  # not Cy's power: answered like any command (issue 25)
    assert list(out) == ["Cy"] and out["Cy"].startswith("Not your turn:"), out
    assert table.game(code).version == version
    out = table["Cy"].send("keep it")  # a sentence from someone without the power: talk
    assert out["Ana"] == "Cy: keep it" and table.game(code).version == version
    out = table["Ana"].send("keep")
    assert out["Cy"].startswith("Ana left the top policy on the deck.")
    assert out["Ana"].startswith("You left the top policy on the deck.")
    assert table.state(code).draw[0] == "L"

    table.elect("Bob", "Cy", NAMES[:5])
    table["Bob"].send("DISCARD L")
    out = table["Cy"].send("ENACT F")
    assert out["Bob"].endswith(
        "Reply SHOW <name> to show that player your party. Choices: Ana, Cy, Dee, Eve."
    )
    out = table["Bob"].send("SHOW dee")
    assert out["Dee"].startswith("Bob showed you their party membership: LIBERAL.")
    assert out["Bob"].startswith("You showed your party membership to Dee.")
    for name in ("Ana", "Bob", "Cy", "Eve"):
        assert name == "Bob" or out[name].startswith("Bob showed their party membership to Dee.")
        assert "LIBERAL" not in out[name]
    assert "Bob showed you their party membership: LIBERAL." in table["Dee"].send("ROLE").reply
    assert "showed you" not in table["Eve"].send("ROLE").reply
    public = table.client.get(f"/g/{code}.json").get_json()
    assert "Bob showed their party membership to Dee." in public["log"]
    assert "Ana left the top policy on the deck." in public["log"]


def test_a_rematch_keeps_the_house_rules(table: Table):
    code = started(table, 5, ["RULES ZONE 2"])
    table.play(code, random_bot(5))
    out = table["Bob"].send("REMATCH")
    new = re.search(r"\b([A-Z]{4})\b", out.reply).group(1)
    assert table.game(new).house_rules == table.game(code).house_rules
    assert "Hitler zone 2" in table["Bob"].send("RULES").reply


def test_computer_players_play_a_house_ruled_game_by_text(table: Table, monkeypatch):
    moves = watch_bot_moves(monkeypatch)
    code, _bots = bot_lobby(table, ["Ana", "Bob"], 5, seed=21)
    for text in ("RULES POWERS SHOW DROP ELECT KILL KILL", "RULES ZONE 2", "RULES TRACK 1 1"):
        assert table["Ana"].send(text).reply.endswith("(set by you)")
    table["Ana"].send("START")
    assert table.state(code).fascist == 1
    chooser = RandomBot(21)
    final = drive(table, code, lambda state, seat: chooser.act(state, seat))
    assert final.winner in ("liberal", "fascist") and final.rules.hitler_zone == 2
    assert moves.made  # the bots moved, every move checked on the way
