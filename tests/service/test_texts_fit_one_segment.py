"""One segment where one will do (issue 25), at 7 players with 8-letter names, through POST /sms:
STATUS (the whole reply, with the sender's prompt) at every phase, the deal text, the rematch
texts; SETTINGS in at most two. Under house rules STATUS says what they change, and a player
the game waits on may then need two segments (the prompt and the house rules do not fit one).
"""

from __future__ import annotations

import pytest
from bot_driver import bot_lobby
from harness import Table, deck, names_in, random_bot, role_line, seated, teammates

from sh_sms.games.standard.engine import GameState, awaiting
from sh_sms.store import ACTIVE
from sh_sms.text.gsm import segments

LONG = ["Annabell", "Benjamin", "Caroline", "Danielle", "Evelynne", "Florence", "Gregorys"]
LONG += ["Harriets", "Isabella", "Jonathan"]
SEVEN = LONG[:7]
PHASES = {"nominate", "vote", "president_discard", "chancellor_enact", "power"}


def opening(table: Table, name: str) -> str:
    """The first text of the game to `name`: the one that deals the role."""
    return next(body for body in table[name].inbox if "has begun" in body)


def statuses(table: Table, code: str, seed: int) -> dict[str, list[tuple[int, str]]]:
    """Play a game by text; after every move every player texts STATUS. Return, per phase,
    (segments, reply) of every STATUS, and whether its sender was awaited."""
    seen: dict[str, list[tuple[int, str]]] = {}

    def ask(state: GameState) -> None:
        for seat, name in enumerate(state.names):
            reply = table[name].send("STATUS").reply
            key = f"{state.phase}{'/awaited' if seat in awaiting(state) else ''}"
            seen.setdefault(key, []).append((segments(reply), reply))

    ask(table.state(code))
    table.play(
        code,
        random_bot(seed),
        on_step=lambda step: step.after.phase != "over" and ask(step.after),
    )
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_status_fits_one_segment_at_every_phase(table: Table, seed: int):
    code = table.start(SEVEN, seed=seed)
    seen = statuses(table, code, seed)
    assert {key.split("/")[0] for key in seen} >= PHASES
    for key, replies in seen.items():
        for count, reply in replies:
            assert count == 1, (key, len(reply), reply)


def test_status_in_its_longest_situations(table: Table):
    """A candidate in round 12 with everyone eligible (term limits cleared by chaos); a vote
    nobody has cast yet; the last voter; the President holding three; an execution."""
    code = seated(table, "L L F H L F L", names=SEVEN, draw=deck("F F L", fascist=3))
    table.rig(code, round=12, tracker=2, fascist=3)
    replies = [table[SEVEN[0]].send("STATUS").reply]  # the candidate, six eligible
    table[SEVEN[0]].send(f"NOM {SEVEN[4]}")
    replies += [table[name].send("STATUS").reply for name in SEVEN]  # all seven to vote
    for name in SEVEN[:6]:
        table[name].send("JA")
    replies += [table[name].send("STATUS").reply for name in SEVEN]  # one left
    table[SEVEN[6]].send("JA")
    replies += [table[name].send("STATUS").reply for name in SEVEN]  # the President holds 3
    table[SEVEN[0]].send("DISCARD L")
    table[SEVEN[4]].send("ENACT F")
    assert table.state(code).phase == "power"
    replies += [table[name].send("STATUS").reply for name in SEVEN]  # an execution
    for reply in replies:
        assert segments(reply) == 1, (len(reply), reply)
    assert any("Reply EXECUTE" in r for r in replies) and any("round 12" in r for r in replies)


@pytest.mark.parametrize("rules", [["RULES REBALANCED"], ["RULES ZONE 4", "RULES VETO 4"]])
def test_status_under_house_rules_says_them_in_one_segment_or_two(table: Table, rules):
    """Bystanders read it in one segment; a player the game waits on, with their prompt, in at
    most two (the house rules are always said)."""
    code = table.lobby(SEVEN, seed=3)
    for text in rules:
        table[SEVEN[0]].send(text)
    table[SEVEN[0]].send("START")
    seen = statuses(table, code, 3)
    for key, replies in seen.items():
        for count, reply in replies:
            assert "House rules:" in reply
            assert count <= (2 if key.endswith("/awaited") else 1), (key, len(reply), reply)


