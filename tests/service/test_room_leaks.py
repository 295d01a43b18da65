"""Room mode through the webhook at 5, 7 and 10 players: no SMS tells its recipient anything that
player may not know (the checks of test_leaks), and every player still learns all the rules let
them know, from the board and their own texts together: each public event the ordinary mode would
have texted a player is on the board's public state (`/g/<CODE>.json`) or in their own text.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from harness import NAMES, Step, Table, final_roles_ok, names_in, random_bot, role_line, teammates
from sqlmodel import Session
from test_leaks import INFO, Checker

from sh_sms.games.standard.engine import Event
from sh_sms.games.standard.steps import Step as Readers
from sh_sms.games.standard.wording import event_text
from sh_sms.store import ACTIVE
from sh_sms.store.games import all_events


def board_log(table: Table, code: str) -> list[str]:
    response = table.client.get(f"/g/{code}.json")
    assert response.status_code == 200
    return response.get_json()["log"]


class Knowledge:
    """After each step: what the ordinary mode would have told each player by text is on the
    board or in that player's own room-mode text."""

    def __init__(self, table: Table, code: str) -> None:
        self.table = table
        self.code = code
        self.seen = len(self.events())

    def events(self) -> list[Event]:
        with Session(self.table.engine) as session:
            return all_events(session, self.table.game(self.code).id)

    def step(self, step: Step) -> None:
        events = self.events()
        new, self.seen = events[self.seen :], len(events)
        after, names = step.after, step.after.names
        asked = set()  # whom the ordinary mode would prompt is irrelevant to the news it tells
        ordinary = Readers(after, new, asked, room=False)
        log = board_log(self.table, self.code)
        for event in new:
            if event.kind == "claim":
                continue
            for seat in ordinary.readers(event):
                body = step.delivery.get(names[seat], "")
                if event.to is not None:  # a secret: only a text can tell it
                    if event.kind != "discarded":  # the President's own discard
                        assert event_text(event, names) in body, (names[seat], event, body)
                    continue
                told = event_text(event, names, you=seat)
                public = event_text(event, names)
                assert public in log or told in body or public in body, (names[seat], event)


def play_room_game(table: Table, players: int, seed: int) -> None:
    names = NAMES[:players]
    code = table.lobby(names, seed=seed)
    table[names[0]].send("SET ROOM ON")
    opening = table[names[0]].send("START")
    assert table.game(code).status == ACTIVE
    start = table.state(code)
    checker = Checker(table, code, start)
    checker.delivery(opening, None, start, None)
    for seat, name in enumerate(names):
        assert names_in(role_line(opening[name]), names) == teammates(start, seat)
    knowledge = Knowledge(table, code)
    rng = random.Random(seed * 100 + players)

    def on_step(step: Step) -> None:
        checker.delivery(step.delivery, step.before, step.after, step.seat)
        knowledge.step(step)
        if step.after.phase != "over" and rng.random() < 0.2:
            asker = rng.randrange(players)
            out = table.seat(code, asker).send(rng.choice(INFO))
            assert set(out) == {names[asker]}, out
            checker.delivery(out, step.after, step.after, asker)
            knowledge.seen = len(knowledge.events())

    final = table.play(code, random_bot(seed), on_step=on_step)
    win = "LIBERALS WIN" if final.winner == "liberal" else "FASCISTS WIN"
    for name in names:
        last = table[name].last
        assert win in last and final_roles_ok(last, final), (name, last)


@pytest.mark.slow
@pytest.mark.parametrize("players", [5, 7, 10])
def test_room_games_leak_nothing_and_the_board_tells_the_rest(
    new_table: Callable[..., Table], players: int, database_url
):
    seeds = (1, 2) if database_url.startswith("sqlite") else (3,)
    for seed in seeds:
        play_room_game(new_table(), players, seed)
