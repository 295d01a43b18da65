"""A phone in several games at once, one per service number of a pool (issue 35), by text through
POST /sms with the simulator's three numbers (SIM_NUMBERS=3).

The phone opens a game on each number, friends join from whichever number they text, the three
games are played to their ends move by move in turn, each move texted to its game's number; then
every text the service queued is scanned: each went from its game's number, and no text of one
game reached a phone on another game's number.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

import pytest
from harness import CODE_IN_REPLY, FakeClock, Table, make_app
from sqlmodel import Session, select

from sh_sms.config import Settings
from sh_sms.conversation import intake
from sh_sms.conversation.bounds import worst_case
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.textbot import action_text
from sh_sms.pool import HOME, sim_numbers
from sh_sms.store import ACTIVE, Game, Outbox, Player
from sh_sms.store import deadletters as letters
from sh_sms.store.games import load_state

A, B, C = sim_numbers(3)
LINE = {A: HOME, B: B, C: C}
HERE = "texts you from this number."
FULL = "You are in a game on every number"  # the texts that name the phone's other games:
ELSEWHERE = "You play no game on this number."  # this one, and a text to the wrong thread


@pytest.fixture
def pool(database_url: str, clock: FakeClock) -> Iterator[Table]:
    """Phones texting an app with three service numbers."""
    app = make_app(database_url, clock, sim_numbers=3)
    table = Table(app, clock)
    yield table
    table.close()
    app.extensions["sh_sms"].engine.dispose()


def opened(out) -> str:
    """The code of the game a NEW reply opened."""
    match = CODE_IN_REPLY.search(out.reply or "")
    assert match, out.reply
    return match.group(1)


def reply_row(table: Table, out) -> Outbox:
    """The outbox row of the reply to the sender of `out`."""
    number = table[out.sender].number if out.sender in table.phones else out.sender
    (row,) = [r for r in out.rows if r.to_number == number]
    return row


def join(table: Table, label: str, code: str, via: str) -> Outbox:
    """`label` texts JOIN to the number `via`; the reply's row, which says the seat was taken."""
    out = table.phone(label).send(f"JOIN {code} {label}", to=via)
    assert out.reply.startswith(f"You joined game {code}"), out.reply
    return reply_row(table, out)


def games_by_line(table: Table) -> dict[str, Game]:
    with Session(table.engine) as session:
        return {g.line: g for g in session.exec(select(Game).where(Game.status == ACTIVE))}


def test_a_phone_plays_three_games_at_once_on_three_numbers(pool: Table):
    ana = pool.phone("Ana")
    first = opened(ana.send("NEW Ana", to=A))
    for name in ("Bob", "Cy", "Dee", "Eve"):
        assert join(pool, name, first, A).line == HOME

    # A phone in a lobby on A opens another game: it goes on the first number where it is free.
    out = ana.send("NEW Ana", to=A)
    second = opened(out)
    row = reply_row(pool, out)
    assert row.line == B and row.body.endswith(f"Game {second} {HERE}")
    # JOIN from any number of the pool: the seat is on the game's number, and so is the reply,
    # which says so in one line when the number texted was another.
    for name in ("Fay", "Gus"):
        row = join(pool, name, second, A)
        assert row.line == B and row.body.endswith(f"Game {second} {HERE}")
    assert HERE not in join(pool, "Hal", second, B).body
    assert join(pool, "Bob", second, C).line == B  # Bob sits at two tables: A and B

    third = opened(ana.send("NEW Ana", to=C))  # free on C: the game plays there
    for name in ("Ivy", "Jo", "Kim"):
        assert join(pool, name, third, C).line == C
    assert join(pool, "Cy", third, B).line == C  # Cy too: A and C

    # Busy on every number: nothing opens, and the phone learns where it plays.
    out = ana.send("NEW Ana", to=B)
    assert out.reply == (
        f"You are in a game on every number of this service ({first}, {second}, {third}). When"
        " one ends, or after LEAVE in a lobby, try again."
    )
    assert reply_row(pool, out).line == B

    for number, code in ((A, first), (B, second), (C, third)):
        out = ana.send("START", to=number)
        assert {r.line for r in out.rows} == {LINE[number]}, code
        assert {r.game_id for r in out.rows} == {pool.game(code).id}
    # STATUS acts on the game of the number it was sent to.
    for number, code in ((A, first), (B, second), (C, third)):
        assert reply_row(pool, ana.send("STATUS", to=number)).game_id == pool.game(code).id

    play_all(pool, {first: A, second: B, third: C})
    scan(pool, {first: A, second: B, third: C})


