"""What a districts game tells a watcher (issue 34), from the engine's events alone: a text when
each round's voting opens (the round just played and the new districts), the end with every
card; public news only, at most two segments with the house's words around it, in the language
being written (the table writes each watcher's in their own)."""

from __future__ import annotations

import random

import pytest

from sh_sms.gamekind.kit import Event
from sh_sms.games.districts.bots import StrategySeat
from sh_sms.games.districts.engine import SYSTEM, Action, apply, awaiting, new_game
from sh_sms.games.districts.engine.actions import TIMEOUT
from sh_sms.games.districts.engine.state import OVER
from sh_sms.games.districts.watching import WRAPPER, result, watch_text
from sh_sms.text.gsm import sanitize, segments
from sh_sms.text.languages import speaking

LONG = ["Anabelle", "Bartholo", "Cecilias", "Dorothea", "Emmanuel"]
LONG += ["Florence", "Gwendola", "Harriets", "Isabella", "Jonathan"]


def watched(players: int, seed: int, language: str = "en") -> tuple[list[str], object, list]:
    """A whole game of strategy seats; every watcher's text on the way, the last state and the
    public log."""
    state, events = new_game(LONG[:players], seed)
    log = [e for e in events if e.to is None]
    seats = [StrategySeat(p, players) for p in range(players)]
    texts, pick, now = [], random.Random(seed), 0
    while state.phase != OVER:
        waiting = awaiting(state)
        if waiting:
            seat = pick.choice(waiting)
            action = seats[seat].act(state)
        else:
            now = max(now, state.timer_ends or 0)
            seat, action = SYSTEM, Action(TIMEOUT)
        state, events = apply(state, seat, action, now)
        for s in seats:
            s.observe(events)
        log += [e for e in events if e.to is None]
        with speaking(language):
            recent = log[-60:]
            text = watch_text(state, events, lambda r=recent: r, "https://x.example/r/ABCD")
        if text:
            texts.append(text)
    return texts, state, log


@pytest.mark.parametrize("players, seed", [(5, 1), (7, 2), (10, 3), (10, 4)])
def test_a_text_per_round_and_the_end_each_fitting_two_segments(players, seed):
    texts, final, _ = watched(players, seed)
    *rounds, end = texts
    assert len(rounds) == final.round
    assert end.startswith("GAME OVER: ") and all(n in end for n in final.names)
    for text in texts:
        assert segments(sanitize(text) + " " * WRAPPER) <= 2, text
        assert "You " not in text and "Only you" not in text, text  # nothing a player keeps


def test_a_spanish_watcher_reads_spanish():
    texts, _, _ = watched(5, 1, "es")
    assert texts[0].startswith("Ronda 1. D1 ") and texts[-1].startswith("PARTIDA TERMINADA: ")


def test_the_result_counts_each_cards_own_win():
    _, final, log = watched(7, 2)
    found = result(log)
    assert found["won"] == final.winners and found["reason"] == final.reason
    assert found["roles"] == [c.split("-")[0] for c in final.cards]
    assert found["winner"] == "+".join(sorted({found["roles"][s] for s in final.winners}))
    ended = result([Event("ended", None, {"cards": list(final.cards), "boxed": final.boxed})])
    assert ended["winner"] is None and ended["won"] == []
