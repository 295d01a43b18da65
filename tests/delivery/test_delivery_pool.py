"""A pool of service numbers under the Twilio backend (issue 35): the webhook's `To` picks the
game, and the worker sends every text of a game from its number, through the real `twilio` Client
to the fake Twilio.

One phone plays three games at once on three numbers, every move a signed POST /sms to its
game's number, to the ends; the worker drains the outbox; then every message the fake Twilio
created is scanned: each came from its game's number, and nothing of one game went to a phone
from another game's number. With a Messaging Service the messages go through it, from the game's
number, and a STOP to one of its numbers opts the phone out of all of them.
"""

from __future__ import annotations

import re
import uuid
from collections import defaultdict

import pytest
from delivery_helpers import CALLBACK, number, queue, twilio_settings
from fake_messages import message
from fake_twilio import RESET, UNSUBSCRIBED
from flask import Flask
from sqlmodel import Session, select
from twilio.request_validator import RequestValidator

from sh_sms.delivery.worker import Worker
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.textbot import action_text
from sh_sms.store import ACTIVE, Game, Outbox, Player
from sh_sms.store.games import load_state

NUMBERS = ("+15550300001", "+15550300002", "+15550300003")  # the pool, the home number first
SERVICE = "MG" + "7" * 32
CODE = re.compile(r"\b(?:Game|Rematch) ([A-Z]{4,6}) is open\b")


class Pool:
    """Phones texting the app's /sms, each text to one of the pool's numbers, signed."""

    def __init__(self, app: Flask, fake) -> None:
        self.app, self.client, self.fake = app, app.test_client(), fake
        self.engine = app.extensions["sh_sms"].engine
        self.phones: dict[str, str] = {}

    def phone(self, name: str) -> str:
        return self.phones.setdefault(name, number(len(self.phones) + 1))

    def text(self, name: str, body: str, to: str) -> None:
        form = {"From": self.phone(name), "To": to, "Body": body, "MessageSid": _sid()}
        token = self.fake.auth_token
        signature = RequestValidator(token).compute_signature("http://localhost/sms", form)
        response = self.client.post("/sms", data=form, headers={"X-Twilio-Signature": signature})
        assert response.status_code == 200, response.status_code

    def code(self, name: str, via: str) -> str:
        """`name` opens a game by texting `via`; its code (read from the outbox)."""
        self.text(name, f"NEW {name}", via)
        with Session(self.engine) as session:
            rows = session.exec(select(Outbox).order_by(Outbox.id.desc()).limit(1)).all()
        return CODE.search(rows[0].body).group(1)

    def game(self, code: str) -> Game:
        with Session(self.engine) as session:
            query = select(Game).where(Game.code == code).order_by(Game.id.desc())
            return session.exec(query).first()

    def seats(self, code: str) -> list[str]:
        with Session(self.engine) as session:
            game = session.exec(select(Game).where(Game.code == code)).one()
            players = session.exec(select(Player).where(Player.game_id == game.id))
            return [p.number for p in sorted(players, key=lambda p: p.seat)]


def _sid() -> str:
    return "SM" + uuid.uuid4().hex


def app_for(make_app, fake, **overrides) -> Flask:
    values = {
        "twilio_account_sid": fake.account_sid,
        "twilio_auth_token": fake.auth_token,
        "twilio_from_number": NUMBERS[0],
        "twilio_numbers": ",".join(NUMBERS[1:]),
        "twilio_api_url": fake.url,
        "status_callback_url": CALLBACK,  # names each message's outbox row
        "twilio_mps": 1000.0,
        "worker_threads": 4,
        "texts_per_minute": 10**6,
        "talk_segments_per_minute": 10**6,
        "talk_segments_per_hour": 10**6,
        **overrides,
    }
    return make_app(**values)


def drain(pool: Pool, clock) -> None:
    settings = pool.app.extensions["sh_sms"].settings
    worker = Worker(pool.engine, settings, clock=clock, name="w1")
    worker.drain()
    worker.close()