def play_all(table: Table, games: dict[str, str], seed: int = 7) -> None:
    """Play the games to their ends, one move of each in turn, each texted to its number."""
    bots = {code: RandomBot(seed + i) for i, code in enumerate(games)}
    seats = {code: [table.by_number.get(p.number) for p in table.players(code)] for code in games}
    live = set(games)
    for _ in range(3000):
        if not live:
            return
        for code in sorted(live):
            game = table.game(code)
            if game.status != ACTIVE:
                live.discard(code)
                continue
            state = load_state(game)
            seat, action = bots[code].choose(state)
            text = action_text(action, state.names)
            out = seats[code][seat].send(text, to=games[code])
            assert table.game(code).version == game.version + 1, (code, text, out.reply)
            assert {r.game_id for r in out.rows} <= {game.id}, (code, text)
    raise AssertionError(f"games {sorted(live)} did not end")


def scan(table: Table, games: dict[str, str]) -> None:
    """Every text queued: from its game's number, and nothing of one game on another's."""
    with Session(table.engine) as session:
        rows = list(session.exec(select(Outbox).order_by(Outbox.id)))
        by_id = {g.id: g for g in session.exec(select(Game))}
        seats = list(session.exec(select(Player)))
    code_line = {code: LINE[number] for code, number in games.items()}
    playing = defaultdict(dict)  # phone -> line -> the code of its game there
    for seat in seats:
        game = by_id[seat.game_id]
        if game.code in code_line:
            playing[seat.number][game.line] = game.code
    ended = 0
    for row in rows:
        if row.game_id is not None:
            assert row.line == by_id[row.game_id].line, row
        mine = playing.get(row.to_number, {})
        here = mine.get(row.line)
        for line, code in mine.items():
            if line != row.line and not row.body.startswith((FULL, ELSEWHERE)):  # nor on another
                assert not re.search(rf"\b{code}\b", row.body), (row.line, row.body)
        if here is not None and row.game_id is not None:
            assert by_id[row.game_id].code == here, row
        ended += "Replay:" in row.body or "GAME ENDED" in row.body or "WIN" in row.body
    assert {by_id[r.game_id].code for r in rows if r.game_id} >= set(games)
    assert all(table.game(code).status != ACTIVE for code in games)
    assert ended >= 3 * 5, ended  # every player of every game was told its end


def lobby(table: Table, host: str, names: list[str], via: str) -> str:
    """A lobby hosted by `host`, texted to `via`, the others joining there; its code."""
    code = opened(table.phone(host).send(f"NEW {host}", to=via))
    for name in names:
        join(table, name, code, via)
    return code


