"""Games with computer players through POST /sms: the people text, the bot job runs as the worker
would, on the fake clock (never a sleep).

`bot_lobby` opens a lobby of people and bots by text (NEW, JOIN, BOT n); `drive` plays a started
game to its end: whenever the game waits on a person, that person texts a move (chosen by
`choose`); after every text the clock moves on by one bot pause and the bot job runs once.
`watch_bot_moves` checks every move the job makes, before the engine sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from harness import CODE_IN_REPLY, Delivery, Table

from sh_sms.botplay import job as bot_job
from sh_sms.games.standard.engine import Action, GameState, awaiting
from sh_sms.games.standard.engine.actions import (
    ANSWER_VETO,
    DISCARD,
    ENACT,
    NOMINATE_ACTION,
    PROPOSE_VETO,
    VOTE_ACTION,
)
from sh_sms.games.standard.engine.state import VOTE
from sh_sms.games.standard.textbot import action_text
from sh_sms.store import ACTIVE

PAUSE_SECONDS = 5  # the default of SET BOTSPEED (Settings.bot_seconds)
# Who may make each kind of move: the office that holds it.
PRESIDENT_MOVES = frozenset(
    {NOMINATE_ACTION, DISCARD, ANSWER_VETO, "investigate", "special_election", "execute"}
    | {"show", "drop"}  # the powers of house rules
)
CHANCELLOR_MOVES = frozenset({ENACT, PROPOSE_VETO})
Chooser = Callable[[GameState, int], Action]
OnDelivery = Callable[[Delivery, GameState, GameState, int | None], None]


def bot_lobby(table: Table, people: list[str], bots: int, seed: int) -> tuple[str, list[str]]:
    """A lobby of `people` (the first hosts) and `bots` computer players added by BOT; return
    the code and the bots' names."""
    host = table.phone(people[0])
    out = host.send(f"NEW {people[0]}")
    code = CODE_IN_REPLY.search(out.reply or "").group(1)
    for name in people[1:]:
        table.phone(name).send(f"JOIN {code} {name}")
    out = host.send(f"BOT {bots}" if bots > 1 else "BOT")
    assert set(out) == set(people), out  # every person hears of the bots; no bot is texted
    table.set_seed(code, seed)
    names = [p.name for p in table.players(code) if p.is_bot]
    assert len(names) == bots
    return code, names


def start_with_bots(table: Table, people: list[str], bots: int, seed: int) -> str:
    """A started game of people and bots; return its code."""
    code, _ = bot_lobby(table, people, bots, seed)
    out = table[people[0]].send("START")
    assert set(out) == set(people), out
    assert table.game(code).status == ACTIVE
    return code


@dataclass
class BotMoves:
    """Every move the bot job made: (state before it, seat, action)."""

    made: list[tuple[GameState, int, Action]] = field(default_factory=list)


def watch_bot_moves(monkeypatch: pytest.MonkeyPatch) -> BotMoves:
    """Check each move of the bot job before it is applied: the game waits on that seat, the
    seat is a bot's, and a move of an office is made by the bot holding it."""
    seen = BotMoves()
    real = bot_job.act

    def act(turn, seat: int, action: Action) -> bool:
        state = turn.state
        assert turn.players[seat].is_bot, f"the bot job moved for a person: {seat} {action}"
        assert seat in awaiting(state), f"{state.names[seat]} moved out of turn: {action}"
        if action.kind in PRESIDENT_MOVES:
            assert seat == state.president, (state.phase, seat, action)
        elif action.kind in CHANCELLOR_MOVES:
            assert seat == state.chancellor, (state.phase, seat, action)
        else:
            assert action.kind == VOTE_ACTION and state.phase == VOTE and state.alive[seat]
        seen.made.append((state, seat, action))
        return real(turn, seat, action)

    monkeypatch.setattr(bot_job, "act", act)
    return seen


def drive(
    table: Table,
    code: str,
    choose: Chooser,
    on_delivery: OnDelivery | None = None,
    pause: int = PAUSE_SECONDS,
    max_rounds: int = 3000,
) -> GameState:
    """Play the game to its end: people text their moves, the bot job runs after each pause."""
    bots = {p.seat for p in table.players(code) if p.is_bot}
    idle = 0
    for _ in range(max_rounds):
        game = table.game(code)
        state = table.state(code)
        if game.status != ACTIVE:
            return state
        people = [seat for seat in awaiting(state) if seat not in bots]
        if people:
            seat = people[0]
            text = action_text(choose(state, seat), state.names)
            delivery = table.seat(code, seat).send(text)
            assert table.game(code).version == game.version + 1, (text, delivery.reply)
            _seen(on_delivery, delivery, state, table.state(code), seat)
            state, game = table.state(code), table.game(code)
        table.clock.advance(seconds=pause)
        delivery = table.run_job(bot_job.run_due, "bot job")
        _seen(on_delivery, delivery, state, table.state(code), None)
        moved = table.game(code).version != game.version
        idle = 0 if people or moved else idle + 1
        assert idle < 3, f"the game waits on bots that do not move: {table.state(code).phase}"
    raise AssertionError(f"game {code} did not end in {max_rounds} rounds")


def _seen(on_delivery, delivery, before, after, sender) -> None:
    if on_delivery is not None:
        on_delivery(delivery, before, after, sender)


def check_claims(events: list, roles: list[str]) -> int:
    """Every `claim` event of a finished game against what its seat saw (events in log order,
    private ones included): liberals and Hitler tell the truth about cards, liberals about
    investigations too; nobody on the fascist side ever calls a teammate fascist. Return how
    many claims were checked."""
    drawn, discarded, handed, found = {}, {}, {}, {}
    enacted: tuple[str, ...] = ()
    checked = 0
    for event in events:
        kind, to, data = event.kind, event.to, event.data
        if kind == "drawn":
            drawn[to], discarded[to] = sorted(data["cards"]), None
        elif kind == "discarded":
            discarded[to] = data["card"]
        elif kind == "handed":
            handed[to] = sorted(data["cards"])
        elif kind == "enacted" and not data["chaos"]:
            enacted = (data["policy"],)
        elif kind == "veto_answered" and data["agreed"]:
            enacted = ()
        elif kind == "investigation":
            found[(to, data["target"])] = data["party"]
        elif kind == "claim":
            _check_claim(data, roles, drawn, discarded, handed, found, enacted)
            checked += 1
    return checked


def _check_claim(data, roles, drawn, discarded, handed, found, enacted) -> None:
    seat, role = data["seat"], roles[data["seat"]]
    team = {p for p, r in enumerate(roles) if r != "liberal"}
    if data["office"] == "investigator":
        truth = found[(seat, data["target"])]  # only the investigator claims an investigation
        if role == "liberal":
            assert data["party"] == truth, data
        if role != "liberal" and data["party"] == "fascist":
            assert data["target"] not in team, f"{data}: a fascist named a teammate"
        return
    if role == "fascist":
        return  # a fascist's cover story may be anything the cards allow
    if data["office"] == "president":
        passed = list(drawn[seat])
        passed.remove(discarded[seat])
        assert (data["cards"], data["kept"]) == (drawn[seat], sorted(passed)), data
    else:
        assert (data["cards"], tuple(data["kept"])) == (handed[seat], enacted), data
