"""Issue 34, done when: whole districts games of people and bots, played through POST /sms the way
a first-time group texts, end with nobody stuck.

The people vote for themselves first (as a first-time table does), make their other moves as
their seat's strategy would, and change a vote only once a text told them their district has
nobody at a majority and no bot has a vote to change, and never to a bot only its own vote
backs (voting for the bot every round to unblock a district was the issue's workaround); the
bots move from the bot job, on the fake clock. Checked all along:

- every person the game waits on was sent, since their last move (its reply included), a text
  with the command the wait needs (MOVE, VOTE, DISCARD, PLAY, INV, SEND);
- every move a person texts is answered to them;
- every split district (all voted, nobody at a majority) was told so ("Nobody has 2") before its
  people changed a vote;
- no district waits out the timer when a vote could elect: the timer is never run out here, so
  a step where no person moves and the bot job changes nothing fails the test ("stuck"); the
  districts whose bots voted first and were left 1 to 1 elect by the bots' changed votes.
"""

from __future__ import annotations

import random

import pytest
from districts_driver import PAUSE_SECONDS, districts_lobby
from harness import NAMES, Table
from sqlmodel import Session

from sh_sms.botplay import job as bot_job
from sh_sms.gamekind import registry
from sh_sms.games.districts.bots import decide, revote_choices
from sh_sms.games.districts.engine import Action, awaiting, player_view
from sh_sms.games.districts.engine.actions import VOTE_ACTION
from sh_sms.games.districts.engine.state import VOTE
from sh_sms.games.districts.text.commands import command_for
from sh_sms.store import ACTIVE
from sh_sms.store.games import seat_events

# The command a text must teach for each wait (the phase; the move phase: MOVE or SEND).
TAUGHT = {
    "settle": ("MOVE ",),
    "vote": ("VOTE <name>",),
    "investigate": ("INV ",),
    "draw": ("DISCARD ",),
    "take": ("DISCARD ",),
    "play": ("PLAY",),
    "move": ("MOVE ", "SEND "),
}


def _split(state, seat: int) -> bool:
    """Whether `seat`'s district is voting, everyone in it voted, and nobody has a majority."""
    if state.phase != VOTE or state.where[seat] is None:
        return False
    d = state.where[seat]
    voters = state.voters(d)
    return (
        state.closed[d - 1] is None
        and seat in voters
        and None not in [state.votes[p] for p in voters]
    )


def play_first_time_table(table: Table, people: int, bots: int, seed: int) -> dict[str, int]:
    """Play one whole game (see the module docstring); return what happened, counted."""
    names = NAMES[:people]
    code = districts_lobby(table, names, bots, seed=seed, timer=5)
    table[names[0]].send("START")
    kind = registry.get("districts")
    robots = frozenset(p.seat for p in table.players(code) if p.is_bot)
    pick = random.Random(seed)
    seen = {seat: 0 for seat in range(people + bots) if seat not in robots}
    tally = {"texts": 0, "changed votes": 0, "bot changes": 0}
    for _ in range(3000):
        game, state = table.game(code), table.state(code)
        if game.status != ACTIVE:
            return tally
        phone = {seat: table.seat(code, seat) for seat in seen}
        waiting = [seat for seat in awaiting(state) if seat not in robots]
        for seat in waiting:  # told what to send, since their last move
            told = "\n".join(phone[seat].inbox[seen[seat] :])
            words = TAUGHT[state.phase]
            assert any(w in told for w in words), (state.phase, state.names[seat], told)
        split = [s for s in seen if _split(state, s) and _people_choices(state, s, robots)]
        if waiting:
            seat = pick.choice(waiting)
            view = player_view(state, seat)
            action = decide(view, _history(table, game.id, seat))
            if action.kind == VOTE_ACTION and pick.random() < 0.7:
                action = Action(VOTE_ACTION, seat)  # a first-timer votes for themselves
        elif split and not kind.bots_to_move(state, robots):
            seat = split[0]  # told the district is split, a person changes their vote
            told = "\n".join(phone[seat].inbox[seen[seat] :])
            assert "Nobody has " in told, (state.names[seat], told)
            view = player_view(state, seat)
            action = Action(VOTE_ACTION, _people_choices(state, seat, robots)[0])
            tally["changed votes"] += 1
        else:
            seat = None
        if seat is not None:
            view = player_view(state, seat)
            text = command_for(action.kind, action.arg, state.names, view["hand"])
            seen[seat] = len(phone[seat].inbox)  # the reply may carry the next wait's prompt
            out = phone[seat].send(text)
            assert table.game(code).version == game.version + 1, (text, out.reply)
            assert out.reply, (state.names[seat], text)  # every move is answered to its sender
            tally["texts"] += 1
        version = table.game(code).version
        table.clock.advance(seconds=PAUSE_SECONDS)
        table.run_job(bot_job.run_due, "bot job")
        after = table.state(code)
        if seat is None and table.game(code).version == version:
            stuck = [
                (d, after.voters(d), [after.votes[p] for p in after.voters(d)])
                for d, why in enumerate(after.closed, 1)
                if why is None
            ]
            raise AssertionError(f"stuck: {after.phase} {stuck}, bots {sorted(robots)}")
        tally["bot changes"] += sum(1 for s in robots if _changed(state, after, s))
    raise AssertionError("the game did not end")


def _people_choices(state, seat: int, robots: frozenset[int]) -> list[int]:
    """Whom a person of a split district changes their vote to: as a bot would, but never to a
    bot that only its own vote backs (voting for the bot every round to unblock a district was
    the issue's workaround)."""
    d = state.where[seat]
    backers = {c: [p for p in state.voters(d) if state.votes[p] == c] for c in state.voters(d)}
    return [
        c
        for c in revote_choices(player_view(state, seat))
        if c not in robots or set(backers[c]) - {c}
    ]


def _changed(before, after, seat: int) -> bool:
    """Whether `seat` changed a vote it had cast this round."""
    if before.phase != VOTE or after.round != before.round or before.votes[seat] is None:
        return False
    return after.votes[seat] != before.votes[seat]


def _history(table: Table, game_id: int, seat: int):
    with Session(table.engine) as session:
        return seat_events(session, game_id, seat)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("people", "bots", "seed"),
    [(5, 2, 1), (5, 2, 2), (5, 2, 3), (3, 2, 4), (2, 3, 5), (6, 1, 6), (4, 5, 7)],
)
def test_a_first_time_table_of_people_and_bots_is_never_stuck(
    table: Table, people: int, bots: int, seed: int
) -> None:
    tally = play_first_time_table(table, people, bots, seed)
    assert tally["texts"] > 10
    assert people < 3 or tally["bot changes"] + tally["changed votes"] > 0, tally
