"""What a game costs in SMS: seeded bot games at 5, 7 and 10 players through the real service.

Every text goes through `POST /sms` (simulator backend) into the outbox, exactly as a phone's
would; the outbox rows are then counted: messages, segments, segments per message, messages over
160 characters, segments per finished game, messages per player per round (all players, and
those outside the government of the round), segments per round per bystander (outside the
government), UCS-2 messages and an estimated cost. Names change lengths, so both runs: the demo's
two- and three-letter names, and ordinary names of seven or eight letters.

    python benchmarks/sms_cost.py [--games 10] [--names short|long] [--price 0.0083]
                                  [--database-url URL]

Targets: 0 UCS-2 messages, at most 1.15 segments per message, at most 3.5 messages per
non-government player per round.
"""

from __future__ import annotations

import argparse
import tempfile
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from _db import require_empty
from _limits import NO_LIMITS
from sqlalchemy import update
from sqlmodel import Session, col, select

from sh_sms.botplay.demo import NAMES
from sh_sms.botplay.textbot import next_text
from sh_sms.engine import GameState
from sh_sms.engine.bot import RandomBot
from sh_sms.store import Game, Outbox, Player, outbox_after
from sh_sms.store.migrate import upgrade
from sh_sms.text.gsm import is_gsm7
from sh_sms.web import create_app

LONG_NAMES = [
    "Victoria", "Benjamin", "Charlie", "Danielle", "Eleanor",
    "Frankie", "Gabriel", "Harriet", "Isabella", "Jonathan",
]  # fmt: skip
DEFAULT_PRICE = 0.0083  # USD per outbound segment, Twilio US long code (list price)
CLEAN = {
    "twilio_account_sid": None,
    "twilio_auth_token": None,
    "public_base_url": None,
    "worker_in_web": False,
    **NO_LIMITS,
}


@dataclass
class Tally:
    """Counts over every game of one table size."""

    games: int = 0
    messages: int = 0
    segments: int = 0
    ucs2: int = 0
    rounds: int = 0
    texts_in: int = 0
    player_rounds: int = 0  # living players summed over rounds
    played_messages: int = 0  # messages sent during rounds (not the lobby)
    outsider_rounds: int = 0  # living non-government players summed over rounds
    outsider_messages: int = 0
    outsider_segments: int = 0
    over_160: int = 0
    by_kind: Counter = field(default_factory=Counter)


