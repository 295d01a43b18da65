"""A card named by its faction in a sentence ("descarto la fascista", "discard the liberal"):
discarded when the hand holds one such card, asked with the cards that fit when it holds
several (never a guess), asked with every card when it holds none."""

from __future__ import annotations

from dataclasses import replace

from corpus_districts import Replay
from corpus_lines import Line

from sh_sms.games.districts.engine.state import DRAW

WORDS = {
    "L": ("liberal", "la liberal"),
    "F": ("fascist", "la fascista"),
    "O": ("oligarch", "la oligarca"),
    "P": ("public works", "la obra publica"),
}


def test_a_card_named_by_its_faction_is_discarded(new_table, monkeypatch):
    replay = Replay(new_table(), monkeypatch)
    replay.play(Line("draw", "talk", None, "hola"))  # builds the game: the draw card holder's turn
    code, phone, row = replay.games["draw"]
    state = replay.table.state(code)
    one_each = replace(state, hand=["F0S", "L1-", "O1-", "P1-"])  # one card of each kind
    for letter, (english, spanish) in WORDS.items():
        for text in (f"discard the {english}", f"descarto {spanish}"):
            replay._restore(code, {**row, "state": one_each.to_json()})
            phone.send(text)
            after = replay.table.state(code)
            assert after.phase != DRAW and after.discards[-1][0] == letter, text


def test_two_cards_of_the_named_faction_are_asked_about(new_table, monkeypatch):
    replay = Replay(new_table(), monkeypatch)
    replay.play(Line("draw", "talk", None, "hola"))
    code, phone, row = replay.games["draw"]
    state = replay.table.state(code)
    two = replace(state, hand=["F0S", "F1-", "L1-"])
    replay._restore(code, {**row, "state": two.to_json()})
    out = phone.send("descarto la fascista")
    assert replay.table.state(code) == two, out.reply  # which fascist? not a guess
    assert out.reply.endswith("<number>: 1, 2."), out.reply  # the two fascists, not the liberal
    out = phone.send("descarto la oligarca")  # none held: every card
    assert replay.table.state(code) == two and out.reply.endswith("1, 2, 3."), out.reply
