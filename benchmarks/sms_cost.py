"""What a game costs in SMS: seeded games at 5, 7 and 10 players through the real service.

Every move is a text through `POST /sms` (simulator backend) into the outbox, exactly as a
phone's would; the outbox rows are then counted. Each line is one table size, one mode (ordinary,
or room mode: `SET ROOM ON` in the lobby, news on the shared board only), one set of names (the
demo's two- and three-letter names, or `long`: ordinary names of seven or eight letters) and one
kind of player: the strategy bots (sh_sms.games.standard.bots, deciding from what their seat
has seen; their games have realistic lengths) or the engine's random bot. The bots' claims are
not texted (table talk is the players' own, not the game's cost) unless `--talk` says so.

Columns: games, texts in, messages and segments out, messages over 160 characters (all, and those
that ask nothing of their reader), segments per finished game (lobby included) beside its target,
segments per round per bystander (outside the government), UCS-2 messages and the cost per game.

    python benchmarks/sms_cost.py [--games 10] [--names short|long] [--mode ordinary|room]
                                  [--bots strategy|random] [--lang en|es] [--talk]
                                  [--price 0.0083] [--database-url URL]

`--lang es`: every player reads Spanish (the host opens with `NUEVO <name>`, the others join with
`UNIRSE <code> <name>`, which makes each number read Spanish; the moves stay the English words,
which work in every language). Given twice (`--lang en --lang es`), each line is played in both
and a last table sets Spanish beside English with the ratio es/en of segments per game.

Targets (strategy bots): 7 players ordinary <= 250 segments a game with short names, <= 275 with
long names; room mode <= 135; 10 players ordinary <= 420; 0 UCS-2 messages everywhere; Spanish
costs at most 10% more segments a game than English (es/en <= 1.10).
"""

from __future__ import annotations

import argparse
import tempfile
import uuid
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from _db import require_empty
from _limits import NO_LIMITS
from sqlalchemy import update
from sqlmodel import Session, col, select

from sh_sms.games.standard.botplay import StrategySeat
from sh_sms.games.standard.demo import NAMES
from sh_sms.games.standard.engine import GameState, awaiting
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.textbot import action_text
from sh_sms.games.standard.wording import claim_text
from sh_sms.store import Game, Outbox, Player, outbox_after
from sh_sms.store.games import all_events
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
# Most segments a finished game may cost with the strategy bots: (players, mode, names) -> target.
TARGETS = {
    (7, "ordinary", "short"): 250,
    (7, "ordinary", "long"): 275,
    (7, "room", "short"): 135,
    (7, "room", "long"): 135,
    (10, "ordinary", "short"): 420,
    (10, "ordinary", "long"): 420,
}
SPANISH_RATIO = 1.10  # most segments a Spanish game may cost, as a share of the English game's
# How each language opens and joins a lobby: the Spanish words make the number read Spanish.
OPEN = {"en": ("NEW {name}", "JOIN {code} {name}"), "es": ("NUEVO {name}", "UNIRSE {code} {name}")}


@dataclass
class Tally:
    """Counts over every game of one line."""

    games: int = 0
    messages: int = 0
    segments: int = 0
    ucs2: int = 0
    texts_in: int = 0
    over_160: int = 0
    news_over_160: int = 0  # over 160 characters and asking nothing of the reader
    outsider_rounds: int = 0  # living non-government players summed over rounds
    outsider_segments: int = 0

    def count(self, rows: list[Outbox]) -> None:
        """Add the outbox rows of one step."""
        for row in rows:
            self.messages += 1
            self.segments += row.segments
            self.ucs2 += not is_gsm7(row.body)
            self.over_160 += len(row.body) > 160
            self.news_over_160 += len(row.body) > 160 and not row.critical


