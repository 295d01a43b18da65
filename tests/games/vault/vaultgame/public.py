"""What the table may see of a vault game: its `/g/<CODE>.json`, its board and its replay."""

from __future__ import annotations

import json

from sqlmodel import Session, col, select

from sh_sms.gamekind.kit import Event
from sh_sms.public.facts import bot_names
from sh_sms.store import ENDED, OVER, Game, GameEvent, Player
from sh_sms.table.links import replay_path

from . import engine
from .table import event_text


def public_state(session: Session, game: Game, state) -> dict:
    """Everything the table may know: who plays, whose guess it is, the guesses so far."""
    rows = session.exec(
        select(Player).where(Player.game_id == game.id).order_by(col(Player.seat))
    ).all()
    names = state.names if state is not None else [p.name for p in rows]
    hosts = {p.seat for p in rows if p.is_host}
    view = engine.public_view(state) if state is not None else None
    phase = "lobby" if state is None else ("over" if state.over else "guess")
    if game.status in (OVER, ENDED):
        phase = "over"
    return {
        "code": game.code,
        "variant": "vault",
        "phase": phase,
        "players": [{"seat": s + 1, "name": n, "host": s in hosts} for s, n in enumerate(names)],
        "waiting_for": [] if view is None or view["turn"] is None else [names[view["turn"]]],
        "vault": view,
    }


def board_view(session: Session, game: Game, state) -> dict:
    """The board page's data: the public state, the latest news and which seats are bots."""
    found = public_state(session, game, state)
    return {
        **found,
        "events": entries(session, game, state),
        "replay": replay_path(game.code) if found["phase"] == "over" and state else None,
        "bots": bot_names(session, game),
    }


def entries(session: Session, game: Game, state) -> list[dict]:
    """The public events, oldest first, as the table read them."""
    if state is None:
        return []
    rows = session.exec(
        select(GameEvent)
        .where(GameEvent.game_id == game.id, GameEvent.to_seat == None)  # noqa: E711
        .order_by(col(GameEvent.seq))
    ).all()
    return [
        {
            "seq": row.seq,
            "kind": row.kind,
            "text": event_text(
                Event(row.kind, None, json.loads(row.data)), state.names, state.tries
            ),
        }
        for row in rows
    ]


def replay_page(session: Session, game: Game, state) -> tuple[str, dict] | None:
    """The replay of a finished vault game: one step per guess."""
    if not state.over:
        return None
    told = [[e["text"]] for e in entries(session, game, state) if e["kind"] == "guessed"]
    steps = [
        {"round": i + 1, "name": state.names[seat], "number": n, "clock": clock}
        for i, (seat, n, clock) in enumerate(state.guesses)
    ]
    r = {
        "names": state.names,
        "insider": state.names[state.insider],
        "secret": state.secret,
        "winner": state.winner,
    }
    return "games/vault/replay.html", {
        "r": r,
        "steps": steps,
        "told": told,
    }
