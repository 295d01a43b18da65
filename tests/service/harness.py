"""Phones that text the service the way Twilio does, and read what it sends back.

`Table` wraps a Flask test client of the real app: every text is a signed `POST /sms` with the
form fields Twilio sends; after each one the new `Outbox` rows are read and filed into per-phone
inboxes. `Table.play` plays a started game to the end by text, one engine move at a time, with
`RandomBot` or a scripted chooser.

Every text is checked on the way: the answer is 200 `text/xml`; at most one outbox row per
recipient; the stored segment count is right; no body contains a player's phone number; the
service logged no swallowed error (a bug in handling a text is answered 200 with an apology, so
a logged `receive_failed` is this suite's "500"); no info-level log line holds a raw number; and,
unless a test opts out, every body is GSM-7.
"""

from __future__ import annotations

import itertools
import logging
import re
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select
from twilio.request_validator import RequestValidator

from sh_sms.config import Settings
from sh_sms.games.standard.engine import Action, GameState, awaiting, legal_actions
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.textbot import action_text
from sh_sms.store import ACTIVE, Game, Outbox, Player, outbox_after
from sh_sms.store.games import load_state, save_state
from sh_sms.text.gsm import is_gsm7, segments
from sh_sms.text.numbers import is_bot_number
from sh_sms.web import create_app

TOKEN = "service-test-token"
BASE_URL = "https://sms.test"
SMS_URL = BASE_URL + "/sms"
SERVICE_NUMBER = "+15550009999"
ACCOUNT_SID = "AC" + "5" * 32
START_TIME = datetime(2026, 3, 4, 17, 0, tzinfo=UTC)
NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
# Settings that must not leak in from the environment of whoever runs the tests (no sender,
# no outbox worker: every outbound SMS stays in the outbox for the phones to read).
_SETTINGS = {f.name for f in fields(Settings)}
CLEAN = {
    key: value
    for key, value in {
        "twilio_account_sid": None,
        "twilio_from_number": None,
        "twilio_messaging_service_sid": None,
        "worker_in_web": False,
    }.items()
    if key in _SETTINGS
}
# The fake clock stands still while a test plays whole games in one instant, so the limits on
# what one number may cause per minute would read that as a flood. They are lifted here; the
# tests in tests/abuse/ run at the defaults on a clock that moves.
NO_RATE_LIMITS = {
    "texts_per_minute": 10**6,
    "talk_segments_per_minute": 10**6,
    "talk_segments_per_hour": 10**6,
}
WIN_WORDS = ("LIBERALS WIN", "FASCISTS WIN", "GAME ENDED")
CODE_IN_REPLY = re.compile(r"\bGame ([A-Z]{4}) is open\b")
# Numbers and MessageSids are unique in the whole run: tables on one database never share one.
_NUMBERS = itertools.count(1)
_SIDS = itertools.count(1)


class FakeClock:
    """The app's clock; tests move it on instead of sleeping."""

    def __init__(self, now: datetime = START_TIME) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def make_app(database_url: str, clock: FakeClock, **overrides) -> Flask:
    """The real app on the test database, checking Twilio signatures, on the fake clock."""
    app = create_app(
        {
            **CLEAN,
            "database_url": database_url,
            "twilio_auth_token": TOKEN,
            "public_base_url": BASE_URL,
            "clock": clock,
            "sleep": lambda _seconds: None,  # retries after a database fault go again at once
            **NO_RATE_LIMITS,
            **overrides,
        }
    )
    app.testing = True
    return app


def sign(params: dict, url: str = SMS_URL, token: str = TOKEN) -> str:
    """The X-Twilio-Signature Twilio computes for `params` posted to `url`."""
    return RequestValidator(token).compute_signature(url, params)


