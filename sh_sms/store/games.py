"""Small queries and updates on games and players, shared by the lobby and play handlers."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy import bindparam, func, insert, inspect, or_, text, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Engine
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select

from ..gamekind import registry
from ..gamekind.kit import Event
from ..pool import HOME
from ..text.words import CODE_LETTERS
from . import ENDED, LOBBY, OPEN_STATUSES, OVER, Game, GameClock, GameEvent, Player
from .db import transaction

CODE_LENGTHS = (4, 5, 6)  # 160,000 four-letter codes, 3.2 million of five, 64 million of six
CODE_BATCH = 16  # candidate codes looked up per query
CODE_QUERIES = 2  # queries per length before a longer code is tried


class CodesExhausted(RuntimeError):
    """Every code `new_code` tried was taken (practically never: see `new_code`)."""


# The statements every text runs, built once (no construction, no cache key per text). A phone
# holds one seat per service number: its seat on the line the text came to (sh_sms.pool) is the
# one the text concerns, found through `uq_players_open_seat` however many lines there are.
OPEN_SEAT = (Player.line == bindparam("line")) & (Player.open_number == bindparam("number"))
ROSTER = select(Player).where(Player.game_id == bindparam("game_id")).order_by(Player.seat)
# SQLite: the game and its roster together, seat by seat (see `open_game`).
GAME_ROSTER = (
    select(Game, Player)
    .join(Player, Player.game_id == Game.id)
    .where(Game.id == select(Player.game_id).where(OPEN_SEAT).scalar_subquery())
    .order_by(Player.seat)
)


def _locked_game_roster():
    """PostgreSQL: the game and its roster from `sh_sms_open_game` (migration 0018), which locks
    the game before it reads the roster: one round trip."""
    quote = postgresql.dialect().identifier_preparer.quote
    game_columns, player_columns = list(Game.__table__.columns), list(Player.__table__.columns)
    fields = [f"(o.found_game).{quote(c.name)}" for c in game_columns]
    fields += [f"(o.seated).{quote(c.name)}" for c in player_columns]
    found = text(f"SELECT {', '.join(fields)} FROM sh_sms_open_game(:number, :line) AS o")
    return select(Game, Player).from_statement(found.columns(*game_columns, *player_columns))


LOCKED_GAME_ROSTER = _locked_game_roster()


def open_game(session: Session, number: str, line: str = HOME) -> tuple[Game | None, list[Player]]:
    """The unfinished game `number` plays in on `line`, locked, with its roster in seat order
    read under the lock (None and [] when it plays in none there).

    One round trip either way. SQLite holds the database's write lock since `BEGIN IMMEDIATE`,
    so nothing can change between finding the game and reading its players: one statement
    reads both. PostgreSQL must lock the row before it reads the roster (a statement that
    waited for the lock would still see the roster of before): a function does both.
    """
    sqlite = session.get_bind().dialect.name == "sqlite"
    found = GAME_ROSTER if sqlite else LOCKED_GAME_ROSTER
    rows = session.exec(found, params={"number": number, "line": line}).all()
    return (rows[0][0], [row[1] for row in rows]) if rows else (None, [])


def roster(session: Session, game_id: int) -> list[Player]:
    """The game's players in seat order."""
    return list(session.exec(ROSTER, params={"game_id": game_id}))


def find_game(session: Session, code: str) -> Game | None:
    """The game this code (any case) names: the newest with it, if any."""
    query = select(Game).where(Game.code == code.upper()).order_by(col(Game.id).desc())
    return session.exec(query.limit(1)).first()


def names_open(session: Session, code: str, lobby: bool = False) -> bool:
    """Whether `code` names an unfinished game (with `lobby`, one not started yet)."""
    game = find_game(session, code)
    return game is not None and game.status in ((LOBBY,) if lobby else OPEN_STATUSES)