def three_games(pool: Pool) -> dict[str, str]:
    """Ana opens a game on each number, four friends join each (two of them sit at two tables,
    joining from whichever number they text); the games start. Their codes -> numbers."""
    a, b, c = NUMBERS
    first = pool.code("Ana", a)
    second = pool.code("Ana", a)  # Ana is in a lobby on A: the next game goes on B
    third = pool.code("Ana", b)  # and on C
    tables = {first: ["Bob", "Cy", "Dee", "Eve"], second: ["Fay", "Bob", "Gus", "Hal"]}
    tables[third] = ["Ivy", "Jo", "Cy", "Kim"]
    for code, names in tables.items():
        for i, name in enumerate(names):
            pool.text(name, f"JOIN {code} {name}", NUMBERS[i % 3])  # any number of the pool
    games = {first: a, second: b, third: c}
    for code, via in games.items():
        assert pool.game(code).line == ("" if via == a else via)
        pool.text("Ana", "START", via)
        assert pool.game(code).status == ACTIVE
    return games


def play(pool: Pool, games: dict[str, str], clock, seed: int = 3, moves: int | None = None) -> None:
    """The three games to their ends (or `moves` moves each), one move of each in turn, each to
    its game's number; the worker sends as they go."""
    bots = {code: RandomBot(seed + i) for i, code in enumerate(games)}
    numbers = {code: pool.seats(code) for code in games}
    names = {n: name for name, n in pool.phones.items()}
    live = set(games)
    for step in range(moves or 3000):
        for code in sorted(live):
            game = pool.game(code)
            if game.status != ACTIVE:
                live.discard(code)
                continue
            state = load_state(game)
            seat, action = bots[code].choose(state)
            pool.text(names[numbers[code][seat]], action_text(action, state.names), games[code])
            assert pool.game(code).version == game.version + 1
        if step % 20 == 0:
            drain(pool, clock)
        if not live:
            drain(pool, clock)
            return
    drain(pool, clock)
    assert moves is not None, f"games {sorted(live)} did not end"


def scan(pool: Pool, games: dict[str, str]) -> list:
    """Every message Twilio created: from its game's number, each phone's thread with a number
    holding only the game it plays there. The messages, checked."""
    with Session(pool.engine) as session:
        rows = {row.id: row for row in session.exec(select(Outbox))}
        by_id = {g.id: g for g in session.exec(select(Game))}
    number_of = {code: via for code, via in games.items()}
    threads: dict[tuple[str, str], set[str]] = defaultdict(set)
    created = pool.fake.created()
    assert created and len(created) == len(rows)  # every text went, and once
    for call in created:
        row = rows[call.outbox_id]
        sender = call.form["From"]
        assert sender in NUMBERS
        if row.game_id is not None:
            code = by_id[row.game_id].code
            assert sender == number_of[code], (code, sender, call.form["Body"])
            threads[(call.to, sender)].add(code)
    assert all(len(codes) == 1 for codes in threads.values()), threads
    ana = pool.phones["Ana"]
    assert {sender for (to, sender) in threads if to == ana} == set(NUMBERS)
    return created


def test_three_games_on_three_numbers_each_text_from_its_own(make_app, fake_twilio, clock):
    pool = Pool(app_for(make_app, fake_twilio), fake_twilio)
    games = three_games(pool)
    play(pool, games, clock)
    created = scan(pool, games)
    assert not any("MessagingServiceSid" in call.form for call in created)


@pytest.fixture
def service_pool(make_app, fake_twilio) -> Pool:
    """The same pool as a Messaging Service's numbers (listed, so not read at start)."""
    app = app_for(make_app, fake_twilio, twilio_messaging_service_sid=SERVICE)
    return Pool(app, fake_twilio)


def test_a_messaging_service_sends_each_game_from_its_number(service_pool, clock):
    pool = service_pool
    games = three_games(pool)
    play(pool, games, clock, moves=30)  # a few rounds of each: the whole games are above
    for call in scan(pool, games):
        assert call.form["MessagingServiceSid"] == SERVICE