class Delivery(dict):
    """What one inbound text caused: phone label -> the one body that phone was sent."""

    def __init__(self, sender: str, rows: list[Outbox], labels: dict[str, str]) -> None:
        super().__init__((labels.get(r.to_number, r.to_number), r.body) for r in rows)
        self.sender = sender
        self.rows = rows

    @property
    def reply(self) -> str | None:
        """The body sent back to the sender, if any."""
        return self.get(self.sender)

    def others(self) -> dict[str, str]:
        """Bodies sent to anyone but the sender."""
        return {label: body for label, body in self.items() if label != self.sender}


class Phone:
    """One phone number and everything it has been sent."""

    def __init__(self, table: Table, label: str, number: str) -> None:
        self.table = table
        self.label = label
        self.number = number
        self.inbox: list[str] = []

    def __repr__(self) -> str:
        return f"Phone({self.label})"

    def send(self, body: str, **kwargs) -> Delivery:
        """Text the service; return what that text caused for every phone."""
        return self.table.send(self.number, body, **kwargs)

    @property
    def last(self) -> str | None:
        """The latest body this phone was sent."""
        return self.inbox[-1] if self.inbox else None

    @property
    def first(self) -> str | None:
        return self.inbox[0] if self.inbox else None


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Step:
    """One move of `Table.play`: who texted what, the states around it and what it caused."""

    seat: int
    text: str
    before: GameState
    after: GameState
    delivery: Delivery


@dataclass
class Timings:
    """Wall time of every POST /sms, in seconds."""

    seconds: list[float] = field(default_factory=list)

    def summary(self) -> str:
        if not self.seconds:
            return "no POST /sms"
        ms = sorted(s * 1000 for s in self.seconds)
        p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
        return f"POST /sms x{len(ms)}: median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms"


# Every POST /sms of the run, and printed figures, for the closing summary (conftest).
SESSION_TIMINGS = Timings()
FIGURES: dict[str, str] = {}


