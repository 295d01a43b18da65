"""Database helpers shared by the benchmarks."""

from __future__ import annotations

from sqlmodel import Session, select

from sh_sms.store import Game, make_engine


def require_empty(url: str) -> None:
    """Stop unless the database holds no game (numbers of old games would still be taken)."""
    engine = make_engine(url)
    with Session(engine) as session:
        if session.exec(select(Game.id).limit(1)).first() is not None:
            raise SystemExit(f"{url} already holds games: give an empty database")
    engine.dispose()