@pytest.mark.parametrize("seed", range(6))
def test_the_deal_text_fits_one_segment(table: Table, seed: int):
    """Every role's deal text (teammates named), at START and on ROLE; the whole first text in
    one segment whenever the role and who is the first candidate fit one with the game's code
    alone (issue 34: everyone is told the first candidate), else two; the first candidate's
    carries their prompt (and the eligible names) too."""
    code = table.start(SEVEN, seed=seed)
    state = table.state(code)
    candidate = f"Round 1: {SEVEN[state.president]} is the candidate."
    for seat, name in enumerate(SEVEN):
        first = opening(table, name)
        line = role_line(first)
        least = segments(f"Game {code} has begun.\n{line}\n{candidate}")
        if seat != state.president:
            assert first.endswith(candidate), first
            assert segments(first) == least, (len(first), first)
        assert segments(first) <= 2, (len(first), first)
        assert segments(line) == 1, (len(line), line)
        assert "Win: " in line and "Lose: " in line, line
        if state.roles[seat] == "liberal":
            assert "Hitler elected Chancellor after 3 F" in line, line
        role = table[name].send("ROLE").reply
        assert role == line and segments(role) == 1


@pytest.mark.parametrize("players, rules", [(10, []), (7, ["RULES KNOWS ON"])])
def test_the_deal_text_that_lists_teammates_fits_one_segment(table: Table, players, rules):
    """Two fellow fascists at ten players; Hitler who knows two fascists (house rules)."""
    names = LONG[:players]
    code = table.lobby(names, seed=4)
    for text in rules:
        table[names[0]].send(text)
    table[names[0]].send("START")
    state = table.state(code)
    listed = 0
    for seat, name in enumerate(names):
        line = role_line(opening(table, name))
        assert segments(line) == 1, (len(line), line)
        known = set(state.names) - {name} if state.roles[seat] != "liberal" else set()
        assert names_in(line, known) >= teammates(state, seat) - {name}, line
        listed += len(names_in(line, known)) >= 2
    assert listed >= 2  # the fascists (and Hitler who knows them) read two names or more


def _finished(table: Table, names: list[str], seed: int) -> str:
    code = table.start(names, seed=seed)
    table[names[0]].send("ENDGAME")
    table[names[0]].send("ENDGAME YES")
    return code


def test_the_rematch_texts_fit_one_segment(table: Table):
    _finished(table, SEVEN, 5)
    out = table[SEVEN[2]].send("REMATCH")
    assert len(out) == 7
    for name, body in out.items():
        assert segments(body) == 1, (name, len(body), body)
    assert all(name in out[SEVEN[2]] for name in SEVEN if name != SEVEN[2])  # invited by name
    again = table[SEVEN[3]].send("REMATCH").reply
    assert again.startswith("A rematch is already open") and segments(again) == 1


def test_the_rematch_texts_with_computer_players_fit_one_segment(table: Table):
    people = SEVEN[:4]
    code, bots = bot_lobby(table, people, 3, seed=6)
    table[people[0]].send("START")
    table[people[0]].send("ENDGAME")
    table[people[0]].send("ENDGAME YES")
    assert table.game(code).status != ACTIVE
    out = table[people[1]].send("REMATCH")
    assert set(out) == set(people)
    for name, body in out.items():
        assert segments(body) == 1, (name, len(body), body)
    assert all(bot in out[people[1]] for bot in bots)


def test_settings_fit_two_segments(table: Table):
    table.start(SEVEN, seed=7)
    host, other = SEVEN[0], SEVEN[3]
    texts = [table[other].send("SETTINGS").reply]
    changes = ["SET TZ America/Argentina/Buenos_Aires", "SET DEADLINE 24", "SET NUDGE 10"]
    changes += ["SET BOTSPEED 90", "SET ROOM ON", "SET WATCH OFF", "PAUSE"]
    for change in changes:
        table[host].send(change)
        texts += [table[host].send("SETTINGS").reply, table[other].send("SETTINGS").reply]
    assert "Paused" in texts[-1] and "Buenos_Aires" in texts[-1]
    for text in texts:
        assert segments(text) <= 2, (len(text), text)
    assert "SET NUDGE, QUIET, TZ, DEADLINE, BOTSPEED, ROOM or WATCH" in texts[0]
