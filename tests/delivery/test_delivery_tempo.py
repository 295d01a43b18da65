"""Under a send rate the outbox decides who waits: prompts first, games in turn, each recipient's
texts in order, a multi-segment text taking as many slots as it has segments, and a recipient's
waiting texts joined into one. Every time below is the worker's fake clock, never a sleep."""

from __future__ import annotations

from datetime import timedelta

from delivery_helpers import START, number, put, row, rows
from delivery_helpers import twilio_settings as settings_for

from sh_sms.delivery.worker import Worker
from sh_sms.store import JOINED, QUEUED, SENT

A, B, C, D, E = (number(i) for i in range(1, 6))
GAME_1, GAME_2 = 1, 2


def worker(db_engine, fake, clock, **overrides) -> Worker:
    """One worker at one segment a second (unless overridden), sending one text at a time."""
    url = db_engine.url.render_as_string(hide_password=False)
    values = {"twilio_mps": 1.0, **overrides}
    return Worker(db_engine, settings_for(url, fake, **values), clock=clock)


def sent(fake) -> list[tuple[str, str]]:
    """(recipient, body) of every accepted send, in the order they arrived."""
    return [(c.to, c.form["Body"]) for c in fake.accepted()]


def seconds(clock) -> list[float]:
    """The send slots the worker waited for, in seconds after START."""
    return [round(at - START.timestamp(), 3) for at in clock.waits]


def test_a_prompt_queued_behind_a_backlog_goes_at_the_next_slot(db_engine, fake_twilio, clock):
    for to in (A, B, C, D):
        put(db_engine, to, f"news for {to}")
    w = worker(db_engine, fake_twilio, clock)
    assert w.run_once() == 1  # one slot at a time: the choice is made just before it
    put(db_engine, E, "Your turn: NOM a player", game_id=GAME_2, critical=True)
    w.drain()
    order = [to for to, _ in sent(fake_twilio)]
    assert order == [A, E, B, C, D]
    assert seconds(clock) == [0, 1, 2, 3, 4]


def test_fifo_keeps_the_prompt_behind_the_backlog(db_engine, fake_twilio, clock):
    for to in (A, B, C, D):
        put(db_engine, to, f"news for {to}")
    w = worker(db_engine, fake_twilio, clock, delivery_order="fifo")
    w.run_once()
    put(db_engine, E, "Your turn: NOM a player", game_id=GAME_2, critical=True)
    w.drain()
    assert [to for to, _ in sent(fake_twilio)] == [A, B, C, D, E]


def test_games_take_turns_so_a_vote_cannot_starve_another_games_prompt(
    db_engine, fake_twilio, clock
):
    for to in (A, B, C, D):  # game 1 asks four voters at once
        put(db_engine, to, "Vote JA or NEIN", game_id=GAME_1, critical=True)
    others = [number(i) for i in range(11, 14)]
    for to in others:  # then game 2 asks three
        put(db_engine, to, "Vote JA or NEIN", game_id=GAME_2, critical=True)
    worker(db_engine, fake_twilio, clock).drain()
    order = [to for to, _ in sent(fake_twilio)]
    assert order == [A, others[0], B, others[1], C, others[2], D]


def test_games_take_turns_within_one_claim_too(db_engine, fake_twilio, clock):
    for to in (A, B, C):
        put(db_engine, to, "Vote JA or NEIN", game_id=GAME_1, critical=True)
    put(db_engine, D, "Vote JA or NEIN", game_id=GAME_2, critical=True)
    # Four slots fit in half a second's look-ahead: one claim takes them all, game 2's second.
    w = worker(db_engine, fake_twilio, clock, twilio_mps=8.0, claim_ahead_seconds=0.5)
    assert w.run_once() == 4
    assert [to for to, _ in sent(fake_twilio)] == [A, D, B, C]


def test_an_awaited_players_earlier_texts_go_right_before_their_prompt(
    db_engine, fake_twilio, clock
):
    long_news = "The table talks. " * 9  # 153 characters: two long texts are 3 segments joined
    long_prompt = ("Your turn: NOM a player. " * 7)[:155]
    first = put(db_engine, A, long_news + "1")
    for to in (B, C, D):
        put(db_engine, to, long_news + to)
    prompt = put(db_engine, A, long_prompt, critical=True)
    worker(db_engine, fake_twilio, clock).drain()
    order = [(to, body) for to, body in sent(fake_twilio)]
    assert order[:2] == [(A, long_news + "1"), (A, long_prompt)]
    assert {to for to, _ in order[2:]} == {B, C, D}
    assert row(db_engine, first).status == row(db_engine, prompt).status == SENT