def new_code(
    session: Session, now: datetime, cooloff: timedelta, letters: str | None = None
) -> str:
    """A code no unfinished game uses, nor a game played and finished within `cooloff` (its
    board and replay keep it that long), so codes of old games come back; a lobby closed before
    it started has nothing to show and gives its code back at once.

    Random candidates are looked up CODE_BATCH at a time; after CODE_QUERIES lookups that found
    every candidate taken (the four-letter space is nearly full), codes grow a letter. So a pick
    costs at most len(CODE_LENGTHS) * CODE_QUERIES queries, however full the space: never an
    unbounded loop. Raise CodesExhausted if even that finds nothing (64 million six-letter codes
    would all have to be in use).
    """
    since, letters = now - cooloff, letters or CODE_LETTERS
    for length in CODE_LENGTHS:
        for _ in range(CODE_QUERIES):
            candidates = list(
                dict.fromkeys(
                    "".join(secrets.choice(letters) for _ in range(length))
                    for _ in range(CODE_BATCH)
                )
            )
            taken = set(
                session.exec(
                    select(Game.code).where(
                        col(Game.code).in_(candidates),
                        or_(
                            col(Game.status).in_(OPEN_STATUSES),
                            col(Game.state).is_not(None) & (col(Game.updated_at) >= since),
                        ),
                    )
                )
            )
            free = [code for code in candidates if code not in taken]
            if free:
                return free[0]
    raise CodesExhausted(f"no free code among {len(CODE_LENGTHS) * CODE_QUERIES} lookups")


def load_state(game: Game) -> object | None:
    """The game's state stored with `game`, read by the game it plays (`games.registry`), or
    None for a lobby (no roles dealt yet)."""
    if not game.state:
        return None
    return registry.of(game).load(game.state)


def save_state(game: Game, state: object, now: datetime) -> None:
    """Replace the stored engine state whole (in-place JSON changes would not be saved).

    A game row with no other change pending (a move) is written at once by one prepared UPDATE
    rather than by the unit of work at the next flush, which costs several times more; the row
    then reads as saved. Otherwise (START also changes the status) the flush writes it all.
    """
    values = {"state": state.to_json(), "version": game.version + 1, "updated_at": now}
    row = inspect(game)
    if not row.persistent or row.modified:
        for name, value in values.items():
            setattr(game, name, value)
        return
    params = {"game_id": game.id, "new_state": values["state"], "new_version": values["version"]}
    row.session.connection().execute(SAVE, {**params, "at": now})
    for name, value in values.items():
        set_committed_value(game, name, value)


SAVE = (
    update(Game)
    .where(Game.id == bindparam("game_id"))
    .values(
        state=bindparam("new_state"), version=bindparam("new_version"), updated_at=bindparam("at")
    )
)


def append_events(session: Session, game: Game, events: list[Event], now: datetime) -> None:
    """Add events to the game's append-only log, numbered on from its last (one statement)."""
    if not events:
        return
    rows = [
        {
            "game_id": game.id,
            "kind": event.kind,
            "to_seat": event.to,
            "data": json.dumps(event.data, separators=(",", ":")),
            "created_at": now,
        }
        for event in events
    ]
    session.flush()  # events added through the session, if any, come first
    session.connection().execute(APPEND, rows)


def _append_statement():
    """INSERT INTO events ... SELECT <the row>, with `seq` one above the game's last: run once
    for all rows (executemany), each row sees the ones before it. The caller holds the game's
    lock, so no other transaction numbers events of this game meanwhile."""
    table = GameEvent.__table__
    value = {name: bindparam(name, type_=table.c[name].type) for name in EVENT_COLUMNS}
    last = select(func.coalesce(func.max(table.c.seq), 0)).where(
        table.c.game_id == value["game_id"]
    )
    row = select(value["game_id"], last.scalar_subquery() + 1, *list(value.values())[1:])
    columns = [table.c.game_id, table.c.seq, *(table.c[name] for name in EVENT_COLUMNS[1:])]
    return insert(table).from_select(columns, row)


