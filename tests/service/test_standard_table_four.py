"""The standard table's four (issue 34, point 5), through POST /sms: everyone is told who is the
first candidate, and "so who goes first?" is answered; "how do we win" is answered; "who are we
waiting on?" names the voters as STATUS does; a reply that lists choices says whether they are
every legal one or those the sender named, and every list that claims to be all of them is the
engine's legal moves; the watcher's end carries the final round; a number in no game that asks
to watch is taught WATCH <code>."""

from __future__ import annotations

import re

import pytest
from harness import NAMES, Step, Table, random_bot
from sqlmodel import Session

from sh_sms.games.standard.engine import legal_actions
from sh_sms.games.standard.watching import ENDINGS, QUIET
from sh_sms.games.standard.wording import event_text
from sh_sms.store.games import all_events

FIVE = ["Ana", "Bob", "Cy", "Dee", "Eli"]
# Lists that claim to be every legal choice: the prompts', and a question that names no target.
ALL_OF_THEM = [
    re.compile(r"Eligible: ([^.]+)\."),
    re.compile(r"Choices: ([^.]+)\."),
    re.compile(r"reply (?:NOM|INV|ELECT|EXECUTE|SHOW) and a name: ([^.]+)\."),
]
VAGUE = {"nominate": "hmm nom someone good", "investigate": "ok inv someone i guess"}
VAGUE |= {"special_election": "elect someone then", "execution": "shoot someone lol"}


def test_everyone_is_told_the_first_candidate_and_who_goes_first_is_answered(table: Table):
    code = table.start(FIVE, seed=3)
    state = table.state(code)
    candidate = FIVE[state.president]
    for seat, name in enumerate(FIVE):
        first = table[name].inbox[-1]
        if seat == state.president:
            assert "Round 1: you are the candidate." in first
        else:
            assert first.endswith(f"Round 1: {candidate} is the candidate."), first
    other = FIVE[(state.president + 1) % 5]
    out = table[other].send("so who goes first?")
    assert f"Waiting for {candidate} to nominate a Chancellor." in out.reply, out.reply
    out = table[other].send("how do we win")
    assert out.reply.startswith("Liberals win with 5 L or by executing Hitler")
    assert len(out) == 5  # the question still goes to the table


def test_who_are_we_waiting_on_names_the_voters_as_status_does(table: Table):
    code = table.start(FIVE, seed=3)
    state = table.state(code)
    candidate = FIVE[state.president]
    chancellor = next(n for n in FIVE if n != candidate)
    table[candidate].send(f"NOM {chancellor}")
    table["Ana"].send("JA")
    table["Bob"].send("NEIN")
    status = table["Ana"].send("STATUS").reply
    waiting = re.search(r"Waiting for votes on .* from ([^.]+)\.", status).group(1)
    out = table["Ana"].send("who are we waiting on?")
    assert f"from {waiting}." in out.reply and "You voted JA" in out.reply, out.reply
    assert set(waiting.split(", ")) == {n for n in FIVE if n not in ("Ana", "Bob")}


def test_a_list_of_the_names_a_text_mentioned_never_reads_as_the_whole_list(table: Table):
    code = table.start(FIVE, seed=3)
    state = table.state(code)
    candidate = FIVE[state.president]
    legal = {state.names[a.arg] for a in legal_actions(state, state.president)}
    named = [n for n in FIVE if n in legal][:2]
    out = table[candidate].send(f"ok so {named[0].lower()} and {named[1].lower()} both gave F. nom")
    assert out.reply.startswith(
        f"Nominate {named[0]} or {named[1]}? Reply NOM {named[0].upper()} or NOM "
        f"{named[1].upper()}."
    ), out.reply
    out = table[candidate].send("hmm nom someone good")
    listed = re.search(r"reply NOM and a name: ([^.]+)\.", out.reply).group(1)
    assert set(listed.split(", ")) == legal


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_every_list_that_claims_all_choices_is_the_engines_legal_moves(table: Table, seed):
    code = table.start(NAMES[:7], seed=seed)
    checked = []

    def check(body: str, state, seat: int) -> None:
        legal = {state.names[a.arg] for a in legal_actions(state, seat) if isinstance(a.arg, int)}
        for pattern in ALL_OF_THEM:
            for found in pattern.findall(body):
                assert set(found.split(", ")) == legal, (body, legal)
                checked.append(found)

    def ask(step: Step) -> None:
        after = step.after
        for seat, name in enumerate(after.names):
            if name in step.delivery:
                check(step.delivery[name], after, seat)
        what = after.power if after.phase == "power" else after.phase
        if what in VAGUE and after.phase != "over":
            seat = after.president
            check(table[after.names[seat]].send(VAGUE[what]).reply, after, seat)

    table.play(code, random_bot(seed), on_step=ask)
    assert len(checked) > 10