def test_a_three_segment_text_takes_three_slots(db_engine, fake_twilio, clock):
    long_text = "x" * 400  # 3 segments of 153
    put(db_engine, A, long_text)
    put(db_engine, B, "short")
    put(db_engine, C, "short")
    worker(db_engine, fake_twilio, clock).drain()
    assert [to for to, _ in sent(fake_twilio)] == [A, B, C]
    assert seconds(clock) == [0, 3, 4]


def test_the_segment_rate_reads_the_new_name_and_the_old(db_engine, fake_twilio, clock):
    put(db_engine, A, "x" * 200)  # 2 segments
    put(db_engine, B, "short")
    worker(db_engine, fake_twilio, clock, twilio_segments_per_second=4.0).drain()
    assert seconds(clock) == [0, 0.5]


def test_waiting_texts_to_one_recipient_go_as_one(db_engine, fake_twilio, clock):
    ids = [put(db_engine, A, f"news {k}") for k in range(3)]
    put(db_engine, B, "news for B")
    worker(db_engine, fake_twilio, clock).drain()
    assert sent(fake_twilio) == [(A, "news 0\nnews 1\nnews 2"), (B, "news for B")]
    head, *joined = (row(db_engine, i) for i in ids)
    assert (head.status, head.segments) == (SENT, 1)
    assert [(r.status, r.joined_into) for r in joined] == [(JOINED, head.id)] * 2


def test_joining_stops_at_1600_characters_and_never_costs_a_segment(db_engine, fake_twilio, clock):
    for k in range(3):
        put(db_engine, A, str(k) * 700)  # 5 segments each; two fit 1600 characters, three not
    for k in range(2):
        put(db_engine, B, str(k) * 155)  # 2 segments each, but 3 joined
    put(db_engine, C, "news")
    worker(db_engine, fake_twilio, clock).drain()
    to_a = [body for to, body in sent(fake_twilio) if to == A]
    assert to_a == ["0" * 700 + "\n" + "1" * 700, "2" * 700]
    assert [body for to, body in sent(fake_twilio) if to == B] == ["0" * 155, "1" * 155]
    assert all(len(body) <= 1600 for _, body in sent(fake_twilio))


def test_a_prompt_takes_its_earlier_texts_along_but_not_later_ones(db_engine, fake_twilio, clock):
    put(db_engine, A, "news")
    put(db_engine, A, "Your turn: NOM a player", critical=True)
    after = put(db_engine, A, "table talk")
    put(db_engine, B, "news for B")
    w = worker(db_engine, fake_twilio, clock)
    w.run_once()
    assert sent(fake_twilio) == [(A, "news\nYour turn: NOM a player")]
    assert row(db_engine, after).status == QUEUED  # it waits its turn behind other news
    w.drain()
    assert [to for to, _ in sent(fake_twilio)] == [A, A, B]


def test_nothing_is_joined_to_a_text_that_was_tried_before(db_engine, fake_twilio, clock):
    retry = put(db_engine, A, "tried once", attempts=1, error_code="20500")
    put(db_engine, A, "later")
    put(db_engine, B, "news for B")
    worker(db_engine, fake_twilio, clock).drain()
    assert [body for to, body in sent(fake_twilio) if to == A] == ["tried once", "later"]
    assert row(db_engine, retry).status == SENT


def test_nothing_is_joined_while_the_sender_keeps_up(db_engine, fake_twilio, clock):
    put(db_engine, A, "one")
    put(db_engine, A, "two")
    worker(db_engine, fake_twilio, clock, twilio_mps=1000.0).drain()
    assert sent(fake_twilio) == [(A, "one"), (A, "two")]


def test_a_later_claim_waits_for_the_slots_a_joined_text_took(db_engine, fake_twilio, clock):
    for k in range(2):
        put(db_engine, A, str(k) * 150)  # 1 segment each, 2 joined: no extra segment
    put(db_engine, B, "news for B")
    w = worker(db_engine, fake_twilio, clock)
    w.drain()
    assert seconds(clock) == [0, 2]
    assert {r.status for r in rows(db_engine)} == {SENT, JOINED}
    assert clock.now() - START < timedelta(seconds=3)
