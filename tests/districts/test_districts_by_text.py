"""Whole games by text at 5, 7 and 10 players, without the app: every move is a text that goes
through the parser and the sender's view, and every player reads only their own texts."""

from __future__ import annotations

import random
import re

import pytest

from sh_sms.games.districts.bots import StrategySeat
from sh_sms.games.districts.engine import SYSTEM, Action, apply, awaiting, new_game, player_view
from sh_sms.games.districts.engine.actions import TIMEOUT
from sh_sms.games.districts.engine.state import OVER
from sh_sms.games.districts.text.commands import command_for, parse
from sh_sms.games.districts.text.resolve import resolve
from sh_sms.games.districts.text.wording import alignment_text, step_texts
from sh_sms.text.commands import Command
from sh_sms.text.gsm import is_gsm7

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


def play_by_text(players: int, seed: int) -> tuple[list[list[str]], object]:
    """Play one game where each seat's bot sends its move as a text; return each inbox."""
    names = NAMES[:players]
    state, events = new_game(names, seed)
    inbox = [[] for _ in range(players)]
    seats = [StrategySeat(p, players) for p in range(players)]
    _deliver(inbox, step_texts(None, state, events), seats, events)
    pick, now = random.Random(seed), 0
    while state.phase != OVER:
        waiting = awaiting(state)
        if not waiting:  # districts voted without a majority: the timer starts, then runs out
            now = max(now, state.timer_ends or 0)
            seat, action = SYSTEM, Action(TIMEOUT)
        else:
            seat = pick.choice(waiting)
            view = player_view(state, seat)
            wanted = seats[seat].act(state)
            text = command_for(wanted.kind, wanted.arg, names, view["hand"])
            command = parse(text, names)
            assert isinstance(command, Command), (text, command)
            action = resolve(command, view)
            assert action == Action(wanted.kind, wanted.arg), (text, action, wanted)
        before = state
        state, events = apply(state, seat, action, now)
        _deliver(inbox, step_texts(before, state, events), seats, events)
    return inbox, state


def roll_call(last: str) -> tuple[dict[str, str], set[str]]:
    """The end text's cards by name ("Won: Ann, Bob FASCIST. Lost: Cy LIBERAL; Dee OLIGARCH of
    D3."), as alignment cards read, and the names that won."""
    cards, won = {}, set()
    for outcome, after in (("Won", "Lost"), ("Lost", "Unused card")):
        group = re.search(rf"\b{outcome}: (.*?)\. {after}:", last).group(1)
        for part in [] if group == "nobody" else group.split("; "):
            names, card = re.fullmatch(r"(.*) (LIBERAL|FASCIST|OLIGARCH of D\d)", part).groups()
            for name in names.split(", "):
                cards[name] = card
                if outcome == "Won":
                    won.add(name)
    return cards, won


def _deliver(inbox, texts, seats, events) -> None:
    for seat, lines in texts.items():
        inbox[seat].extend(lines)
    for seat in seats:
        seat.observe(events)


@pytest.mark.parametrize("players", [5, 7, 10])
def test_a_whole_game_by_text(players: int) -> None:
    inbox, final = play_by_text(players, seed=players)
    for seat, texts in enumerate(inbox):
        assert all(is_gsm7(t) for t in texts)
        assert texts[0].startswith(f"You are {alignment_text(final.cards[seat])}")
        last = texts[-1]
        verdict = "You won: " if seat in final.winners else "You lost: "
        assert last.startswith(("GAME OVER. " + verdict, verdict)), last
        cards, won = roll_call(last)
        assert cards == {NAMES[p]: alignment_text(card) for p, card in enumerate(final.cards)}
        assert won == {NAMES[p] for p in final.winners}
        before_end = " ".join(texts[1:-1])
        for p in range(players):  # nobody reads another's card before the end unless shown
            if p != seat and f"{NAMES[p]}'s card:" not in before_end:
                assert f"{NAMES[p]} {alignment_text(final.cards[p])}," not in before_end