class Table:
    """A set of phones texting one app; inboxes are filled from the outbox after every text."""

    def __init__(
        self,
        app: Flask,
        clock: FakeClock,
        *,
        check_gsm: bool = True,
        timings: Timings | None = None,
        to: str = SERVICE_NUMBER,
    ) -> None:
        self.app = app
        self.to = to  # the service number texted unless a text says (`post(to=...)`)
        self.client: FlaskClient = app.test_client()
        self.engine: Engine = app.extensions["sh_sms"].engine
        self.clock = clock
        self.check_gsm = check_gsm
        self.timings = timings
        self.phones: dict[str, Phone] = {}
        self.by_number: dict[str, Phone] = {}
        self.last_id = 0
        self.new_rows()  # start reading after whatever other tables caused
        self.deliveries: list[Delivery] = []
        self._seats: dict[str, list[Phone]] = {}
        self._log = _Records()
        self._logger = logging.getLogger("sh_sms")
        self._level = self._logger.level
        self._logger.addHandler(self._log)
        self._logger.setLevel(logging.INFO)

    def close(self) -> None:
        self._logger.removeHandler(self._log)
        self._logger.setLevel(self._level)

    # -- phones ----------------------------------------------------------------------------

    def phone(self, label: str, number: str | None = None) -> Phone:
        """The phone called `label` (created with a fresh number unless `number` is given)."""
        if label in self.phones:
            return self.phones[label]
        number = number or f"+1555{next(_NUMBERS):07d}"
        phone = Phone(self, label, number)
        self.phones[label] = phone
        self.by_number[number] = phone
        return phone

    def __getitem__(self, label: str) -> Phone:
        return self.phones[label]

    def labels(self) -> dict[str, str]:
        return {number: phone.label for number, phone in self.by_number.items()}

    # -- texting -----------------------------------------------------------------------------

    def post(
        self,
        sender: str | None,
        body: str | None,
        *,
        sid: str | None = "auto",
        signature: str | None = "auto",
        to: str | None = None,
        extra: dict[str, str] | None = None,
    ):
        """POST one text to /sms as Twilio would (`extra`: more of Twilio's fields, such as an
        MMS's NumMedia; `to`: the service number texted, else the table's); return the raw
        response (timed)."""
        form = {"To": to or self.to, "AccountSid": ACCOUNT_SID, **(extra or {})}
        if sender is not None:
            form["From"] = sender
        if body is not None:
            form["Body"] = body
        if sid == "auto":
            sid = f"SM{next(_SIDS):032x}"
        if sid is not None:
            form["MessageSid"] = sid
        headers = {}
        if signature == "auto":
            signature = sign(form)
        if signature is not None:
            headers["X-Twilio-Signature"] = signature
        started = time.perf_counter()
        response = self.client.post("/sms", data=form, headers=headers)
        elapsed = time.perf_counter() - started
        SESSION_TIMINGS.seconds.append(elapsed)
        if self.timings is not None:
            self.timings.seconds.append(elapsed)
        return response

    def elect(self, president: str, chancellor: str, voters: list[str], vote: str = "JA"):
        """`president` nominates `chancellor` and every voter sends `vote`; return what the last
        vote caused (the result, to everyone)."""
        self[president].send(f"NOM {chancellor}")
        out = None
        for name in voters:
            out = self[name].send(vote)
        return out

    def send(self, sender: str, body: str, **kwargs) -> Delivery:
        """Text `body` from the number `sender`; check the answer; return what it caused."""
        errors_before = len(self._log.records)
        response = self.post(sender, body, **kwargs)
        assert response.status_code == 200, (sender, body, response.status_code)
        assert response.mimetype == "text/xml", response.mimetype
        self._check_log(self._log.records[errors_before:], body)
        sender_phone = self.by_number.get(sender)
        return self._file(sender_phone.label if sender_phone else sender, body)

    def run_job(self, job: Callable[[Engine, Settings, datetime], object], name: str) -> Delivery:
        """Run a worker job (`run_due` of the bot job or the reminders) once at the clock's time,
        as the worker would; check what it queued like a text's; return what it caused."""
        errors_before = len(self._log.records)
        job(self.engine, self.app.extensions["sh_sms"].settings, self.clock())
        self._check_log(self._log.records[errors_before:], name)
        return self._file(name, name)

    def _file(self, sender: str, cause: str) -> Delivery:
        """Read the outbox rows one text (or job run) queued, check them, file them in inboxes."""
        rows = self.new_rows()
        recipients = [r.to_number for r in rows]
        assert len(recipients) == len(set(recipients)), (
            f"one text {cause!r} queued several SMS for one recipient: {rows}"
        )
        for row in rows:
            self._check_row(row)
        delivery = Delivery(sender, rows, self.labels())
        for row in rows:
            phone = self.by_number.get(row.to_number) or self.phone(row.to_number, row.to_number)
            phone.inbox.append(row.body)
        self.deliveries.append(delivery)
        return delivery

    def new_rows(self) -> list[Outbox]:
        """Outbox rows written since the last call, oldest first."""
        with Session(self.engine) as session:
            rows = outbox_after(session, self.last_id)
        if rows:
            self.last_id = rows[-1].id
        return rows

    def _check_log(self, records: list[logging.LogRecord], body: str) -> None:
        failed = [r for r in records if r.levelno >= logging.ERROR]
        assert not failed, f"the service failed on {body[:80]!r}:\n{failed[0].getMessage()}"
        for record in records:
            if record.levelno >= logging.INFO:
                line = record.getMessage()
                for number in self.by_number:
                    assert number not in line, f"raw number in an info log line: {line!r}"

    def _check_row(self, row: Outbox) -> None:
        assert row.to_number and not is_bot_number(row.to_number), f"queued to a bot: {row}"
        assert row.body, row
        assert len(row.body) <= 1600, len(row.body)
        assert row.segments == segments(row.body), (row.segments, row.body)
        if self.check_gsm:
            assert is_gsm7(row.body), f"not GSM-7: {row.body!r}"
        for number in self.by_number:
            if number.startswith("+"):
                assert number not in row.body and number[2:] not in row.body, row.body

    # -- games -------------------------------------------------------------------------------

    def lobby(self, names: Iterable[str], seed: int | None = None) -> str:
        """NEW by the first name, JOIN by the rest; return the game code."""
        names = list(names)
        host = self.phone(names[0])
        out = host.send(f"NEW {names[0]}")
        match = CODE_IN_REPLY.search(out.reply or "")
        assert match, out.reply
        code = match.group(1)
        for name in names[1:]:
            out = self.phone(name).send(f"JOIN {code} {name}")
            assert (out.reply or "").startswith(f"You joined game {code}"), out.reply
        if seed is not None:
            self.set_seed(code, seed)
        return code

    def start(self, names: Iterable[str], seed: int) -> str:
        """A lobby of `names` with `seed`, started by its host; return the code."""
        names = list(names)
        code = self.lobby(names, seed)
        out = self.phones[names[0]].send("START")
        assert len(out) == len(names), out
        assert self.game(code).status == ACTIVE
        return code

    def game(self, code: str) -> Game:
        with Session(self.engine) as session:
            return session.exec(select(Game).where(Game.code == code)).one()

    def state(self, code: str) -> GameState:
        return load_state(self.game(code))

    def players(self, code: str) -> list[Player]:
        with Session(self.engine) as session:
            game = session.exec(select(Game).where(Game.code == code)).one()
            return list(
                session.exec(
                    select(Player).where(Player.game_id == game.id).order_by(col(Player.seat))
                )
            )

    def set_seed(self, code: str, seed: int) -> None:
        with Session(self.engine) as session:
            game = session.exec(select(Game).where(Game.code == code)).one()
            game.seed = seed
            session.add(game)
            session.commit()

    def put_state(self, code: str, state: GameState) -> None:
        """Write an engine state into the game (a hand-built situation)."""
        with Session(self.engine) as session:
            game = session.exec(select(Game).where(Game.code == code)).one()
            save_state(game, state, self.clock())
            session.add(game)
            session.commit()

    def rig(self, code: str, **changes) -> GameState:
        """Change fields of the stored engine state; return the new state."""
        state = self.state(code).clone()
        for key, value in changes.items():
            assert hasattr(state, key), key
            setattr(state, key, value)
        self.put_state(code, state)
        return state

    def seat(self, code: str, seat: int) -> Phone | None:
        """The phone of the player in `seat` (0-based) of a started game (None: a bot's)."""
        if code not in self._seats:  # a computer player has no phone: None
            self._seats[code] = [self.by_number.get(p.number) for p in self.players(code)]
        return self._seats[code][seat]

    def play(
        self,
        code: str,
        chooser: Callable[[GameState], tuple[int, Action]],
        *,
        on_step: Callable[[Step], None] | None = None,
        until: Callable[[GameState], bool] | None = None,
        max_steps: int = 5000,
    ) -> GameState:
        """Play the game by text until it is over (or `until(state)`); return the last state.

        Each move is the text `textbot.action_text` gives for the chooser's action, sent from
        that seat's phone; the move must be accepted (the game's version grows by one).
        """
        game = self.game(code)
        for _ in range(max_steps):
            before = load_state(game)
            if game.status != ACTIVE or (until is not None and until(before)):
                return before
            seat, action = chooser(before)
            text = action_text(action, before.names)
            delivery = self.seat(code, seat).send(text)
            after_game = self.game(code)
            assert after_game.version == game.version + 1, (
                f"{before.names[seat]} sent {text!r} in phase {before.phase}: refused with "
                f"{delivery.reply!r}"
            )
            if on_step is not None:
                on_step(Step(seat, text, before, load_state(after_game), delivery))
                after_game = self.game(code)  # on_step may have texted too
            game = after_game
        raise AssertionError(f"game {code} did not end in {max_steps} moves")


