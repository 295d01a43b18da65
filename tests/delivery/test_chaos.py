"""Chaos: two gunicorn web processes and two `sh-sms worker` processes are SIGKILLed at random
(on PostgreSQL their database connections are terminated too) while bot tables play by text,
retrying each text after a 5xx or a dropped connection with the same MessageSid, as Twilio's
Fallback URL would. The fake Twilio meanwhile creates messages and loses the answer, refuses
with 429 and resets connections. Afterwards: every acknowledged text applied exactly once
(each move moved its game one version on), every queued message sent, none sent twice.

Seeded and bounded (a few tables, a capped number of moves and kills, a deadline); the kills
follow the number of acknowledged texts, not the clock. The figures of the run are printed in
the session summary.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections import Counter

import pytest
from chaos import PUBLIC_URL, Driver, Tally, web_process, worker_process
from delivery_helpers import CALLBACK, FROM
from fake_twilio import CREATED_THEN_RESET, RESET, TOO_MANY_REQUESTS
from sqlalchemy import create_engine, func, text
from sqlmodel import Session, col, select

from sh_sms.conversation import intake
from sh_sms.store import DELIVERED, JOINED, PENDING_STATUSES, SENT, Game, Inbound, Outbox

SEED = 20261122
TABLES = 4
POOL = (FROM, "+15550009998", "+15550009997")  # with a pool: one table per number, same phones
MAX_MOVES = 40  # per table, after NEW, four JOINs and START
KILLS = 24
BUDGET_SECONDS = 240.0
APP_NAME = "sh-sms-chaos"  # the processes' PostgreSQL application_name: only they are cut off


def twilio_faults(rng: random.Random):
    """The fake Twilio's answer to each send: mostly fine, sometimes a lost or refused one."""
    lock, counts = threading.Lock(), Counter()

    def chaos(_call):
        with lock:
            roll = rng.random()
            for name, below, reply in (
                ("created_then_reset", 0.06, CREATED_THEN_RESET),
                ("too_many_requests", 0.09, TOO_MANY_REQUESTS),
                ("reset", 0.11, RESET),
            ):
                if roll < below:
                    counts[name] += 1
                    return reply
        return None

    return chaos, counts


def environment(database_url: str, fake) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DATABASE_URL": database_url,
        "PGAPPNAME": APP_NAME,
        "TWILIO_ACCOUNT_SID": fake.account_sid,
        "TWILIO_AUTH_TOKEN": fake.auth_token,
        "TWILIO_FROM_NUMBER": FROM,
        "TWILIO_API_URL": fake.url,
        "STATUS_CALLBACK_URL": CALLBACK,
        "PUBLIC_BASE_URL": PUBLIC_URL,
        "TWILIO_MPS": "1000",
        "LEASE_SECONDS": "3",
        "SEND_TIMEOUT_SECONDS": "0.5",
        "WORKER_POLL_SECONDS": "0.05",
        "WORKER_THREADS": "2",
        "RETRY_BASE_SECONDS": "0.2",
        "RETRY_MAX_SECONDS": "1",
        "MAX_ATTEMPTS": "40",
        "DEAD_LETTER_POLL_SECONDS": "0.5",
        "DB_RETRY_BASE_SECONDS": "0.02",
        "QUIET_HOURS": "off",
    }


def nothing_pending(engine) -> bool:
    """Whether every message has left and every kept text has been applied."""
    with Session(engine) as session:
        query = select(func.count()).select_from(Outbox)
        waiting = session.exec(query.where(col(Outbox.status).in_(PENDING_STATUSES))).one()
    return waiting == 0 and intake.dead_letter_counts(engine).pending == 0


def wait_until(condition, deadline: float) -> bool:
    """Poll `condition` until it holds or the deadline passes (processes run in real time)."""
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def cut_connections(database_url: str) -> int:
    """Terminate every PostgreSQL connection of the web and worker processes."""
    admin = create_engine(database_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            query = text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND application_name = :app"
            )
            return conn.execute(query, {"app": APP_NAME}).scalar()
    finally:
        admin.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("pool", [False, True], ids=["one-number", "pool"])
