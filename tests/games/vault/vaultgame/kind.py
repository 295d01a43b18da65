"""The vault as the table plays it: the `GameKind` interface, each method a line or two."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from sh_sms.gamekind.interface import Param
from sh_sms.gamekind.kit import Action, Problem
from sh_sms.table.play import act
from sh_sms.text.messages import Prompt

from . import engine, public, table

TRIES = (2, 8)


class VaultKind:
    """The vault (see the package docstring)."""

    name = table.NAME
    presets = MappingProxyType({"vault": table.NAME})
    params = (Param("tries", ("tries",), 1, engine.TRIES, TRIES),)
    seats = (2, 6)
    holds_news = False
    own_templates = Path(__file__).parent / "templates"

    # rules from parameters
    def rules(self, choice, players):
        return {"tries": int(choice.knobs.get("tries", engine.TRIES))}

    def knob_values(self, knob, words):
        return words if len(words) == 1 and words[0].isdecimal() else None

    def change(self, choice, knob, values):
        tries = int(values[0])
        if not TRIES[0] <= tries <= TRIES[1]:
            return Problem("tries", {"range": TRIES})
        return type(choice)(choice.preset, {**choice.knobs, "tries": tries})

    def rule_problems(self, choice, players):
        return [], []

    def rules_shown(self, choice, players, state):
        tries = state.tries if state is not None else self.rules(choice, players)["tries"]
        return "games/vault/rules_show", {"tries": tries}

    def rules_changed(self, choice, players):
        return "games/vault/rules_changed", self.rules(choice, players)

    # the game and its states
    def load(self, text):
        return engine.VaultState.from_json(text)

    def start(self, turn, choice):
        table.start(turn, choice)

    def awaiting(self, state):
        return engine.awaiting(state)

    def legal_moves(self, state, seat):
        return engine.legal(state, seat)

    def apply(self, state, seat, action, now):
        return engine.apply(state, seat, action)

    def is_over(self, state):
        return state.over

    def outcome(self, state):
        return {"winner": state.winner, "reason": "opened" if state.winner == "crew" else None}

    def public_view(self, state):
        return engine.public_view(state)

    def player_view(self, state, seat):
        return engine.player_view(state, seat)

    # texts in and out
    def read(self, turn, text):
        return table.read(turn, text)

    def awaited(self, turn, text, literal, words):
        return None  # GUESS is read before the shared reading (`table.read`)

    def usable(self, turn, verb):
        return False

    def taught(self, turn, verb):
        return verb

    def handler_for(self, turn, reading):
        return table.handler_for(turn, reading)

    def refuse(self, turn, seat, refused, action):
        table.refuse_move(turn, refused)

    def step_texts(self, before, after, events, room_from, replay):
        return table.step_texts(before, after, events)

    # talk: everyone may always talk to everyone
    def talk_refusal(self, state, seat):
        return None

    def talk_hint(self, state, seat):
        return {"commands": []}

    def listeners(self, state, seat, others):
        return others

    # the clock
    def wait_key(self, state):
        return None if state is None or state.over else f"guess:{len(state.guesses)}"

    def timer_at(self, state):
        return None

    def reminder_text(self, state, seat, code, minutes_left):
        facts = {"code": code, "minutes_left": minutes_left, "low": state.low, "high": state.high}
        return Prompt(table.say("nudge", **facts))

    def time_out(self, turn, key, seats, why):
        return int(act(turn, None, Action(engine.TIMEOUT)))

    # computer players
    def bot_talk(self, turn, bots):
        return None

    def bot_decision(self, state, seat, seen):
        return engine.decide(engine.player_view(state, seat))

    def bots_to_move(self, state, bots):
        return [seat for seat in engine.awaiting(state) if seat in bots]

    def bot_has_work(self, bots, before, after, events):
        return bool(bots & set(engine.awaiting(after)))

    # what the public sees
    def public_state(self, session, game, state):
        return public.public_state(session, game, state)

    def board_view(self, session, game, state):
        return public.board_view(session, game, state)

    def board_page(self, board):
        return "games/vault/board.html", {
            "min_players": self.seats[0],
            "max_players": self.seats[1],
        }

    def replay_page(self, session, game, state):
        return public.replay_page(session, game, state)

    # learning it by text: its name in a join; no help from outside its lobby
    def title(self):
        return table.say("title")

    def about(self, turn, topic):
        return None

    # watchers and a group's history: watchers get only the house's end of the watch, and
    # STATS and the group page count only games whose sides are liberal and fascist
    def watch_text(self, after, events, recent, replay):
        return None

    def result(self, events):
        return None
