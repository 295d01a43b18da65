"""A pool's numbers each send at their own rate (issue 35, point 3): ten long codes send ten
segments a second side by side, no number ever sends faster than its rate, a prompt goes first
within its number, and a toll-free number keeps to 3 a second unless TWILIO_NUMBER_RATES says
otherwise. Every time is the worker's fake clock, never a sleep."""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest
from delivery_helpers import FROM, START, number, put
from delivery_helpers import twilio_settings as settings_for

from sh_sms.config import InvalidSettings, Settings
from sh_sms.delivery.worker import Worker
from sh_sms.pool import HOME

POOL = (FROM, "+15550300002", "+15550300003")
TOLL_FREE = "+18005550100"
TWILIO = {"twilio_account_sid": "AC" + "0" * 32, "twilio_auth_token": "token"}


def worker(db_engine, fake, clock, numbers=POOL, **overrides) -> Worker:
    """One worker for a pool of `numbers` at one segment a second per long code."""
    url = db_engine.url.render_as_string(hide_password=False)
    values = {"twilio_mps": 1.0, "twilio_numbers": ",".join(numbers[1:]), **overrides}
    return Worker(db_engine, settings_for(url, fake, **values), clock=clock)


def sends(fake, clock) -> list[tuple[str, str, float]]:
    """(from, to, second after START) of every accepted send, in the order they arrived."""
    at = [round(t - START.timestamp(), 3) for t in clock.waits]
    return [(c.form["From"], c.form["To"], t) for c, t in zip(fake.accepted(), at, strict=True)]


def per_second(sent: list[tuple[str, str, float]]) -> dict[tuple[str, int], int]:
    """How many texts each number started in each whole second."""
    count: dict[tuple[str, int], int] = defaultdict(int)
    for sender, _, t in sent:
        count[(sender, int(t))] += 1
    return count


def test_each_number_sends_at_its_own_rate_side_by_side(db_engine, fake_twilio, clock):
    for k in range(4):  # four texts on each of three numbers, to twelve phones
        for n, line in enumerate((HOME, POOL[1], POOL[2])):
            put(db_engine, number(10 * n + k), f"news {k}", line=line, game_id=n + 1)
    worker(db_engine, fake_twilio, clock).drain()
    sent = sends(fake_twilio, clock)
    assert len(sent) == 12
    by_number = defaultdict(list)
    for sender, _, t in sent:
        by_number[sender].append(t)
    # Each number at one a second from the start: none waits behind another's texts.
    assert {n: sorted(ts) for n, ts in by_number.items()} == {n: [0, 1, 2, 3] for n in POOL}
    assert max(per_second(sent).values()) == 1


def test_a_prompt_goes_first_within_its_own_number(db_engine, fake_twilio, clock):
    for k in range(3):
        put(db_engine, number(k), "news", line=POOL[1])
    put(db_engine, number(9), "Your turn: NOM a player", line=POOL[1], game_id=2, critical=True)
    put(db_engine, number(20), "news from home", line=HOME, game_id=3)
    worker(db_engine, fake_twilio, clock).drain()
    sent = sends(fake_twilio, clock)
    second = [to for sender, to, _ in sent if sender == POOL[1]]
    assert second[0] == number(9)
    assert [(to, t) for sender, to, t in sent if sender == FROM] == [(number(20), 0)]


def test_one_phone_reads_two_games_at_once_from_two_numbers(db_engine, fake_twilio, clock):
    phone = number(1)
    put(db_engine, phone, "game one, first", line=HOME, game_id=1)
    put(db_engine, phone, "game two, first", line=POOL[1], game_id=2)
    put(db_engine, phone, "game one, second", line=HOME, game_id=1)
    worker(db_engine, fake_twilio, clock, delivery_order="fifo").drain()
    sent = [(c.form["From"], c.form["Body"]) for c in fake_twilio.accepted()]
    assert [b for f, b in sent if f == FROM] == ["game one, first", "game one, second"]
    assert [b for f, b in sent if f == POOL[1]] == ["game two, first"]
    assert len(sent) == 3