EVENT_COLUMNS = ("game_id", "kind", "to_seat", "data", "created_at")
APPEND = _append_statement()


def public_events(
    session: Session, game_id: int, limit: int, kinds: Iterable[str] | None = None
) -> list[Event]:
    """The last `limit` events the whole table saw (of the given kinds), oldest first."""
    rows = public_event_rows(session, game_id, limit, kinds)
    return [Event(row.kind, None, json.loads(row.data)) for row in rows]


def public_event_rows(
    session: Session, game_id: int, limit: int, kinds: Iterable[str] | None = None
) -> list[GameEvent]:
    """The last `limit` event rows the whole table saw (of the given kinds), oldest first."""
    query = select(GameEvent).where(GameEvent.game_id == game_id, GameEvent.to_seat == None)  # noqa: E711
    if kinds is not None:
        query = query.where(GameEvent.kind.in_(sorted(kinds)))
    return list(reversed(session.exec(query.order_by(GameEvent.seq.desc()).limit(limit)).all()))


def all_events(session: Session, game_id: int) -> list[Event]:
    """Every event of the game, private ones included, in order: only for a finished game."""
    rows = session.exec(
        select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    ).all()
    return [Event(row.kind, row.to_seat, json.loads(row.data)) for row in rows]


def seat_events(session: Session, game_id: int, seat: int) -> list[Event]:
    """The events `seat` has seen, in order: every public one and its own private ones."""
    rows = session.exec(
        select(GameEvent)
        .where(
            GameEvent.game_id == game_id,
            or_(GameEvent.to_seat == None, GameEvent.to_seat == seat),  # noqa: E711
        )
        .order_by(GameEvent.seq)
    ).all()
    return [Event(row.kind, row.to_seat, json.loads(row.data)) for row in rows]


def close_game(game: Game, players: list[Player], status: str, now: datetime) -> None:
    """Finish a game: its numbers are free to join another one."""
    game.status = status
    game.updated_at = now
    for player in players:
        player.open_number = None


RECENT = (
    select(Player, Game)
    .join(Game, Game.id == Player.game_id)
    .where(
        Player.number == bindparam("number"),
        Player.line == bindparam("line"),
        Game.status.in_((OVER, ENDED)),
        Game.state.is_not(None),
        Game.updated_at >= bindparam("since"),
    )
    .order_by(Game.updated_at.desc(), Game.id.desc())
    .limit(1)
)


def recently_finished(
    session: Session, number: str, since: datetime, line: str = HOME
) -> tuple[Player, Game] | None:
    """`number`'s player row in its latest started game on `line` that finished after `since`,
    with that game, if any."""
    params = {"number": number, "since": since, "line": line}
    found = session.exec(RECENT, params=params).first()
    return (found[0], found[1]) if found is not None else None


def due_games(engine: Engine, due_column, now: datetime, limit: int) -> list[int]:
    """The ids of the games whose clock column `due_column` (a `GameClock` time) is due at
    `now`, most overdue first, at most `limit` (a periodic job's batch)."""
    query = (
        select(GameClock.game_id)
        .where(col(due_column) <= now)
        .order_by(col(due_column))
        .limit(limit)
    )
    with transaction(engine) as session:
        return list(session.exec(query))


def lock_due(session: Session, game_id: int, due_column, now: datetime) -> tuple | None:
    """The game and its clock, the game locked, when its clock column `due_column` is still
    due at `now` and nobody else holds the game; None: another worker or a text has it, or it
    was done meanwhile (look again next run)."""
    query = select(Game).where(Game.id == game_id).with_for_update(skip_locked=True)
    game = session.exec(query).first()
    if game is None:
        return None
    clock = session.get(GameClock, game_id)
    due = None if clock is None else getattr(clock, due_column.key)
    if due is None or due > now:
        return None
    return game, clock