# -- choosers: who moves next and how -----------------------------------------------------------


def random_bot(seed: int) -> Callable[[GameState], tuple[int, Action]]:
    return RandomBot(seed).choose


def steer(side: str) -> Callable[[GameState], tuple[int, Action]]:
    """A scripted table that plays every move for `side` ("liberal" or "fascist") to win."""

    def choose(s: GameState) -> tuple[int, Action]:
        seat = awaiting(s)[0]
        legal = legal_actions(s, seat)
        hitler = s.roles.index("hitler")

        def pick(prefer: Callable[[Action], bool]) -> Action:
            return next((a for a in legal if prefer(a)), legal[0])

        kind = legal[0].kind
        if kind == "nominate":
            if side == "fascist" and s.fascist >= 3:
                return seat, pick(lambda a: a.arg == hitler)
            return seat, pick(lambda a: a.arg != hitler)
        if kind == "vote":
            return seat, Action("vote", True)
        if kind == "discard":
            return seat, pick(lambda a: a.arg == ("F" if side == "liberal" else "L"))
        if kind in ("enact", "veto"):
            return seat, pick(lambda a: a.arg == ("L" if side == "liberal" else "F"))
        if kind == "veto_answer":
            return seat, Action("veto_answer", False)
        # Powers: never shoot Hitler, so the game ends on policies or Hitler's election.
        return seat, pick(lambda a: a.arg != hitler)

    return choose


