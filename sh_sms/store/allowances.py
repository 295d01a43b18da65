"""Counters for the limits (sh_sms.conversation.limits): charges against an allowance per window.

A limit is a key (`talk:<game>:<number>`, say), a cap and a window. Windows are fixed, `seconds`
long and aligned on the epoch, so the end of a window is when its allowance is back; a window of
0 seconds never ends (a count for the life of a lobby, from `start`). One statement charges one
or several keys and returns, per key, whether the charge fitted and whether it is the first
refusal of its window: that one is told why, later ones are not. A refused charge uses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache

from sqlalchemy import TextClause, and_, text, update
from sqlmodel import Session

from .models import Allowance

BARRED = 1 << 30  # `used` of a key nobody may charge again (a number kicked from a lobby)


@dataclass(frozen=True)
class Charge:
    """Spend `cost` from the allowance `key` of `cap` per window of `seconds` (0: no end, the
    count starting at `start`, epoch seconds)."""

    key: str
    cost: int
    cap: int
    seconds: int
    start: int = 0


@dataclass(frozen=True)
class Spent:
    """What a charge found: whether it fitted, whether it is the window's first refusal, what
    the key has used (BARRED or more: barred), and when the window ends (None: never)."""

    ok: bool
    first_refusal: bool
    used: int
    resets_at: datetime | None

    @property
    def barred(self) -> bool:
        """Whether the key was barred for good (`bar`)."""
        return self.used >= BARRED


def window_start(charge: Charge, now: datetime) -> int:
    """The epoch second the charge's current window began."""
    if charge.seconds <= 0:
        return charge.start
    return int(now.timestamp()) // charge.seconds * charge.seconds


_COLUMNS = ("key", "window_start", "used", "cap", "last_cost", "refusals", "last_ok")


@lru_cache(maxsize=16)
def _upsert(rows: int) -> TextClause:
    """The charging upsert for `rows` keys (SQLite and PostgreSQL alike), parameters
    `r<row>_<column>`. Written as SQL: SQLAlchemy compiles a multi-row ON CONFLICT anew on every
    call (about 1 ms of each relayed line)."""
    values = ", ".join(
        "(" + ", ".join(f":r{i}_{name}" for name in _COLUMNS) + ")" for i in range(rows)
    )
    later = "allowances.window_start < excluded.window_start"  # the stored row is older
    fits = "allowances.used + excluded.last_cost <= excluded.cap"
    return text(
        f"INSERT INTO allowances ({', '.join(_COLUMNS)}) VALUES {values} "
        "ON CONFLICT (key) DO UPDATE SET "
        f"used = CASE WHEN {later} THEN excluded.used "
        f"WHEN {fits} THEN allowances.used + excluded.last_cost ELSE allowances.used END, "
        f"refusals = CASE WHEN {later} THEN excluded.refusals "
        f"WHEN {fits} THEN allowances.refusals ELSE allowances.refusals + 1 END, "
        f"last_ok = CASE WHEN {later} THEN excluded.last_ok ELSE {fits} END, "
        "cap = excluded.cap, last_cost = excluded.last_cost, "
        f"window_start = CASE WHEN {later} THEN excluded.window_start "
        "ELSE allowances.window_start END "
        "RETURNING key, last_ok, refusals, used, window_start"
    )


def spend(session: Session, charges: list[Charge], now: datetime) -> dict[str, Spent]:
    """Charge every key (distinct keys) in one statement; return what each charge found."""
    params = {}
    for i, charge in enumerate(charges):
        fits = charge.cost <= charge.cap
        row = {
            "key": charge.key,
            "window_start": window_start(charge, now),
            "used": charge.cost if fits else 0,
            "cap": charge.cap,
            "last_cost": charge.cost,
            "refusals": 0 if fits else 1,
            "last_ok": fits,
        }
        params.update({f"r{i}_{name}": value for name, value in row.items()})
    found = {row.key: row for row in session.connection().execute(_upsert(len(charges)), params)}
    spent = {}
    for charge in charges:
        row = found[charge.key]
        ends = None
        if charge.seconds > 0:
            ends = datetime.fromtimestamp(row.window_start + charge.seconds, UTC)
        ok = bool(row.last_ok)
        spent[charge.key] = Spent(ok, not ok and row.refusals == 1, row.used, ends)
    return spent


def spend_one(session: Session, charge: Charge, now: datetime) -> Spent:
    """`spend` for one key."""
    return spend(session, [charge], now)[charge.key]


def refund(session: Session, charge: Charge, now: datetime) -> None:
    """Give back a charge that fitted but was not used after all (its window only)."""
    c = Allowance.__table__.c
    session.connection().execute(
        update(Allowance.__table__)
        .where(
            and_(
                c.key == charge.key,
                c.window_start == window_start(charge, now),
                c.used >= charge.cost,
            )
        )
        .values(used=c.used - charge.cost)
    )


def bar(session: Session, charge: Charge, now: datetime) -> None:
    """Bar `charge.key` for good: every later charge of it is refused (`Spent.barred`)."""
    spend_one(session, Charge(charge.key, 0, charge.cap, charge.seconds, charge.start), now)
    c = Allowance.__table__.c
    session.connection().execute(
        update(Allowance.__table__).where(c.key == charge.key).values(used=BARRED)
    )
