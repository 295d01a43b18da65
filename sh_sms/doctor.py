"""`sh-sms doctor`: what an operator needs at a glance. The settings' problems, recent delivery
failures grouped by cause with the fix for each (templates/ops/causes/), the games whose host was
told their texts fail, texts waiting too long (is a worker running?), and inbound texts kept
to be applied later or that broke the code (the dead letters). Exit 1 when anything
needs doing, so a scheduler or monitor can run it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import distinct, func
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from .config import Settings
from .delivery.errors import NETWORK, RECIPIENT_CODES, SENDER_CODES, TRANSIENT_CODES
from .ops.commandline import command_parser
from .ops.preflight import database_problem, problems, schema_problem, shown_url, start, warnings
from .ops.wording import has, say
from .store import FAILED, PENDING_STATUSES, UNDELIVERED, Game, Outbox, SenderAlert, make_engine
from .store.deadletters import counts as dead_letters

STUCK_MINUTES = 5  # a text queued longer than this means no worker is draining the outbox


@dataclass(frozen=True)
class Cause:
    """Failed texts with one error code since the report's start."""

    code: str
    count: int
    games: int
    last_at: datetime
    sender: bool  # the sender's fault: every game on this number is affected


def failures(session: Session, since: datetime) -> list[Cause]:
    """Failed and undelivered texts since `since`, grouped by error code, most frequent first."""
    when = func.coalesce(Outbox.updated_at, Outbox.created_at)
    query = (
        select(
            Outbox.error_code, func.count(), func.count(distinct(Outbox.game_id)), func.max(when)
        )
        .where(col(Outbox.status).in_((FAILED, UNDELIVERED)), when >= since)
        .group_by(Outbox.error_code)
        .order_by(func.count().desc())
    )
    return [
        Cause(code or "unknown", count, games, last, _int(code) in SENDER_CODES)
        for code, count, games, last in session.exec(query)
    ]


def sender_numbers(session: Session, since: datetime, settings: Settings) -> dict[str, list]:
    """Per error code that is the sender's, the service numbers whose texts failed with it
    since `since` (a pool's numbers fail on their own: issue 35)."""
    when = func.coalesce(Outbox.updated_at, Outbox.created_at)
    query = (
        select(Outbox.error_code, Outbox.line)
        .where(col(Outbox.status).in_((FAILED, UNDELIVERED)), when >= since)
        .where(col(Outbox.error_code).in_([str(code) for code in SENDER_CODES]))
        .distinct()
    )
    found: dict[str, list] = {}
    for code, line in session.exec(query):
        shown = settings.pool.number_of(line) or say("doctor/home_number")
        found.setdefault(code, []).append(shown)
    return {code: sorted(numbers) for code, numbers in found.items()}


def cause_text(code: str) -> str:
    """What an error code means and how to fix it."""
    number = _int(code)
    if has(f"causes/{code}"):
        return say(f"causes/{code}")
    if number in RECIPIENT_CODES:
        return say("causes/recipient", code=code)
    if number in TRANSIENT_CODES or code == NETWORK or code.startswith("http_5"):
        return say("causes/transient", code=code)
    return say("causes/other", code=code)


def waiting(session: Session, now: datetime) -> tuple[int, datetime | None]:
    """Texts due but not yet handed to Twilio, queued over STUCK_MINUTES ago, and the oldest
    (a text waiting for its retry backoff is not stuck)."""
    due = col(Outbox.next_attempt_at).is_(None) | (col(Outbox.next_attempt_at) <= now)
    stuck_since = now - timedelta(minutes=STUCK_MINUTES)
    query = select(func.count(), func.min(Outbox.created_at)).where(
        col(Outbox.status).in_(PENDING_STATUSES), Outbox.created_at < stuck_since, due
    )
    count, oldest = session.exec(query).one()
    return count, oldest


def alerted_games(session: Session, since: datetime) -> list[str]:
    """Codes of the games whose texts failed for the sender's reasons since `since`."""
    query = (
        select(Game.code)
        .join(SenderAlert, col(SenderAlert.game_id) == col(Game.id))
        .where(SenderAlert.last_at >= since)
        .order_by(Game.code)
    )
    return list(session.exec(query))


def report(engine: Engine, settings: Settings, now: datetime, hours: float) -> tuple[str, bool]:
    """The report's text, and whether everything is fine."""
    since = now - timedelta(hours=hours)
    lines = [
        say(
            "doctor/header",
            backend=settings.backend,
            hours=hours,
            url=shown_url(settings.database_url),
        )
    ]
    trouble = problems(settings)
    unusable = database_problem(engine) or schema_problem(engine)
    lines += trouble + ([unusable] if unusable else []) + warnings(settings)
    if unusable:
        return "\n".join(lines), False
    with Session(engine) as session:
        causes = failures(session, since)
        stuck, oldest = waiting(session, now)
        games = alerted_games(session, since)
        senders = {} if settings.pool.single else sender_numbers(session, since, settings)
    kept = dead_letters(engine)
    for cause in causes:
        numbers = senders.get(cause.code, [])  # with a pool: which numbers it concerns
        lines.append(say("doctor/cause", cause=cause, text=cause_text(cause.code), numbers=numbers))
    if games:
        lines.append(say("doctor/games", codes=games))
    if stuck:
        lines.append(say("doctor/stuck", count=stuck, oldest=oldest, minutes=STUCK_MINUTES))
    if kept.pending or kept.failed:
        lines.append(say("doctor/kept", kept=kept))
    healthy = not (trouble or stuck or kept.pending or any(c.sender for c in causes))
    lines.append(say("doctor/verdict", healthy=healthy, failed=sum(c.count for c in causes)))
    return "\n".join(lines), healthy


def _int(code: str | None) -> int | None:
    return int(code) if code and code.isdigit() else None


def main(argv: list[str] | None = None) -> int:
    """Print the report for DATABASE_URL; exit 1 when something needs doing."""
    parser = command_parser("doctor")
    parser.add_argument(
        "--hours", type=float, default=24.0, help="how far back to look, in hours (default 24)"
    )
    args = parser.parse_args(argv)
    settings = start()
    if settings is None:
        return 1
    engine = make_engine(settings.database_url)
    try:
        text, healthy = report(engine, settings, datetime.now(UTC), args.hours)
    finally:
        engine.dispose()
    print(text)
    return 0 if healthy else 1
