"""Situations of the districts game a command is taught for (issue 33's walk), built like
`taught_scenes` builds the standard game's: the lobby and the start by text in the scene's language,
then random legal moves of the engine until a seat may make the move wanted."""

from __future__ import annotations

import random
from collections.abc import Callable

from harness import Table
from taught_scenes import NAMES, WORDS, Scene, lobby_scene, scene, started

from sh_sms.games.districts import engine as districts
from sh_sms.games.districts.play import epoch

DISTRICT_KINDS = ("move", "vote", "timer", "investigate", "discard", "send", "play")


def districts_started(table: Table, lang: str) -> str:
    return started(table, lang, (WORDS[lang]["districts"],))


def districts_until(table: Table, lang: str, kind: str, phase: str | None = None) -> Scene:
    """A started districts game played on by random legal moves until a seat may make a move
    of `kind` (in `phase`); the state stored; that seat sends, its choices as values."""
    code = districts_started(table, lang)
    s = table.state(code)
    now = epoch(table.clock())
    pick = random.Random(7)
    for _ in range(2000):
        for seat in range(s.players):
            legal = [a for a in districts.legal_actions(s, seat) if a.kind == kind]
            if legal and (phase is None or s.phase == phase):
                table.put_state(code, s)
                return _district_values(table, code, s, seat, legal[0])
        waiting = districts.awaiting(s)
        if waiting:
            seat = pick.choice(waiting)
            action = pick.choice(districts.legal_actions(s, seat))
        else:
            seat, action = None, districts.Action("timeout")
            now = max(now, s.timer_ends or now)
        s, _ = districts.apply(s, seat, action, now)
        if s.phase == "over":
            s, now = districts.new_game(s.names, s.seed + 1, s.rules)[0], now
    raise AssertionError(f"no districts state for {kind} in {phase}")


def _district_values(table: Table, code: str, s, seat: int, action) -> Scene:
    values = {"card": "1", "district": "1", "target": NAMES[1]}
    if action.kind == "send":
        values |= {"target": s.names[action.arg[0]], "district": str(action.arg[1])}
    elif action.kind == "move":
        values["district"] = str(action.arg)
    elif action.kind in ("vote", "investigate"):
        values["target"] = s.names[action.arg]
    return scene(table, code, seat, **values)


def districts_idle(table: Table, lang: str, host: bool = False) -> Scene:
    code = districts_started(table, lang)
    return scene(table, code, 0 if host else 1, target=NAMES[1], player=NAMES[1])


def districts_after(table: Table, lang: str) -> Scene:
    found = districts_idle(table, lang)
    table[NAMES[0]].send(WORDS[lang]["end"])
    return found


SCENES: dict[str, Callable[[Table, str], Scene]] = {
    "d_lobby_host": lambda t, lang: lobby_scene(t, lang, True, (WORDS[lang]["districts"],)),
    "d_lobby_player": lambda t, lang: lobby_scene(t, lang, False, (WORDS[lang]["districts"],)),
    "d_idle": districts_idle,
    "d_host": lambda t, lang: districts_idle(t, lang, host=True),
    "d_after": districts_after,
    "d_settle": lambda t, lang: districts_until(t, lang, "move", "settle"),
    "d_relocate": lambda t, lang: districts_until(t, lang, "move", "move"),
    **{
        f"d_{kind}": (lambda k: lambda t, lang: districts_until(t, lang, k))(kind)
        for kind in DISTRICT_KINDS
        if kind != "move"
    },
}