def test_each_command_acts_on_the_game_of_the_number_it_was_sent_to(pool: Table):
    first = lobby(pool, "Ana", ["Bob", "Cy"], A)
    second = lobby(pool, "Dee", ["Ana", "Eve"], B)
    ana = pool["Ana"]
    out = ana.send("hi all", to=B)  # talk reaches the table of that number only
    assert out.others() == {"Dee": "Ana: hi all", "Eve": "Ana: hi all"}
    assert {r.line for r in out.rows} == {B}
    assert f"{first}" in ana.send("STATUS", to=A).reply
    assert f"{second}" in ana.send("STATUS", to=B).reply
    out = ana.send("LANG ES", to=B)
    assert {r.line for r in out.rows} == {B}
    langs = {p.number: p.lang for p in pool.players(second)}
    assert langs[ana.number] == "es"
    assert {p.lang for p in pool.players(first) if p.number == ana.number} == {None}
    out = ana.send("LEAVE", to=A)  # leaves the lobby on A, keeps the seat on B
    assert set(out) == {"Ana", "Bob", "Cy"} and first in out.reply  # in the phone's new language
    assert ana.number not in {p.number for p in pool.players(first)}
    assert ana.number in {p.number for p in pool.players(second)}
    # A number where the phone plays nothing now: from that number, where its game is (in the
    # phone's language), at most once per interval like the introduction.
    out = ana.send("hello?", to=C)
    assert out.reply == (
        f"No juegas ninguna partida en este numero. {second} te escribe desde {B}. Escribe alli,"
        " o NUEVO <tu nombre> para empezar una partida aqui."
    )
    assert reply_row(pool, out).line == C
    assert not ana.send("STATUS", to=C)
    # A phone in no game at all: the introduction. Once in a game, a text to another number is
    # told where the game is, though the introduction came a minute ago (its interval is the
    # phone's; this one is per number texted).
    zoe = pool.phone("Zoe")
    assert zoe.send("hello?", to=C).reply.startswith("Secret Hitler")
    zoe_game = opened(zoe.send("NEW Zoe", to=A))
    assert zoe.send("STATUS", to=C).reply.startswith(f"You play no game on this number. {zoe_game}")


def test_a_join_for_a_game_on_a_number_where_the_phone_plays_another_says_which(pool: Table):
    mine = lobby(pool, "Ana", ["Bob"], B)
    theirs = lobby(pool, "Cy", ["Dee"], A)
    # Cy, free on B, opens another game there? Cy has a seat on A: NEW goes on the first free.
    other = opened(pool["Cy"].send("NEW Cy", to=A))
    assert pool.game(other).line == B
    out = pool["Ana"].send(f"JOIN {other} Ana", to=A)  # Ana holds B already (her lobby)
    assert out.reply == (
        f"Game {other} texts from the number of your game {mine}, and a phone plays one game"
        f" per number. Text LEAVE in {mine} first, then JOIN {other} Ana again."
    )
    assert reply_row(pool, out).line == HOME and out.reply and len(out) == 1
    assert pool["Ana"].number not in {p.number for p in pool.players(other)}
    # The same phone, for the game it already holds there: JOIN from another number.
    out = pool["Bob"].send(f"JOIN {mine} Bob", to=C)
    assert out.reply == f"You are already in game {mine}. Text LEAVE first to join another."
    # On the game's own number, as with one number: already in a game here.
    out = pool["Dee"].send(f"JOIN {theirs} Dee", to=A)
    assert out.reply.startswith(f"You are already in game {theirs}.")


def test_a_text_to_a_number_not_in_the_pool_changes_nothing_and_says_which_to_text(pool: Table):
    code = lobby(pool, "Ana", ["Bob"], A)
    stale = "+15550209999"
    out = pool["Bob"].send("LEAVE", to=stale)
    assert out.reply == (
        "You texted a number this service no longer uses. Text this number instead; HELP for help."
    )
    assert reply_row(pool, out).line == HOME and reply_row(pool, out).game_id is None
    assert pool["Bob"].number in {p.number for p in pool.players(code)}  # still seated
    assert not pool["Bob"].send("STOP", to=stale)  # its carrier answers a keyword to it
    assert pool["Bob"].send("hi", to=A).others() == {"Ana": "Bob: hi"}  # not opted out here