class Table:
    """One game played by phones through the webhook."""

    def __init__(
        self, client, engine, players: int, seed: int, names: list[str], lang: str = "en"
    ) -> None:
        self.client, self.engine, self.seed, self.lang = client, engine, seed, lang
        # A number keeps the language it chose across games: each language has numbers of its own.
        block = 30 + list(OPEN).index(lang)
        self.numbers = [f"+15550{block}{seat:04d}" for seat in range(players)]
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

    def play(self, tally: Tally, bots: str, room: bool, talk: bool) -> None:
        """Open the lobby, fill it, start and play to the end, adding to `tally`."""
        opening, joining = OPEN[self.lang]
        lobby = self.text(0, opening.format(name=self.names[0]))
        game_id = self._game_id()
        with Session(self.engine) as session:  # the engine's deal follows the game's seed
            session.exec(update(Game).where(col(Game.id) == game_id).values(seed=self.seed))
            session.commit()
        if room:
            lobby += self.text(0, "SET ROOM ON")
        code = self._game(game_id).code
        for seat in range(1, len(self.names)):
            lobby += self.text(seat, joining.format(code=code, name=self.names[seat]))
        self._check_lang(game_id)
        tally.count(lobby)
        players = Players(bots, self.seed, len(self.names))
        rows = self.text(0, "START")
        state = GameState.from_json(self._game(game_id).state)
        per_round: dict[int, list[Outbox]] = defaultdict(list, {state.round: rows})
        government: dict[int, set[int]] = defaultdict(set)
        alive: dict[int, int] = {}
        seen = 0
        while True:
            seen = players.observe(self._events(game_id), seen)
            government[state.round] |= {state.president, state.chancellor} - {None}
            alive.setdefault(state.round, state.living())
            seat, body = players.next_text(state)
            per_round[state.round] += self.text(seat, body)
            tally.texts_in += 1
            game = self._game(game_id)
            if game.status not in ("lobby", "active"):
                break
            before, state = state, GameState.from_json(game.state)
            seen = players.observe(self._events(game_id), seen)
            for said in players.claims(before, state):
                if talk:
                    words = "SAY " + claim_text(said, state.names)
                    per_round[state.round] += self.text(said.seat, words)
        tally.games += 1
        for round_no, rows in per_round.items():
            tally.count(rows)
            insiders = {self.numbers[s] for s in government[round_no]}
            tally.outsider_rounds += alive[round_no] - len(government[round_no])
            tally.outsider_segments += sum(r.segments for r in rows if r.to_number not in insiders)

    def _check_lang(self, game_id: int) -> None:
        """Every seat reads the language asked for (None is English)."""
        with Session(self.engine) as session:
            query = select(Player.lang).where(Player.game_id == game_id)
            langs = set(session.exec(query).all())
        want = None if self.lang == "en" else self.lang
        assert langs == {want}, f"players read {langs}, not {want}"

    def _events(self, game_id: int) -> list:
        with Session(self.engine) as session:
            return all_events(session, game_id)

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


class Players:
    """Who decides the moves: a strategy bot in every seat (each seeing only what its seat has
    seen, its claims included), or the engine's random bot."""

    def __init__(self, bots: str, seed: int, players: int) -> None:
        self.random = RandomBot(seed) if bots == "random" else None
        self.seats = [StrategySeat(seat) for seat in range(players)]
        self.said: list = []  # claims, which the service never stores: the bots' own talk

    def observe(self, events: list, seen: int) -> int:
        """Show the seats the events stored since `seen`; return how many are seen now."""
        for seat in self.seats:
            seat.observe(events[seen:])
        return len(events)

    def next_text(self, state: GameState) -> tuple[int, str]:
        """Who texts next, and what."""
        if self.random is not None:
            seat, action = self.random.choose(state)
        else:
            seat = awaiting(state)[0]
            action = self.seats[seat].act(state)
        return seat, action_text(action, state.names)

    def claims(self, before: GameState, after: GameState) -> list:
        """The claims the last government owes now (President first), shown to every seat."""
        if self.random is not None:
            return []
        said = []
        for office in (before.president, before.chancellor):
            claim = self.seats[office].owed_claim(after) if office is not None else None
            if claim is not None:
                for seat in self.seats:
                    seat.observe([claim.event()])
                said.append(claim)
        return said


