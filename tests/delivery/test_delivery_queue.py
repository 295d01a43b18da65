"""The outbox as a work queue: order per recipient, leases, the shared send rate, and two
workers draining one outbox at once."""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from datetime import timedelta

from delivery_helpers import START, FakeClock, number, queue, rows
from delivery_helpers import twilio_settings as settings_for
from fake_twilio import SERVER_ERROR

from sh_sms.delivery.claims import claim
from sh_sms.delivery.senders import TwilioSender
from sh_sms.delivery.worker import Worker
from sh_sms.store import JOINED, SENDING, SENT, make_engine

X, Y = number(1), number(2)


def settings(db_engine, fake, **overrides):
    """Settings for the test database and the fake Twilio."""
    return settings_for(db_engine.url.render_as_string(hide_password=False), fake, **overrides)


class TimedSender(TwilioSender):
    """A Twilio sender that notes the (fake) time of each send."""

    def __init__(self, settings, clock, log: list) -> None:
        super().__init__(settings)
        self.clock, self.log = clock, log

    def send(self, item):
        self.log.append((self.clock.now(), item.to_number))
        return super().send(item)


def test_a_later_text_never_overtakes_an_earlier_one_waiting_to_be_retried(
    db_engine, fake_twilio, clock
):
    queue(db_engine, X, "x1", "x2", "x3")
    queue(db_engine, Y, "y1")
    fake_twilio.script_to(X, SERVER_ERROR)
    w = Worker(db_engine, settings(db_engine, fake_twilio), clock=clock, rand=lambda: 1.0)

    w.drain()
    assert fake_twilio.sent_to(Y) == ["y1"]
    assert fake_twilio.sent_to(X) == []  # x1 waits for its retry, and x2, x3 wait for x1
    assert [c.form["Body"] for c in fake_twilio.calls if c.to == X] == ["x1"]

    clock.advance(2)
    w.drain()
    assert fake_twilio.sent_to(X) == ["x1", "x2", "x3"]
    assert {r.status for r in rows(db_engine)} == {SENT}


def test_parallel_sends_keep_each_recipients_order(db_engine, fake_twilio, clock):
    people = [number(i) for i in range(1, 11)]
    for k in range(5):
        for person in people:
            queue(db_engine, person, f"{person} #{k}")
    w = Worker(db_engine, settings(db_engine, fake_twilio, worker_threads=4), clock=clock)
    assert w.drain() == 50
    w.close()
    for person in people:
        assert fake_twilio.sent_to(person) == [f"{person} #{k}" for k in range(5)]


def test_a_lease_keeps_a_row_and_its_successors_until_it_expires(db_engine, fake_twilio):
    s = settings(db_engine, fake_twilio, lease_seconds=60)
    first, _second = queue(db_engine, X, "x1", "x2")
    [held] = claim(db_engine, s, "a", START, 10, None)
    assert (held.id, held.attempts) == (first, 1)
    assert claim(db_engine, s, "b", START + timedelta(seconds=59), 10, None) == []
    [again] = claim(db_engine, s, "b", START + timedelta(seconds=61), 10, None)
    assert (again.id, again.attempts) == (first, 2)  # the same row, not x2
    [taken] = rows(db_engine, id=first)
    assert (taken.status, taken.claimed_by) == (SENDING, "b")


def test_a_claim_takes_no_more_rows_than_can_go_out_before_its_lease_ends(db_engine, fake_twilio):
    # Look-ahead beyond the lease, so only the lease bounds the claim (normally rows are chosen
    # within CLAIM_AHEAD_SECONDS of their slot).
    s = settings(
        db_engine, fake_twilio, lease_seconds=60, send_timeout_seconds=10, claim_ahead_seconds=3600
    )
    for i in range(1, 61):
        queue(db_engine, number(i), "hi")
    assert len(claim(db_engine, s, "a", START, 100, mps=1.0)) == 50  # slots 0..49 s
    # The next claim's slots start after those: only 50 s of its own lease minus 50 s taken.
    assert claim(db_engine, s, "b", START, 100, mps=1.0) == []
    assert len(claim(db_engine, s, "b", START + timedelta(seconds=10), 100, mps=1.0)) == 10


def test_sends_keep_to_the_rate(db_engine, fake_twilio, clock):
    s = settings(db_engine, fake_twilio, twilio_mps=2.0)
    for i in range(1, 7):
        queue(db_engine, number(i), "hi")
    log: list = []
    Worker(db_engine, s, TimedSender(s, clock, log), clock=clock).drain()
    times = [(t - START).total_seconds() for t, _ in log]
    assert times == [0.0, 0.5, 1.0, 1.5, 2.0, 2.5]


def test_two_workers_share_one_rate(db_engine, fake_twilio, clock):
    s = settings(db_engine, fake_twilio, twilio_mps=2.0, worker_batch=2)
    for i in range(1, 9):
        queue(db_engine, number(i), "hi")
    log: list = []
    workers = [
        Worker(db_engine, s, TimedSender(s, clock, log), clock=clock, name=name)
        for name in ("a", "b")
    ]
    while sum(w.run_once() for w in workers):
        pass
    times = sorted((t - START).total_seconds() for t, _ in log)
    assert len(times) == 8
    assert all(b - a >= 0.5 for a, b in itertools.pairwise(times))


def test_two_workers_at_once_send_every_text_exactly_once_in_order(
    database_url, db_engine, fake_twilio
):
    people = [number(i) for i in range(1, 11)]
    for k in range(10):
        for person in people:
            queue(db_engine, person, f"{person} #{k}")
    s = settings(db_engine, fake_twilio, worker_threads=2, worker_batch=4, worker_poll_seconds=0.01)
    engines = [make_engine(database_url) for _ in range(2)]  # as two processes would
    workers = [Worker(engine, s, name=f"w{i}") for i, engine in enumerate(engines)]
    threads = [threading.Thread(target=w.run) for w in workers]
    for t in threads:
        t.start()
    try:
        assert fake_twilio.wait_for(lambda f: len(texts(f.accepted())) >= 100, timeout=60)
    finally:
        for w in workers:
            w.stop()
        for t in threads:
            t.join(30)
        for engine in engines:
            engine.dispose()
    # A worker that falls behind may join one person's waiting texts into one message (a slow
    # machine does): each text still reaches its phone once, in order.
    assert sorted(Counter(texts(fake_twilio.accepted())).values()) == [1] * 100
    for person in people:
        got = [line for body in fake_twilio.sent_to(person) for line in body.split("\n")]
        assert got == [f"{person} #{k}" for k in range(10)]
    statuses = {r.status for r in rows(db_engine)}
    assert statuses <= {SENT, JOINED} and SENT in statuses


def texts(calls) -> list[str]:
    """The texts inside the messages of `calls` (a joined message holds several, a line each)."""
    return [line for c in calls for line in c.form["Body"].split("\n")]


def test_a_stopping_worker_gives_back_what_it_has_not_sent(db_engine, fake_twilio):
    s = settings(db_engine, fake_twilio, twilio_mps=0.5)
    for i in range(1, 4):
        queue(db_engine, number(i), "hi")

    class StopAfterFirst(FakeClock):
        def sleep_until(self, when, stop):
            if when > START.timestamp():
                worker.stop()
            return super().sleep_until(when, stop)

    worker = Worker(db_engine, s, clock=StopAfterFirst())
    worker.run_once()
    assert [r.status for r in rows(db_engine)] == [SENT, "queued", "queued"]
    assert [r.attempts for r in rows(db_engine)] == [1, 0, 0]
