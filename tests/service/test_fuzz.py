"""Random texts from random senders, and the hostile inputs the fuzzing found.

Invariants, for any body (empty, up to 2,000 characters, emoji, control characters, SQL-ish
text, markup) from any sender (players of a running game, of a lobby, strangers, garbage `From`):
- the webhook answers 200 `text/xml` and the service logs no failure (a swallowed exception
  is this service's 500: the text is lost and nobody is answered);
- a game the sender is not in does not change (state, version, status, players, events) and
  none of its players is sent anything;
- one text queues at most one SMS per recipient, and every SMS is GSM-7;
- the board page and JSON of the games involved never carry unescaped markup.

The random part collects every kind of violation over all examples (the shortest body for each)
and reports them together, so one known bug does not hide the others.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import pytest
from harness import NAMES, Table, deck, seated
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func
from sqlmodel import Session, select

from sh_sms.store import GameEvent, Outbox, Player
from sh_sms.text.gsm import is_gsm7
from sh_sms.text.numbers import normalize

MARKUP = "<script>alert(1)</script>"
COMMAND_WORDS = [
    "NEW", "CREATE", "JOIN", "START", "LEAVE", "KICK", "ENDGAME", "ENDGAME YES", "NOM", "NOMINATE",
    "END", "REMATCH", "INFO", "REVOKE", "OPTOUT", "UNSTOP", "yeah", "nope", "\U0001f44d", "JA",
    "YES", "Y", "NEIN", "NO", "DISCARD", "ENACT", "VETO", "VETO YES", "VETO NO", "INVESTIGATE",
    "INV", "ELECT", "SPECIAL", "EXECUTE", "KILL", "SHOOT", "STATUS", "?", "ROLE", "HAND", "WHO",
    "PLAYERS", "LOG", "HISTORY", "HELP", "COMMANDS", "SAY", "STOP", "DISCRAD", "NOMINAET",
]  # fmt: skip
GARBAGE_FROM = ["", " ", "abc", "+", "12", "+1", "0" * 20, "'; DROP TABLE games;--", MARKUP]
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    database=None,  # no .hypothesis/ directory in the checkout
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def bodies(codes: list[str]) -> st.SearchStrategy[str]:
    """Texts: free text, control characters, emoji, command words with odd arguments."""
    word = st.text(
        alphabet=st.characters(blacklist_categories=("Zs", "Cs")), min_size=1, max_size=300
    ).filter(lambda w: not any(ch.isspace() for ch in w))
    special = st.sampled_from(
        [
            "",
            " ",
            "\x00",
            "'; DROP TABLE games;--",
            "NEW Robert'); DROP TABLE players;--",
            MARKUP,
            f"SAY {MARKUP}",
            f"NEW {MARKUP}",
            "NEW <b>x</b>",
            "\U0001f600" * 40,
            "yes I agree",
            "x" * 2000,
            *(f"JOIN {code} Zed" for code in codes),
            *(f"JOIN {code} {MARKUP}" for code in codes),
            *(f"JOIN {code} Ana" for code in codes),
        ]
    )
    command = st.tuples(st.sampled_from(COMMAND_WORDS), st.one_of(word, st.text(max_size=30))).map(
        " ".join
    )
    return st.one_of(
        special,
        st.text(max_size=2000),
        st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
        st.text(alphabet=st.characters(whitelist_categories=("Cc", "Cf", "So")), max_size=40),
        command,
        st.lists(st.sampled_from(COMMAND_WORDS + codes + NAMES), max_size=4).map(" ".join),
    )


class World:
    """A bystander game nobody fuzzed is in, a running game and a lobby whose players fuzz."""

    def __init__(self, new_table: Callable[..., Table]) -> None:
        self.fuzz = new_table(check_gsm=False)
        bystanders = new_table(check_gsm=False)
        self.bystander = seated(bystanders, "L L F H L", draw=deck("F L F"))
        bystanders["Ana"].send("NOM Bob")
        bystanders["Cy"].send("JA")
        self.bystander_numbers = {p.number for p in bystanders.phones.values()}
        players = new_table(check_gsm=False)
        self.running = seated(players, "L L F H L", draw=deck("F L F"))
        lobby = new_table(check_gsm=False)
        self.lobby = lobby.lobby(["Kim", "Lee", "Max"])
        strangers = [f"+1555099{i:04d}" for i in range(4)]
        self.senders = (
            [p.number for p in players.phones.values()]
            + [p.number for p in lobby.phones.values()]
            + strangers
        )
        self.codes = [self.bystander, self.running, self.lobby]
        self.before = self.snapshot()
        self.fuzz.new_rows()  # read only what the fuzzed texts cause

    def snapshot(self) -> tuple:
        fuzz = self.fuzz
        game = fuzz.game(self.bystander)
        players = [
            (p.name, p.number, p.open_number, p.seat, p.is_host)
            for p in fuzz.players(self.bystander)
        ]
        with Session(fuzz.engine) as session:
            events = session.exec(
                select(func.count()).select_from(GameEvent).where(GameEvent.game_id == game.id)
            ).one()
        return (game.status, game.state, game.version, game.seed, players, events)

    def sender_strategy(self) -> st.SearchStrategy[str]:
        return st.one_of(
            st.sampled_from(self.senders),
            st.sampled_from(GARBAGE_FROM),
            st.text(max_size=20),
        )

    def board_problems(self, code: str) -> list[str]:
        problems = []
        for path in (f"/g/{code}", f"/g/{code}.json"):
            response = self.fuzz.client.get(path)
            if response.status_code != 200:
                problems.append(f"GET {path} answered {response.status_code}")
            text = response.get_data(as_text=True).lower()
            if "<script>alert" in text or "<b>x</b>" in text:
                problems.append(f"GET {path} carries unescaped markup")
        return problems

    def sender_code(self, number: str | None) -> str | None:
        if number is None:
            return None
        with Session(self.fuzz.engine) as session:
            player = session.exec(select(Player).where(Player.open_number == number)).first()
            if player is None:
                return None
        game = [c for c in self.codes if self.fuzz.game(c).id == player.game_id]
        return game[0] if game else None


def exception_line(traceback: str) -> str:
    """The `module.Error: message` line of a logged traceback, shortened."""
    lines = [
        line
        for line in traceback.splitlines()
        if re.match(r"[A-Za-z_][\w.]*(Error|Exception|NotFound)\b", line)
    ]
    return (lines[-1] if lines else traceback.strip().splitlines()[-1])[:110]


def fuzz_run(world: World, sender: str, body: str, problems: dict[str, str]) -> None:
    """Post one text and file every invariant it breaks under a short kind (shortest body)."""
    fuzz = world.fuzz

    def problem(kind: str) -> None:
        if kind not in problems or len(repr((sender, body))) < len(problems[kind]):
            problems[kind] = repr((sender, body))

    number = normalize(sender)
    if number in world.bystander_numbers:
        return  # a random From that is a bystander's own number is not a bystander
    seen = len(fuzz._log.records)
    response = fuzz.post(sender, body)
    if response.status_code != 200 or response.mimetype != "text/xml":
        problem(f"answer {response.status_code} {response.mimetype}")
    for record in fuzz._log.records[seen:]:
        if record.levelno >= logging.ERROR:
            problem("service failed: " + exception_line(record.getMessage()))
    rows: list[Outbox] = fuzz.new_rows()
    recipients = [r.to_number for r in rows]
    if len(recipients) != len(set(recipients)):
        problem("several SMS to one recipient")
    if set(recipients) & world.bystander_numbers:
        problem("a bystander was sent something")
    for row in rows:
        if not is_gsm7(row.body):
            problem("not GSM-7: an SMS starting " + " ".join(row.body.split()[:3]))
    if world.snapshot() != world.before:
        problem("the bystander game changed")
        world.before = world.snapshot()
    for code in {world.bystander, world.sender_code(number)} - {None}:
        for found in world.board_problems(code):
            problem(found)


@pytest.mark.parametrize("sender_kind", ["players", "anyone"])
def test_random_texts_break_nothing(new_table: Callable[..., Table], sender_kind: str):
    world = World(new_table)
    problems: dict[str, str] = {}
    senders = (
        st.sampled_from(world.senders) if sender_kind == "players" else world.sender_strategy()
    )

    @SETTINGS
    @given(sender=senders, body=bodies(world.codes))
    def run(sender: str, body: str) -> None:
        fuzz_run(world, sender, body, problems)

    run()
    assert not problems, "\n".join(
        f"{kind}\n    e.g. {example}" for kind, example in problems.items()
    )


# -- what the fuzzing found, pinned down ---------------------------------------------------------


@pytest.fixture
def game(table: Table) -> Table:
    seated(table, "L L F H L", draw=deck("F L F"))
    table.check_gsm = False
    return table


@pytest.mark.parametrize(
    "body", ["HELP ../reply/intro", "HELP ../lobby/created", "HELP ../help/ja"]
)
def test_help_with_a_path_is_talk_never_a_template(game: Table, body: str):
    # HELP before a word that names no command is talk: no template is looked up.
    out = game["Ana"].send(body)
    assert out.others() == {n: f"Ana: {body}" for n in ("Bob", "Cy", "Dee", "Eve")}


def test_help_with_a_very_long_word_is_answered(game: Table):
    # Path.is_file() raises "File name too long" for a topic over 255 bytes: never asked.
    out = game["Ana"].send("HELP " + "y" * 300)
    assert out.reply.startswith("Not sent: table talk is limited to 300 characters")
    stranger = game.phone("Zed")
    assert stranger.send("HELP " + "z" * 300).reply.startswith("Text NEW <your name>")


@pytest.mark.parametrize(
    "body", ["NOM \U0001f600", "NOM \u0661", "NOM \uff12", "HELP \U0001f600", "INV caf\u00e9\u0301"]
)
def test_an_echoed_argument_stays_gsm7(game: Table, body: str):
    # "Nobody is called {ref}" echoes the raw text; talk is relayed as GSM-7 too.
    out = game["Ana"].send(body)
    assert out
    for text in out.values():
        assert is_gsm7(text), text


def test_kick_echo_stays_gsm7_in_a_lobby(table: Table):
    table.lobby(["Kim", "Lee"])
    table.check_gsm = False
    out = table["Kim"].send("KICK \u00b2")
    assert is_gsm7(out.reply), out.reply


def test_a_nul_in_an_echoed_argument(game: Table):
    # PostgreSQL text cannot hold NUL: the reply row fails to insert and the text is lost.
    out = game["Ana"].send("NOM a\x00b")
    assert out.reply and out.reply.startswith("Nobody is called")
    assert "\x00" not in out.reply


def test_markup_in_talk_never_reaches_the_board(table: Table):
    code = seated(table, "L L F H L", draw=deck("F L F"))
    table["Cy"].send(f"SAY {MARKUP}")
    assert table["Dee"].last == f"Cy: {MARKUP}"  # an SMS is plain text
    assert list(table["Ana"].send("NEW <b>x</b>")) == ["Ana"]  # refused, never relayed
    assert list(table.phone("Zed").send("NEW <b>x</b>")) == ["Zed"]
    assert list(table["Zed"].send(f"JOIN {code} <b>x</b>")) == ["Zed"]
    for path in (f"/g/{code}", f"/g/{code}.json"):
        response = table.client.get(path)
        assert response.status_code == 200
        text = response.get_data(as_text=True)
        assert MARKUP not in text and "<b>x</b>" not in text