def deck(top: str = "", *, liberal: int = 0, fascist: int = 0) -> list[str]:
    """A draw pile starting with the letters `top` ("F L F"), holding every policy that is not
    on the board (`liberal`/`fascist` enacted): 6 L and 11 F in all (R12)."""
    cards = top.split()
    rest_l = 6 - liberal - cards.count("L")
    rest_f = 11 - fascist - cards.count("F")
    assert rest_l >= 0 and rest_f >= 0, top
    return (
        cards
        + ["L", "F"] * min(rest_l, rest_f)
        + ["L"] * (rest_l - min(rest_l, rest_f))
        + ["F"] * (rest_f - min(rest_l, rest_f))
    )


def seated(
    table: Table,
    roles: str,
    *,
    president: int = 0,
    names: list[str] | None = None,
    seed: int = 1,
    **changes,
) -> str:
    """A started game whose roles are rigged ("L L F H L": Ana liberal ... Eve liberal) with
    `president` as the candidate of round 1; other state fields as given. Return the code."""
    words = {"L": "liberal", "F": "fascist", "H": "hitler"}
    letters = roles.split()
    names = names or NAMES[: len(letters)]
    code = table.start(names, seed=seed)
    table.rig(
        code,
        roles=[words[r] for r in letters],
        president=president,
        rotation=president,
        **changes,
    )
    return code


def role_line(body: str) -> str:
    """The line of a message that deals the role (`You are ...`)."""
    for line in body.splitlines():
        if re.match(r"You are (LIBERAL|FASCIST|HITLER)\b", line):
            return line
    raise AssertionError(f"no role in {body!r}")


def teammates(state: GameState, seat: int) -> set[str]:
    """The names R2 lets `seat` know at the start."""
    roles = state.roles
    fascists = {state.names[p] for p, r in enumerate(roles) if r == "fascist"}
    hitler = state.names[roles.index("hitler")]
    if roles[seat] == "fascist":
        return (fascists - {state.names[seat]}) | {hitler}
    if roles[seat] == "hitler" and len(roles) <= 6:
        return fascists
    return set()


def names_in(text: str, names: Iterable[str]) -> set[str]:
    """The player names that occur in `text` as whole words."""
    return {n for n in names if re.search(rf"(?<![A-Za-z0-9]){re.escape(n)}(?![A-Za-z0-9])", text)}


def final_roles_ok(body: str, state: GameState) -> bool:
    """Whether `body` gives every player's name with their role (`Ana LIBERAL`)."""
    return all(
        re.search(rf"\b{re.escape(name)} {role.upper()}\b", body)
        for name, role in zip(state.names, state.roles, strict=True)
    )
