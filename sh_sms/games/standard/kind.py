"""The standard game as the table plays it (`GameKind`): the interface's methods, each handed to
the module of this package that does it."""

from __future__ import annotations

from datetime import datetime

from ...conversation.interpret import read
from ...gamekind.interface import Param
from ...text.messages import Prompt, render
from . import claims, clock, pages, params, routes, start, talk
from .awaited import awaited_move
from .board import board_view
from .botplay import act_for
from .confirming import endgame_answer
from .engine import GameState, apply, awaiting, legal_actions, player_view, public_view
from .engine.boards import MAX_PLAYERS, MIN_PLAYERS
from .engine.state import OVER, VETO
from .movable import usable
from .plan import bot_has_work
from .public import public_state
from .replies import refusal
from .steps import step_texts
from .watching import result, watch_text


class StandardKind:
    """The standard game (see the module docstring)."""

    name = "standard"
    presets = params.PRESET_WORDS
    params: tuple[Param, ...] = params.PARAMS
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    holds_news = True
    own_templates = None  # its pages are the house's (templates/web)

    # rules from parameters
    def rules(self, choice, players):
        return params.resolve(choice, players)

    def knob_values(self, knob, words):
        return params.knob_values(knob, words)

    def change(self, choice, knob, values):
        return params.change(choice, knob, values)

    def rule_problems(self, choice, players):
        return params.check(choice, players)

    def rules_shown(self, choice, players, state):
        if state is not None:
            return "rules/show", {"rules": state.rules, "players": state.players, "lobby": False}
        size = params.table_size(players)
        return "rules/show", {"rules": params.resolve(choice, size), "players": size, "lobby": True}

    def rules_changed(self, choice, players):
        size = params.table_size(players)
        return "rules/changed", {"rules": params.resolve(choice, size), "players": size}

    # the game and its states
    def load(self, text):
        return GameState.from_json(text)

    def start(self, turn, choice):
        start.start(turn, choice)

    def awaiting(self, state):
        return awaiting(state)

    def legal_moves(self, state, seat):
        return legal_actions(state, seat)

    def apply(self, state, seat, action, now: datetime):
        return apply(state, seat, action)

    def is_over(self, state):
        return state.phase == OVER

    def outcome(self, state):
        return {"winner": state.winner, "reason": state.reason}

    def public_view(self, state):
        return public_view(state)

    def player_view(self, state, seat):
        return player_view(state, seat)

    # texts in and out
    def read(self, turn, text):
        return read(turn, text)

    def awaited(self, turn, text, literal, words):
        answer = endgame_answer(turn, words)
        return answer if answer is not None else awaited_move(turn, text, literal, words)

    def usable(self, turn, verb):
        return usable(turn, verb)

    def taught(self, turn, verb):
        if verb not in ("yes", "no"):
            return verb
        if turn.state is not None and turn.state.phase == VETO:
            return "veto_yes" if verb == "yes" else "veto_no"
        return "ja" if verb == "yes" else "nein"

    def handler_for(self, turn, reading):
        return routes.handler_for(turn, reading)

    def refuse(self, turn, seat, refused, action):
        refusal(turn, seat, refused)

    def step_texts(self, before, after, events, room_from, replay):
        played = before if before is not None else after
        room = room_from is not None and played.round >= room_from
        return step_texts(before, after, events, room=room, replay=replay)

    # talk
    def talk_refusal(self, state, seat):
        return talk.talk_refusal(state, seat)

    def talk_hint(self, state, seat):
        return talk.hint(state, seat)

    def listeners(self, state, seat, others):
        return others

    # the clock
    def wait_key(self, state):
        return clock.wait_key(state)

    def timer_at(self, state):
        return None

    def reminder_text(self, state, seat, code, minutes_left):
        return Prompt(render("reminders/nudge", **clock.reminder(state, seat, code, minutes_left)))

    def time_out(self, turn, key, seats, why):
        return clock.time_out(turn, key, seats)

    # computer players
    def bot_talk(self, turn, bots):
        claims.bot_talk(turn, bots)

    def bot_decision(self, state, seat, seen):
        return act_for(state, seat, seen)

    def bots_to_move(self, state, bots):
        return [seat for seat in awaiting(state) if seat in bots]

    def bot_has_work(self, bots, before, after, events):
        return bot_has_work(bots, before, after, events)

    # what the public sees
    def public_state(self, session, game, state):
        return public_state(session, game)

    def board_view(self, session, game, state):
        return board_view(session, game)

    def board_page(self, board):
        return pages.board_page(board)

    def replay_page(self, session, game, state):
        return pages.replay_page(session, game, state)

    # learning it by text: the shared help is this game's
    def title(self):
        return render("lobby/title")

    def about(self, turn, topic):
        return None

    # watchers and a group's history
    def watch_text(self, after, events, recent, replay):
        return watch_text(after, events, recent, replay)

    def result(self, events):
        return result(events)


def kind() -> StandardKind:
    """The standard game, for the registry."""
    return StandardKind()