class Table:
    """One game played by bots through the webhook."""

    def __init__(self, client, engine, players: int, seed: int, names: list[str]) -> None:
        self.client, self.engine, self.seed = client, engine, seed
        self.numbers = [f"+1555030{seat:04d}" for seat in range(players)]
        self.names = names[:players]
        self.last_id = self._max_id()

    def text(self, seat: int, body: str) -> list[Outbox]:
        """Send one text from `seat`; return the outbox rows it caused."""
        form = {"From": self.numbers[seat], "Body": body, "MessageSid": "SM" + uuid.uuid4().hex}
        response = self.client.post("/sms", data=form)
        assert response.status_code == 200, response.status_code
        with Session(self.engine) as session:
            rows = outbox_after(session, self.last_id)
        if rows:
            self.last_id = rows[-1].id
        return rows

    def play(self, tally: Tally) -> None:
        """Open the lobby, fill it, start and play to the end, adding to `tally`."""
        lobby = self.text(0, f"NEW {self.names[0]}")
        game_id = self._game_id()
        with Session(self.engine) as session:  # the engine's deal follows the game's seed
            session.exec(update(Game).where(col(Game.id) == game_id).values(seed=self.seed))
            session.commit()
        code = self._game(game_id).code
        for seat in range(1, len(self.names)):
            lobby += self.text(seat, f"JOIN {code} {self.names[seat]}")
        self._count(tally, lobby)
        bot = RandomBot(self.seed)
        rows = self.text(0, "START")
        state = GameState.from_json(self._game(game_id).state)
        per_round: dict[int, list[Outbox]] = defaultdict(list)
        government: dict[int, set[int]] = defaultdict(set)
        alive: dict[int, int] = {}
        per_round[state.round] += rows
        while True:
            government[state.round] |= {state.president, state.chancellor} - {None}
            alive.setdefault(state.round, state.living())
            seat, body = next_text(state, bot)
            round_before = state.round
            per_round[round_before] += self.text(seat, body)
            tally.texts_in += 1
            game = self._game(game_id)
            if game.status not in ("lobby", "active"):
                break
            state = GameState.from_json(game.state)
        tally.games += 1
        for round_no, rows in per_round.items():
            self._count(tally, rows)
            insiders = {self.numbers[s] for s in government[round_no]}
            tally.rounds += 1
            tally.player_rounds += alive[round_no]
            tally.played_messages += len(rows)
            tally.outsider_rounds += alive[round_no] - len(government[round_no])
            tally.outsider_messages += sum(1 for r in rows if r.to_number not in insiders)
            tally.outsider_segments += sum(r.segments for r in rows if r.to_number not in insiders)

    def _count(self, tally: Tally, rows: list[Outbox]) -> None:
        for row in rows:
            tally.messages += 1
            tally.segments += row.segments
            tally.ucs2 += not is_gsm7(row.body)
            tally.over_160 += len(row.body) > 160

    def _game_id(self) -> int:
        with Session(self.engine) as session:
            query = select(Player.game_id).where(Player.open_number == self.numbers[0])
            return session.exec(query).one()

    def _game(self, game_id: int) -> Game:
        with Session(self.engine) as session:
            return session.get(Game, game_id)

    def _max_id(self) -> int:
        with Session(self.engine) as session:
            ids = session.exec(select(Outbox.id).order_by(col(Outbox.id).desc()).limit(1)).all()
            return ids[0] if ids else 0


def main(argv: list[str] | None = None) -> None:
    """Play the games and print one line per table size and set of names."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per table size")
    parser.add_argument("--names", choices=["short", "long"], action="append")
    parser.add_argument("--price", type=float, default=DEFAULT_PRICE, help="USD per segment")
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args(argv)
    print(
        f"{'names':>5} {'players':>7} {'games':>5} {'texts in':>8} {'messages':>8} "
        f"{'segments':>8} {'seg/msg':>7} {'>160':>5} {'seg/game':>8} {'seg/rnd/bystander':>17} "
        f"{'msg/player/round':>16} {'non-gov':>7} {'UCS-2':>5} {'cost/game':>9}"
    )
    for kind in args.names or ["short", "long"]:
        names = NAMES if kind == "short" else LONG_NAMES
        with tempfile.TemporaryDirectory() as tmp:
            url = args.database_url or f"sqlite:///{Path(tmp) / 'cost.db'}"
            upgrade(url)
            require_empty(url)
            app = create_app({**CLEAN, "database_url": url})
            engine = app.extensions["sh_sms"].engine
            client = app.test_client()
            for players in (5, 7, 10):
                tally = Tally()
                for seed in range(1, args.games + 1):
                    Table(client, engine, players, seed, names).play(tally)
                print(
                    f"{kind:>5} {players:>7} {tally.games:>5} {tally.texts_in:>8} "
                    f"{tally.messages:>8} {tally.segments:>8} "
                    f"{tally.segments / tally.messages:>7.3f} {tally.over_160:>5} "
                    f"{tally.segments / tally.games:>8.1f} "
                    f"{tally.outsider_segments / tally.outsider_rounds:>17.2f} "
                    f"{tally.played_messages / tally.player_rounds:>16.2f} "
                    f"{tally.outsider_messages / tally.outsider_rounds:>7.2f} {tally.ucs2:>5} "
                    f"${tally.segments * args.price / tally.games:>8.3f}"
                )
            engine.dispose()
            if args.database_url:
                break  # one database holds one run
    print(
        f"(cost at ${args.price} per segment; short names: the demo's (Ana, Bob, ...), long: "
        "7-8 letters; targets: UCS-2 0, seg/msg <= 1.15, non-gov <= 3.5)"
    )


if __name__ == "__main__":
    main()
