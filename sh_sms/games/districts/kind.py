"""The districts game as the table plays it (`GameKind`, docs/districts.md): the interface's
methods, each handed to the module of this package that does it."""

from __future__ import annotations

from datetime import datetime

from ...conversation.reading import Question
from ...gamekind.interface import Param
from ...table.turn import Turn
from ...text.commands import Command
from ...text.messages import Prompt, render
from . import clock, learning, pages, params, play, public, reading, routes, talk, watching
from .bots import bots_to_move, decide
from .engine import DistrictsState, Event, awaiting, legal_actions, player_view, public_view
from .engine.state import OVER
from .engine.tables import MAX_PLAYERS, MIN_PLAYERS
from .text.commands import MOVE_VERBS
from .text.commands import taught as taught_word
from .text.wording import lobby_rules_text, prompt_text, step_texts


class DistrictsKind:
    """The districts game (see the module docstring)."""

    name = params.NAME
    presets = params.PRESET_WORDS
    params: tuple[Param, ...] = params.PARAMS
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    holds_news = False
    own_help = True  # HELP in its lobby: its own answer (`conversation.interpret`)
    own_templates = None  # its pages are the house's (templates/web)

    # rules from parameters
    def rules(self, choice, players):
        return params.table_rules(choice)

    def knob_values(self, knob, words):
        return params.knob_values(knob, words)

    def change(self, choice, knob, values):
        return params.change(choice, knob, values)

    def rule_problems(self, choice, players):
        return [], []  # its one knob is checked as it is set; 5-10 players as any table

    def rules_shown(self, choice, players, state):
        line = lobby_rules_text(players, params.table_rules(choice))
        return "districts/rules_show", {"line": line, "lobby": True}

    def rules_changed(self, choice, players):
        line = lobby_rules_text(players, params.table_rules(choice))
        return "districts/rules_changed", {"line": line}

    # the game and its states
    def load(self, text):
        return DistrictsState.from_json(text)

    def start(self, turn, choice):
        play.start(turn, choice)

    def awaiting(self, state):
        return awaiting(state)

    def legal_moves(self, state, seat):
        return legal_actions(state, seat)

    def apply(self, state, seat, action, now: datetime):
        return play.step(state, seat, action, now)

    def is_over(self, state):
        return state.phase == OVER

    def outcome(self, state):
        return {"winner": None, "reason": state.reason, "winners": list(state.winners)}

    def public_view(self, state):
        return public_view(state)

    def player_view(self, state, seat):
        return player_view(state, seat)

    # texts in and out
    def awaited(self, turn, text, literal, words):
        return None  # its own reading reads every text of a started game (`read`)

    def usable(self, turn: Turn, verb):
        return False

    def taught(self, turn, verb):
        return verb

    def read(self, turn, text):
        return reading.read(turn, text)

    def lobby_read(self, turn, text):
        """In its lobby: this game's own moves ("MOVE 2": not started yet) and questions about
        them ("how do i move"); None for the rest, read as in any lobby."""
        found = reading.read(turn, text)
        if isinstance(found, Question) or (isinstance(found, Command) and found.verb in MOVE_VERBS):
            return found
        return None

    def handler_for(self, turn, reading_):
        return routes.handler_for(turn, reading_)

    def refuse(self, turn, seat, refused, action):
        commands = talk.your_moves(turn.state, seat)
        play.refuse(turn, "not_now", word=taught_word(action.kind), commands=commands)

    def step_texts(self, before, after, events: list[Event], room_from, replay):
        return step_texts(before, after, events, replay=replay)

    # talk
    def talk_refusal(self, state, seat):
        return talk.districts_talk_refusal(state, seat)

    def talk_hint(self, state, seat):
        return {"commands": talk.your_moves(state, seat)}

    def listeners(self, state, seat, others):
        return talk.districts_listeners(state, seat, others)

    # the clock
    def wait_key(self, state):
        return None if state is None else clock.wait_key(state)

    def timer_at(self, state):
        return None if state is None else clock.timer_at(state)

    def reminder_text(self, state, seat, code, minutes_left):
        prompt = prompt_text(player_view(state, seat))
        context = {"code": code, "prompt": prompt, "minutes_left": minutes_left}
        return Prompt(render("districts/nudge", **context))

    def time_out(self, turn, key, seats, why):
        return clock.time_out(turn)

    # computer players
    def bot_talk(self, turn, bots):
        return None  # its bots make no claims and do not talk

    def bot_decision(self, state, seat, seen):
        return decide(player_view(state, seat), seen)

    def bots_to_move(self, state, bots):
        return bots_to_move(state, bots)

    def bot_has_work(self, bots, before, after, events):
        return bool(bots_to_move(after, bots))

    # what the public sees
    def public_state(self, session, game, state):
        return public.public_state(session, game)

    def board_view(self, session, game, state):
        return public.board_view(session, game)

    def board_page(self, board):
        return pages.board_page(board)

    def replay_page(self, session, game, state):
        return pages.replay_page(session, game, state)

    # learning it by text (issue 34)
    def title(self):
        return render("districts/title")

    def about(self, turn, topic):
        return learning.about(turn, topic)

    # watchers (a text per round, and the end) and a group's history: each card's own win
    def watch_text(self, after, events, recent, replay):
        return watching.watch_text(after, events, recent, replay)

    def result(self, events):
        return watching.result(events)


def kind() -> DistrictsKind:
    """The districts game, for the registry."""
    return DistrictsKind()