def test_the_watchers_end_carries_the_final_round(table: Table):
    code = table.lobby(NAMES[:7], seed=2)
    zed = table.phone("Zed")
    zed.send(f"WATCH {code}")
    table["Ana"].send("START")
    final = table.play(code, random_bot(2))
    with Session(table.engine) as session:
        events = [e for e in all_events(session, table.game(code).id) if e.to is None]
    opens = [i for i, e in enumerate(events) if e.kind == "round"]
    last_round = [e for e in events[opens[-1] + 1 :] if e.kind not in (*QUIET, *ENDINGS)]
    assert last_round
    end = zed.inbox[-1]
    for event in last_round:
        assert event_text(event, final.names, rules=final.ruleset) in end, end
    assert end.endswith("Your watch is over.")


def test_a_number_in_no_game_asking_to_watch_is_taught_watch(table: Table):
    code = table.lobby(FIVE)
    out = table.phone("Zed").send(f"hi can i watch {code}?")
    assert out.reply.startswith(f"Watch game {code}? Reply WATCH {code}"), out.reply
    assert "Watching game" in table["Zed"].send(f"WATCH {code}").reply
    assert table.phone("Kim").send("can i watch ZZZZ?").reply != out.reply  # no such game


@pytest.mark.parametrize(
    ("text", "taught"),
    [
        ("hi! joining {code} as Tom", "Join game {code}? Reply JOIN {code} and your name."),
        ("hey can i join {code}?", "Join game {code}? Reply JOIN {code} and your name."),
        ("hola, me uno a {code}", "¿Unirte a la partida {code}? Responde UNIRSE {code} y tu"),
        ("hola, puedo mirar {code}?", "¿Mirar la partida {code}? Responde MIRAR {code}"),
    ],
)
def test_a_number_in_no_game_asking_to_join_is_taught_join(table: Table, text, taught):
    """Nothing is done: the exact command is taught, in the language the asker wrote."""
    code = table.lobby(FIVE[:3])
    zed = table.phone("Zed")
    out = zed.send(text.format(code=code))
    assert set(out) == {"Zed"} and out.reply.startswith(taught.format(code=code)), out.reply
    assert "Zed" not in table["Ana"].send("WHO").reply  # not joined


def test_asking_to_join_a_started_game_or_no_game_is_not_taught_join(table: Table):
    code = table.lobby(FIVE)
    table["Ana"].send("START")
    assert not table.phone("Zed").send(f"can i join {code}?").reply.startswith("Join game")
    assert not table.phone("Kim").send("can i join ZZZZ?").reply.startswith("Join game")


def test_join_with_a_lobbys_code_and_no_name_is_shown_with_that_code(table: Table):
    code = table.lobby(FIVE[:3])
    reply = table.phone("Zed").send(f"JOIN {code}").reply
    assert reply.startswith(f"To join game {code}, text JOIN {code} and your name"), reply
    spanish = table.phone("Lu").send(f"UNIRSE {code}").reply
    assert spanish.startswith(f"Para unirte a la partida {code}, envia UNIRSE {code}"), spanish
    assert "JOIN BCDF Ana" in table.phone("Kim").send("JOIN ZZZZ").reply  # no such lobby
