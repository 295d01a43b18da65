"""Every districts text at the longest table (issue 27): whole games by text at 10 players with
8-letter names, and at each step every player asks STATUS, ROLE, HAND and HELP. Each SMS body a
player would be sent (the texts of one step for one player, joined as the mailbox joins them)
fits two segments and is GSM-7; and no text speaks of its reader in the third person, but the
game-over roll call (every card, by name, is the point of it)."""

from __future__ import annotations

import random
import re

import pytest

from sh_sms.gamekind.kit import Event
from sh_sms.games.districts.bots import StrategySeat
from sh_sms.games.districts.engine import (
    SYSTEM,
    Action,
    apply,
    awaiting,
    end_game,
    new_game,
    player_view,
)
from sh_sms.games.districts.engine.actions import TIMEOUT
from sh_sms.games.districts.engine.state import OVER
from sh_sms.games.districts.handlers import OWN_TOPICS
from sh_sms.games.districts.text.wording import (
    board_text,
    event_text,
    hand_text,
    help_text,
    lobby_rules_text,
    prompt_text,
    refusal_text,
    role_text,
    step_texts,
)
from sh_sms.text.gsm import is_gsm7, segments
from sh_sms.text.messages import join

LONG = ["Anabelle", "Bartholo", "Cecilias", "Dorothea", "Emmanuel"]
LONG += ["Florence", "Gwendola", "Harriets", "Isabella", "Jonathan"]
ROLL_CALL = ("GAME OVER", "GAME ENDED", "You won: ", "You lost: ")  # every card by name
REPLAY = "https://sh-sms.example.org/r/ABCD"


def play(players: int, seed: int, asks: bool = True) -> list[list[str]]:
    """A whole game by the seats' strategies; per seat, every SMS body it would be sent (one per
    step, and one per question asked after each step when `asks`)."""
    names = LONG[:players]
    state, events = new_game(names, seed)
    bodies: list[list[str]] = [[] for _ in range(players)]
    seats = [StrategySeat(p, players) for p in range(players)]
    deliver(bodies, step_texts(None, state, events, replay=REPLAY), seats, events)
    pick, now = random.Random(seed), 0
    while state.phase != OVER:
        if asks:
            for seat in range(players):
                bodies[seat].extend(questions(state, seat))
        waiting = awaiting(state)
        if not waiting:
            now = max(now, state.timer_ends or 0)
            seat, action = SYSTEM, Action(TIMEOUT)
        else:
            seat = pick.choice(waiting)
            action = seats[seat].act(state)
        before = state
        state, events = apply(state, seat, action, now)
        deliver(bodies, step_texts(before, state, events, replay=REPLAY), seats, events)
    return bodies


def deliver(bodies, texts, seats, events) -> None:
    for seat, lines in texts.items():
        if lines:
            bodies[seat].append(join(lines))
    for seat in seats:
        seat.observe(events)


def questions(state, seat: int) -> list[str]:
    """The replies to STATUS, ROLE, HAND (each with the sender's prompt, if any) and a HELP."""
    view = player_view(state, seat)
    prompt = prompt_text(view)
    return [
        join([board_text(view), prompt]),
        role_text(view),
        join([hand_text(view), prompt]),
    ]


def names_reader(me: str, line: str) -> bool:
    return re.search(rf"(?<![A-Za-z]){re.escape(me)}(?![A-Za-z])", line) is not None


@pytest.mark.parametrize("players, seed", [(10, s) for s in range(1, 9)] + [(9, 4), (8, 6), (5, 5)])
def test_every_text_fits_two_segments(players: int, seed: int) -> None:
    bodies = play(players, seed)
    longest = max((b for seat in bodies for b in seat), key=len)
    for seat in bodies:
        for body in seat:
            assert is_gsm7(body), body
            assert segments(body) <= 2, (len(body), body)
    assert segments(longest) == 2 or players < 10, longest


@pytest.mark.parametrize("players, seed", [(10, 1), (10, 6), (9, 7), (5, 8)])
def test_no_text_names_its_reader(players: int, seed: int) -> None:
    bodies = play(players, seed)
    for seat, name in enumerate(LONG[:players]):
        for body in bodies[seat]:
            for line in body.splitlines():
                if line.startswith(ROLL_CALL):
                    continue
                assert not names_reader(name, line), (name, line)


def test_the_start_text_fits_two_segments_and_says_the_table_count() -> None:
    state, events = new_game(LONG, 3)
    texts = step_texts(None, state, events)
    lobby = lobby_rules_text(10)
    assert "4 districts" in lobby
    for lines in texts.values():
        body = join(lines)
        assert segments(body) <= 2, (len(body), body)
        assert "4 districts" in body and "3 districts" not in body
        assert "MOVE 1, MOVE 2, MOVE 3 or MOVE 4" in body


def test_help_and_refusals_fit_and_never_name_a_reader() -> None:
    state, _ = new_game(LONG, 3)
    for topic in [None, *sorted(OWN_TOPICS), "districts"]:
        text = help_text(topic, state.rules)
        assert is_gsm7(text) and segments(text) <= 2, (topic, len(text), text)
    for code, extra in [
        ("no_such_player", {"typed": "Zzzzzzzz", "choices": list(range(10)), "verb": "vote"}),
        ("not_a_choice", {"verb": "vote", "choices": list(range(10))}),
        ("ambiguous", {"typed": "A", "choices": [0, 1]}),
        ("already_voted", {"choices": [1]}),
    ]:
        text = refusal_text(code, LONG, state.rules, **extra)
        assert segments(text) <= 2, (code, len(text), text)


def test_the_end_texts_fit_two_segments() -> None:
    state, _ = new_game(LONG, 3)
    ended, events = end_game(state)
    for event in events:
        text = event_text(event, LONG, state.rules, replay=REPLAY)
        assert segments(text) <= 2, (len(text), text)
    over = Event(
        "game_over",
        None,
        {
            "reasons": ["policies", "points"],
            "winners": list(range(7)),
            "tracks": {"liberal": 5, "fascist": 4, "oligarch": 4},
            "points": [5, 4, 4, 3],
            "cards": list(ended.cards),
            "boxed": ended.boxed,
        },
    )
    text = event_text(over, LONG, state.rules, replay=REPLAY)
    assert segments(text) <= 2, (len(text), text)


@pytest.mark.parametrize("where", [[1] * 10, [1] * 7 + [2, 3, 4], [1] * 5 + [2] * 5])
def test_status_of_a_voter_in_a_crowded_district_fits(where: list[int]) -> None:
    """STATUS from a voter whose district holds most of the table: the board leaves that
    district to the prompt after it, which names every member."""
    state, _ = new_game(LONG, 1)
    for seat, district in enumerate(where):
        state, _ = apply(state, seat, Action("move", district))
    for seat in range(10):
        view = player_view(state, seat)
        body = join([board_text(view), prompt_text(view)])
        assert segments(body) <= 2, (len(body), body)
        mates = [LONG[p] for p, d in enumerate(where) if d == where[seat] and p != seat]
        assert all(name in body for name in mates), body