def test_a_toll_free_number_sends_three_a_second_and_a_listed_rate_wins(
    db_engine, fake_twilio, clock
):
    numbers = (FROM, TOLL_FREE, POOL[2])
    for k in range(6):
        put(db_engine, number(k), "news", line=TOLL_FREE)
        put(db_engine, number(20 + k), "news", line=POOL[2], game_id=2)
    rates = f"{POOL[2]}=2"
    worker(db_engine, fake_twilio, clock, numbers=numbers, twilio_number_rates=rates).drain()
    sent = sends(fake_twilio, clock)
    toll_free = sorted(t for sender, _, t in sent if sender == TOLL_FREE)
    listed = sorted(t for sender, _, t in sent if sender == POOL[2])
    # Never faster than its rate; far faster than a long code's six seconds (one worker sends
    # the two numbers' texts in turn here, so a slot may start a little after it was free).
    assert min(b - a for a, b in itertools.pairwise(toll_free)) >= 1 / 3 - 0.002
    assert toll_free[-1] <= 2.0
    assert min(b - a for a, b in itertools.pairwise(listed)) >= 0.5
    assert listed[-1] <= 3.0


def test_a_single_number_keeps_the_configured_rate_whatever_its_kind():
    settings = Settings(twilio_from_number=TOLL_FREE, twilio_mps=1.0, **TWILIO)
    assert settings.line_rate(HOME) == 1.0


def test_a_pool_rates_each_number_by_its_kind():
    settings = Settings(
        twilio_from_number=FROM,
        twilio_numbers=f"{TOLL_FREE},{POOL[1]},{POOL[2]}",
        twilio_segments_per_second=1.5,
        twilio_number_rates=f"{POOL[2]}=4",
        **TWILIO,
    )
    rates = [settings.line_rate(line) for line in settings.pool.lines]
    assert rates == [1.5, 3.0, 1.5, 4.0]


@pytest.mark.parametrize("value", ["+15550300002", "+15550300002=0", "555=2", "+1555=x"])
def test_a_number_rate_that_cannot_work_is_refused_at_start(value):
    with pytest.raises(InvalidSettings) as refused:
        Settings.from_env({"TWILIO_NUMBER_RATES": value})
    assert "TWILIO_NUMBER_RATES" in str(refused.value)


def test_one_numbers_far_slot_never_holds_anothers_prompt(db_engine, fake_twilio, clock):
    """A 5-segment text on one number puts that number's next slot 5 s away. The worker sends a
    batch before it claims again, so were that far slot claimed now, a prompt queued a second
    later on another number would wait for it: with a pool, `run` claims only slots about to
    come (`near`), and the prompt goes at once."""
    long = " ".join(["word"] * 150)  # 5 segments
    put(db_engine, number(1), long, line=POOL[1], game_id=1)
    put(db_engine, number(2), "news after it", line=POOL[1], game_id=1)
    pool = worker(db_engine, fake_twilio, clock)
    assert pool.near_slots
    assert pool.run_once(near=True) == 1  # the long text; the next is 5 s away, left queued
    clock.advance(1)
    put(db_engine, number(3), "Your turn: NOM a player", line=HOME, game_id=2, critical=True)
    assert pool.run_once(near=True) == 1  # the prompt, not the far slot's text
    clock.advance(4)
    assert pool.run_once(near=True) == 1  # now the other text's slot has come
    bodies = [(c.form["From"], c.form["Body"][:10]) for c in fake_twilio.accepted()]
    assert bodies == [(POOL[1], long[:10]), (FROM, "Your turn:"), (POOL[1], "news after")]


def test_one_number_claims_its_next_slot_however_far(db_engine, fake_twilio, clock):
    """With one number, as always: its next slot is claimed however far (a drain sends all)."""
    long = " ".join(["word"] * 150)
    put(db_engine, number(1), long)
    put(db_engine, number(2), "news after it")
    single = worker(db_engine, fake_twilio, clock, numbers=(FROM,))
    assert not single.near_slots
    assert single.run_once(near=single.near_slots) == 1
    assert single.run_once(near=single.near_slots) == 1  # at once, for a slot 5 s away
    assert [round(t - START.timestamp()) for t in clock.waits] == [0, 5]
