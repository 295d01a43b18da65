"""START of a standard game: deal the roles and open the first round; each player's first text
says the game has begun (the roster, when it costs no segment), their role and what they know,
and, for the first candidate, their move."""

from __future__ import annotations

from ...store import ACTIVE
from ...store.games import append_events, save_state
from ...table.plan import plan
from ...table.turn import Turn
from ...table.wait import track
from ...table.watching import tell_watchers
from ...text.languages import speaking
from ...text.messages import fewest_segments
from .engine import Event, new_game
from .params import resolve
from .steps import step_texts
from .wording import event_text

# The opening, fullest first: the roster, how many play, "HELP for commands", the code alone.
# Every opening is followed by who is the first candidate: everyone is told (issue 34).
OPENINGS = ({}, {"hint": False}, {"bare": True}, {"bare": True, "terse": True})


def start(turn: Turn, choice: object) -> None:
    """Deal the game the lobby's choice gives, and text everyone their first text."""
    players = turn.players
    rules = resolve(choice, len(players))
    state, events = new_game([p.name for p in players], turn.game.seed, rules=rules)
    turn.game.status = ACTIVE
    turn.state = state
    save_state(turn.game, state, turn.now)
    clock = track(turn.session, turn.game, state, turn.now, turn.settings)
    plan(turn.kind, clock, players, None, state, events, turn.now, turn.settings)
    room = clock.room_from is not None and state.round >= clock.room_from
    facts = {"code": turn.game.code, "players": len(players), "room": room}
    started = Event("started", None, facts)
    append_events(turn.session, turn.game, [started, *events], turn.now)
    rules = state.ruleset  # the opening says what house rules change
    written = turn.per_language(lambda: step_texts(None, state, events, room=room))
    for p in players:
        texts = written(p.number)
        with speaking(turn.language_of(p.number)):
            openings = [  # the roster if it fits (the reader marked), else how many, else less
                event_text(started, state.names, you=p.seat, rules=rules, **fullness)
                for fullness in OPENINGS
            ]
            tries = [[o, *texts[p.seat]] for o in openings]
            for text in fewest_segments(tries):
                turn.mail.add(p.number, text)
    if clock.watchers:  # watchers read the first round's candidate
        tell_watchers(turn, clock, events, None)