def test_a_stop_to_one_number_of_a_service_opts_out_of_all_and_tells_every_table(
    service_pool, clock
):
    pool = service_pool
    games = three_games(pool)
    drain(pool, clock)
    before = len(pool.fake.created())
    pool.text("Cy", "STOP", NUMBERS[1])  # Cy plays on A and C, and texted B
    drain(pool, clock)
    told = pool.fake.created()[before:]
    by_sender = defaultdict(set)
    for call in told:
        assert "Cy has opted out of texts" in call.form["Body"]
        by_sender[call.form["From"]].add(call.to)
    cy = pool.phones["Cy"]
    first, _, third = games
    assert set(by_sender) == {NUMBERS[0], NUMBERS[2]}  # each table, from its own number
    assert by_sender[NUMBERS[0]] == set(pool.seats(first)) - {cy}
    assert by_sender[NUMBERS[2]] == set(pool.seats(third)) - {cy}
    for via in NUMBERS:  # nothing reaches Cy from any number of the service any more
        pool.text("Ana", "anyone there?", via)
    drain(pool, clock)
    assert cy not in {call.to for call in pool.fake.created()[before:]}


def test_a_bare_number_that_finds_a_phone_unsubscribed_stops_only_that_number(
    make_app, fake_twilio, clock
):
    """Twilio's 21610 from one bare number of the pool: the phone opted out of that number at
    its carrier; its table there is told, its table on another number goes on."""
    pool = Pool(app_for(make_app, fake_twilio), fake_twilio)
    a, b, _ = NUMBERS
    first = pool.code("Ana", a)
    pool.text("Bob", f"JOIN {first} Bob", a)
    second = pool.code("Cy", b)
    pool.text("Bob", f"JOIN {second} Bob", b)
    pool.text("Dee", f"JOIN {second} Dee", b)
    drain(pool, clock)
    bob = pool.phones["Bob"]
    fake_twilio.script_to(bob, UNSUBSCRIBED)
    pool.text("Cy", "hello table", b)  # goes to Bob (refused: 21610) and Dee
    drain(pool, clock)
    told = [c for c in fake_twilio.created() if "Bob has opted out of texts" in c.form["Body"]]
    assert {(c.to, c.form["From"]) for c in told} >= {(pool.phones["Dee"], b)}
    assert {c.form["From"] for c in told} == {b}
    before = len(fake_twilio.created())
    pool.text("Ana", "still with us bob?", a)  # from A, Bob is still texted
    pool.text("Cy", "anyone?", b)  # from B, no longer
    drain(pool, clock)
    after = [(c.to, c.form["From"]) for c in fake_twilio.created()[before:]]
    assert (bob, a) in after and (bob, b) not in after


def test_a_lookup_never_takes_another_numbers_message_for_this_one(
    database_url, db_engine, fake_twilio, clock
):
    """A text from one number of the pool whose send had an unknown outcome is looked up among
    that number's messages only: the same words sent from another number are not it."""
    fake_twilio.clock = clock.now
    settings = twilio_settings(
        database_url, fake_twilio, twilio_from_number=NUMBERS[0],
        twilio_numbers=",".join(NUMBERS[1:]), send_timeout_seconds=0.3,
    )  # fmt: skip
    alice = number(1)
    [outbox_id] = queue(db_engine, alice, "Vote changed to JA.")
    with Session(db_engine) as session:
        session.get(Outbox, outbox_id).line = NUMBERS[1]
        session.commit()
    form = {"To": alice, "From": NUMBERS[0], "Body": "Vote changed to JA."}
    other = message(fake_twilio.account_sid, "SM" + "e" * 32, form, clock.now())
    fake_twilio.messages.append({**other, "status": "sent", "date_sent": other["date_created"]})
    fake_twilio.script(RESET)  # the first attempt: no answer, nothing created
    worker = Worker(db_engine, settings, clock=clock, rand=lambda: 1.0, name="w")
    assert worker.drain() == 1
    clock.advance(60)
    assert worker.drain() == 1
    [created] = fake_twilio.created()
    assert created.form["From"] == NUMBERS[1] and fake_twilio.lists == 1
    assert fake_twilio.created_count()[outbox_id] == 1