def test_a_rematch_plays_on_a_number_where_the_whole_group_is_free(pool: Table):
    names = ["Bob", "Cy", "Dee", "Eve"]
    code = lobby(pool, "Ana", names, A)
    pool["Ana"].send("START", to=A)
    lobby(pool, "Fay", ["Bob"], B)  # Bob is busy on B now
    pool["Ana"].send("ENDGAME", to=A)
    pool["Ana"].send("ENDGAME YES", to=A)
    assert pool.game(code).status == "ended"
    pool["Ana"].send("NEW Ana", to=A)  # ... and Ana is busy on A: C is where all are free
    out = pool["Cy"].send("REMATCH", to=A)
    rematch = re.match(r"Rematch ([A-Z]{4,6}) is open", out.reply).group(1)
    assert pool.game(rematch).line == C
    assert {r.line for r in out.rows} == {C}
    assert out.reply.endswith(f"Game {rematch} {HERE}")
    assert set(out.others()) == {"Ana", "Bob", "Dee", "Eve"}  # each invited, on the new thread
    for name, body in out.others().items():
        assert body.endswith(f"Reply JOIN to play again as {name}.\nGame {rematch} {HERE}")
    out = pool["Bob"].send("JOIN", to=C)  # the invitation, taken where it came from
    assert out.reply.startswith(f"You joined game {rematch}") and HERE not in out.reply
    out = pool["Dee"].send("yeah im in", to=A)  # or from the old thread: the seat is on C
    assert out.reply.startswith(f"You joined game {rematch}") and out.reply.endswith(HERE)
    assert reply_row(pool, out).line == C


def test_a_stop_to_one_bare_number_opts_out_of_that_number_only(pool: Table):
    first = lobby(pool, "Ana", ["Bob", "Cy"], A)
    second = lobby(pool, "Dee", ["Bob", "Eve"], B)
    out = pool["Bob"].send("STOP", to=B)
    assert set(out) == {"Dee", "Eve"} and {r.line for r in out.rows} == {B}
    assert "Bob has opted out of texts" in out["Dee"]
    out = pool["Ana"].send("still here?", to=A)  # Bob still reads the table on A
    assert set(out.others()) == {"Bob", "Cy"}
    out = pool["Dee"].send("bob?", to=B)  # nothing goes to him from B
    assert set(out.others()) == {"Eve"}
    out = pool["Bob"].send("START", to=B)
    assert out.reply and set(out.others()) == {"Dee", "Eve"}
    assert {r.line for r in out.rows} == {B}
    assert set(pool["Dee"].send("welcome back", to=B).others()) == {"Bob", "Eve"}
    assert first != second


def test_a_kept_text_is_applied_later_on_the_number_it_was_sent_to(pool: Table, clock):
    """A text kept as a dead letter (the database was away) keeps the number it was sent to:
    tried again by the worker, it acts on the game there and is answered from there."""
    lobby(pool, "Ana", ["Bob"], A)
    code = lobby(pool, "Cy", ["Ana"], B)
    settings = pool.app.extensions["sh_sms"].settings
    with Session(pool.engine) as session, session.begin():
        kept = {"sid": "SM" + "d" * 32, "number": pool["Ana"].number, "body": "STATUS"}
        letters.keep(session, **kept, opt_out_type=None, status="pending", error="x",
                     now=clock(), to=B)  # fmt: skip
    assert intake.retry_due(pool.engine, settings, clock, intake.policy_for(settings)) == 1
    [row] = pool.new_rows()
    assert (row.to_number, row.line) == (pool["Ana"].number, B) and code in row.body


def test_the_worst_case_counts_a_phones_tables_once_per_number():
    """A phone sits at one table per number: what its tables are told (the host's changes, its
    opt-outs) counts once per table, its talk per minute stays the phone's own."""
    one, three = worst_case(Settings()), worst_case(Settings(sim_numbers=3))
    assert three["host"] == 3 * one["host"] and three["opt_out"] == 3 * one["opt_out"]
    assert three["replies"] == one["replies"] and three["joins"] == one["joins"]