def test_killed_processes_lose_no_text_and_send_nothing_twice(
    database_url, db_engine, fake_twilio, tmp_path, record_property, pool
):
    """With `pool`, three tables of the same five phones play at once, one on each of three
    numbers: besides the above, every message leaves from its game's number."""
    rng = random.Random(SEED)
    fake_twilio.chaos, faults = twilio_faults(random.Random(SEED + 1))
    postgres = db_engine.dialect.name == "postgresql"
    env = environment(database_url, fake_twilio)
    tables = len(POOL) if pool else TABLES
    if pool:
        env["TWILIO_NUMBERS"] = ",".join(POOL[1:])
        # Bots text without pause: a phone at three tables would pass the flood limit meant
        # for one person's thumbs (20 texts a minute), and its held-back moves are not chaos.
        env["TEXTS_PER_MINUTE"] = "100000"
    webs = [web_process(f"web{i}", env, tmp_path) for i in range(2)]
    workers = [worker_process(f"worker{i}", env, tmp_path) for i in range(2)]
    processes = webs + workers
    tally = Tally()
    deadline = time.monotonic() + BUDGET_SECONDS
    token = fake_twilio.auth_token
    drivers = [
        Driver(i, webs, db_engine, token, tally, SEED + 10 + i, deadline, MAX_MOVES)
        for i in range(tables)
    ]
    if pool:
        drivers = [
            Driver(i, webs, db_engine, token, tally, SEED + 10 + i, deadline, MAX_MOVES, to, 0)
            for i, to in enumerate(POOL)
        ]
    kills: Counter = Counter()
    try:
        for process in processes:
            process.start()
        for driver in drivers:
            driver.start()
        next_kill = rng.randint(3, 8)
        while sum(kills.values()) < KILLS and any(d.is_alive() for d in drivers):
            with tally.changed:  # wait for enough acknowledged texts, not for time
                tally.changed.wait_for(lambda due=next_kill: len(tally.acked) >= due, timeout=5)
            if len(tally.acked) < next_kill:
                continue
            target = rng.choice([*processes, "database"] if postgres else processes)
            if target == "database":
                cut_connections(database_url)
                kills["database"] += 1
            else:
                target.kill()
                target.start()
                kills["web" if target in webs else "worker"] += 1
            next_kill = len(tally.acked) + rng.randint(3, 8)
        for driver in drivers:
            driver.join(max(1.0, deadline - time.monotonic()))
        # No more kills: the processes finish what the killed ones left (leases, lookups, kept
        # texts), in real time, as they would in production.
        settled = wait_until(lambda: nothing_pending(db_engine), deadline)
    finally:
        for process in processes:
            process.kill()
    logs = "\n".join(f"== {p.name}\n{p.log_tail()}" for p in processes)
    db_retries = sum(p.log_text().count("db_retry what=receive") for p in webs)
    for driver in drivers:
        assert not driver.is_alive(), f"{driver.name} still playing\n{logs}"
        assert driver.failure is None, f"{driver.name}: {driver.failure!r}\n{logs}"
    assert settled, f"the outbox or the kept texts never emptied\n{logs}"

    with Session(db_engine) as session:
        applied = set(session.exec(select(Inbound.sid)))
        statuses = Counter(session.exec(select(Outbox.status)))
        queued = session.exec(select(func.count()).select_from(Outbox)).one()
        rows = session.exec(select(Outbox.id, Outbox.status, Outbox.joined_into)).all()
        lines = {i: line for i, line in session.exec(select(Outbox.id, Outbox.line)).all()}
        wrong_line = session.exec(
            select(func.count())
            .select_from(Outbox)
            .join(Game, Game.id == Outbox.game_id)
            .where(Outbox.line != Game.line)
        ).one()
    # A text joined into an earlier one to the same phone went out inside that one.
    carriers = {i for i, status, _ in rows if status != JOINED}
    ids = carriers
    joined_ok = all(into in carriers for _, status, into in rows if status == JOINED)
    letters = intake.dead_letter_counts(db_engine)
    created = fake_twilio.created_count()
    acked = set(tally.acked)
    sent = statuses[SENT] + statuses[DELIVERED] + statuses[JOINED]
    twice = sorted(i for i, n in created.items() if n > 1)
    figures = (
        f"chaos ({db_engine.dialect.name}, seed {SEED}, {'pool' if pool else 'one number'}): "
        f"{tables} tables, "
        f"{sum(d.moves for d in drivers)} moves; texts acknowledged {len(acked)}, "
        f"applied {len(applied & acked)} (wrong versions {len(tally.wrong_versions)}); "
        f"in-request database retries {db_retries}, 5xx answers {tally.errors_5xx}, "
        f"dropped requests {tally.dropped}; messages queued "
        f"{queued}, sent {sent}, sent twice {len(twice)} (lookups {fake_twilio.lists}); "
        f"kills survived {sum(kills.values())} ({dict(sorted(kills.items()))}); "
        f"Twilio faults {dict(sorted(faults.items()))}"
    )
    record_property("figures", figures)
    assert len(acked) == len(tally.acked), "a MessageSid was acknowledged twice"
    assert applied == acked, figures  # nothing acknowledged lost, nothing unacknowledged applied
    assert tally.wrong_versions == [], tally.wrong_versions
    assert (letters.pending, letters.failed) == (0, 0), letters
    assert sent == queued and joined_ok, (statuses, figures)
    assert set(created) == ids, figures  # every message reached its phone...
    assert twice == [], figures  # ...once
    assert sum(kills.values()) >= KILLS // 2, figures
    # Every message left from its game's number: no text of one game in another's thread.
    senders = {"": FROM} | {n: n for n in POOL[1:]}
    froms = {c.outbox_id: c.form.get("From") for c in fake_twilio.created()}
    assert wrong_line == 0, figures
    assert {i: senders[lines[i]] for i in froms} == froms, figures
    if pool:
        assert len({senders[line] for line in lines.values()}) == len(POOL), figures
