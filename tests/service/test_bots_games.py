"""Whole games through POST /sms with computer players at the table, driven by the people's texts
alone: the bots move from the worker's job on the fake clock.

Checked on the way: the bot job only ever moves for a bot the game waits on, in the office it
holds; nothing is queued for a bot (the harness checks every outbox row); every claim a bot
makes is true where its seat must tell the truth and never names its own team; the people read
the bots' claims as table talk, and the game ends with every role told.
"""

from __future__ import annotations

import html
import re

import pytest
from bot_driver import check_claims, drive, start_with_bots, watch_bot_moves
from harness import Table, final_roles_ok
from sqlmodel import Session

from sh_sms.games.standard.bots import Claim
from sh_sms.games.standard.bots.claims import CHANCELLOR, INVESTIGATOR, PRESIDENT
from sh_sms.games.standard.engine import Event
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.store import ACTIVE
from sh_sms.store.games import all_events

CLAIM_LINE = re.compile(r"^(\w+Bot): I (drew|got|investigated) ")


def play(table: Table, people: list[str], bots: int, seed: int, monkeypatch) -> dict:
    """One game of `people` and `bots` to its end; return what happened, checked."""
    moves = watch_bot_moves(monkeypatch)
    code = start_with_bots(table, people, bots, seed)
    chooser = RandomBot(seed)
    final = drive(table, code, lambda state, seat: chooser.act(state, seat))
    assert table.game(code).status != ACTIVE
    win = "LIBERALS WIN" if final.winner == "liberal" else "FASCISTS WIN"
    for name in people:
        assert win in table[name].last and final_roles_ok(table[name].last, final)
    with Session(table.engine) as session:
        events = all_events(session, table.game(code).id)
    claims = check_claims(events, final.roles)
    heard = [line for line in table[people[0]].inbox for line in line.splitlines()]
    said = [line for line in heard if CLAIM_LINE.match(line)]
    assert len(said) == claims  # each claim reached the people, once
    bot_seats = {p.seat for p in table.players(code) if p.is_bot}
    assert {seat for _, seat, _ in moves.made} <= bot_seats
    replay = table.client.get(f"/g/{code}/replay").get_data(as_text=True)
    assert replay.count('<span class="badge bot">Bot</span>') >= bots
    for line in said:  # the replay tells what the bots claimed, beside what they held
        assert html.escape(line, quote=False) in replay
    return {"moves": len(moves.made), "claims": claims, "final": final}


@pytest.mark.parametrize("seed", [1, 2])
def test_one_person_and_four_bots_play_a_whole_game(table: Table, seed: int, monkeypatch):
    result = play(table, ["Ana"], 4, seed, monkeypatch)
    assert result["moves"] > 10 and result["claims"] > 0


@pytest.mark.parametrize("seed", [3, 4])
def test_three_people_and_two_bots_play_a_whole_game(table: Table, seed: int, monkeypatch):
    result = play(table, ["Ana", "Bob", "Cy"], 2, seed, monkeypatch)
    assert result["moves"] > 5


def test_ten_seats_nine_of_them_bots(table: Table, monkeypatch):
    result = play(table, ["Ana"], 9, 5, monkeypatch)
    assert result["claims"] > 0


def test_the_claim_check_catches_lies_it_must_catch():
    """A liberal's false claim, Hitler's false card claim, a fascist calling a teammate fascist
    fail the check; a fascist's cover story passes."""
    roles = ["liberal", "fascist", "hitler", "liberal", "liberal"]
    session = [
        Event("drawn", 0, {"cards": ["F", "L", "F"]}),
        Event("discarded", 0, {"card": "F"}),
        Event("handed", 1, {"cards": ["F", "L"]}),
        Event("enacted", None, {"policy": "F", "chaos": False}),
        Event("investigation", 1, {"target": 2, "party": "fascist"}),
        Event("investigation", 1, {"target": 3, "party": "liberal"}),
    ]
    fine = [
        Claim(0, PRESIDENT, ("F", "F", "L"), ("F", "L")),
        Claim(1, CHANCELLOR, ("F", "F"), ("F",)),  # a fascist blames the President
        Claim(1, INVESTIGATOR, target=3, party="fascist"),  # and frames a liberal
    ]
    assert check_claims(session + [c.event() for c in fine], roles) == 3
    for lie in (
        Claim(0, PRESIDENT, ("F", "F", "F"), ("F", "F")),  # the liberal President
        Claim(1, INVESTIGATOR, target=2, party="fascist"),  # a fascist names Hitler
    ):
        with pytest.raises(AssertionError):
            check_claims([*session, lie.event()], roles)
    as_hitler = ["liberal", "hitler", "fascist", "liberal", "liberal"]
    with pytest.raises(AssertionError):
        check_claims([*session, Claim(1, CHANCELLOR, ("F", "F"), ("F",)).event()], as_hitler)