def line(args, kind: str, mode: str, bots: str, players: int, tally: Tally, lang: str) -> str:
    """One printed line of figures, with its target and verdict."""
    per_game = tally.segments / tally.games
    goal = TARGETS.get((players, mode, kind)) if bots == "strategy" and not args.talk else None
    verdict = "" if goal is None else f"<= {goal} {'ok' if per_game <= goal else 'MISSED'}"
    return (
        f"{lang:>4} {kind:>5} {mode:>8} {bots:>8} {players:>7} {tally.games:>5} "
        f"{tally.texts_in:>8} {tally.messages:>8} {tally.segments:>8} {tally.over_160:>5} "
        f"{tally.news_over_160:>5} {per_game:>8.1f} {verdict:<13} "
        f"{tally.outsider_segments / tally.outsider_rounds:>9.2f} {tally.ucs2:>5} "
        f"${tally.segments * args.price / tally.games:>6.2f}"
    )


def main(argv: list[str] | None = None) -> None:
    """Play the games and print one line per names, mode, bots and table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per line")
    parser.add_argument("--names", choices=["short", "long"], action="append")
    parser.add_argument("--mode", choices=["ordinary", "room"], action="append")
    parser.add_argument("--bots", choices=["strategy", "random"], action="append")
    parser.add_argument("--players", type=int, choices=range(5, 11), action="append")
    parser.add_argument(
        "--lang", choices=["en", "es"], action="append", help="the players' language (en)"
    )
    parser.add_argument("--talk", action="store_true", help="text the strategy bots' claims")
    parser.add_argument("--price", type=float, default=DEFAULT_PRICE, help="USD per segment")
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args(argv)
    langs = list(dict.fromkeys(args.lang or ["en"]))
    per_game: dict[tuple, dict[str, Tally]] = defaultdict(dict)
    print(
        f"{'lang':>4} {'names':>5} {'mode':>8} {'bots':>8} {'players':>7} {'games':>5} "
        f"{'texts in':>8} {'messages':>8} {'segments':>8} {'>160':>5} {'news':>5} {'seg/game':>8} "
        f"{'target':<13} {'seg/rnd/by':>9} {'UCS-2':>5} {'$/game':>7}"
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
            for mode in args.mode or ["ordinary", "room"]:
                for bots in args.bots or ["strategy", "random"]:
                    for players in args.players or [5, 7, 10]:
                        for lang in langs:
                            tally = Tally()
                            for seed in range(1, args.games + 1):
                                table = Table(client, engine, players, seed, names, lang)
                                table.play(tally, bots, mode == "room", args.talk)
                            per_game[kind, mode, bots, players][lang] = tally
                            print(line(args, kind, mode, bots, players, tally, lang), flush=True)
            engine.dispose()
            if args.database_url:
                break  # one database holds one run
    print(
        f"(cost at ${args.price} a segment; names short: the demo's (Ana, Bob, ...), long: 7-8 "
        "letters; >160: messages over one segment, news: those that ask nothing of the reader; "
        "seg/rnd/by: segments per round per player outside the government; targets with the "
        "strategy bots; UCS-2 target 0)"
    )
    if len(langs) > 1:
        compare(args, per_game)


def compare(args, per_game: dict[tuple, dict[str, Tally]]) -> None:
    """Spanish beside English, line by line: segments per game, cost, ratio and UCS-2."""
    print(
        f"\n{'names':>5} {'mode':>8} {'bots':>8} {'players':>7} {'en seg/game':>11} "
        f"{'es seg/game':>11} {'es/en':>6} {'target':<13} {'en $':>6} {'es $':>6} "
        f"{'UCS-2':>5}"
    )
    for (kind, mode, bots, players), tallies in per_game.items():
        en, es = tallies.get("en"), tallies.get("es")
        if en is None or es is None:
            continue
        en_game, es_game = en.segments / en.games, es.segments / es.games
        ratio = es_game / en_game
        verdict = f"<= {SPANISH_RATIO:.2f} {'ok' if ratio <= SPANISH_RATIO else 'MISSED'}"
        print(
            f"{kind:>5} {mode:>8} {bots:>8} {players:>7} {en_game:>11.1f} {es_game:>11.1f} "
            f"{ratio:>6.3f} {verdict:<13} {en_game * args.price:>6.2f} "
            f"{es_game * args.price:>6.2f} {en.ucs2 + es.ucs2:>5}"
        )
    print("(es/en: Spanish segments per game over English, same seeds; target <= 1.10)")


if __name__ == "__main__":
    main()
