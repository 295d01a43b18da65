"""A districts game by text (docs/districts.md): its moves, what a player may ask about it, the
host ending it, and the answers after its end. Every reply comes from templates/sms/districts/.
"""

from __future__ import annotations

from ... import houserules
from ...conversation.reading import Question, Unclear
from ...conversation.replies import HELP_TOPICS as SHARED_HELP
from ...conversation.replies import help_reply, talk_refusal
from ...conversation.replies import parse_error as shared_parse_error
from ...store import ENDED
from ...store.games import append_events, close_game, save_state
from ...table.play import act
from ...table.turn import Turn
from ...table.watching import end_watch
from ...text.commands import NEAR_MISS, Command, ParseError
from ...text.words import taught
from .engine import end_game, player_view
from .engine.tables import DEFAULT_RULES
from .learning import answer
from .outcome import result_text
from .params import table_rules
from .play import refuse
from .public import public_lines
from .talk import your_moves
from .text.commands import HELP_TOPICS, SPELLINGS
from .text.commands import taught as taught_here
from .text.resolve import Refusal, resolve
from .text.wording import (
    alignment_text,
    board_text,
    hand_text,
    help_text,
    prompt_text,
    role_text,
    rules_text,
)

LOG_LENGTH = 6
# What a question asks ("how do i win": "win"), as the HELP topic that answers it.
QUESTION_TOPICS = {"win": "rules", "term": "policy", "role": "role", "say": "say"}
# HELP <topic>: the variant's own topics, and the shared ones whose help holds here as it is.
OWN_TOPICS = frozenset(
    {*SPELLINGS, "rules", "status", "who", "districts", "policy", "win", "capitol"}
)
SHARED_TOPICS = frozenset(
    {"say", "role", "hand", "log", "set", "settings", "remind", "pause", "resume", "endgame"}
    | {"stop", "help", "rematch"}
)


def _view(turn: Turn) -> dict:
    return player_view(turn.state, turn.player.seat)


def _prompt(turn: Turn, view: dict) -> None:
    prompt = prompt_text(view)
    if prompt:
        turn.mail.add(turn.number, prompt)


def move(turn: Turn, command: Command) -> None:
    """MOVE, VOTE, TIMER, INV, DISCARD and SEND: read against the sender's view, then played."""
    view = _view(turn)
    action = resolve(command, view)
    if isinstance(action, Refusal):
        refuse(
            turn,
            action.code,
            verb=action.verb,
            choices=action.choices,
            typed=action.typed,
            word=taught_here(action.verb),
            commands=your_moves(turn.state, turn.player.seat),
        )
        return
    act(turn, turn.player.seat, action)


def status(turn: Turn, _command: Command) -> None:
    """STATUS and WHO: who is where, the scoreboard, who the game waits on; then the sender's
    own prompt, if the game waits on them."""
    view = _view(turn)
    turn.mail.add(turn.number, board_text(view, int(turn.now.timestamp())))
    _prompt(turn, view)


def role(turn: Turn, _command: Command) -> None:
    """ROLE: the sender's alignment card, fellow fascists, and the cards they have looked at."""
    turn.mail.add(turn.number, role_text(_view(turn)))


def hand(turn: Turn, _command: Command) -> None:
    """HAND: the policies the sender holds, numbered as DISCARD reads them."""
    view = _view(turn)
    turn.mail.add(turn.number, hand_text(view))
    _prompt(turn, view)


def help_text_reply(turn: Turn, command: Command) -> None:
    """HELP, HELP RULES, HELP VOTE...: this game's commands; a shared command's help as is."""
    topic = _topic(command.arg)
    if topic in SHARED_TOPICS:
        turn.reply(f"help/{topic}", alive=None, rules=None)
    else:
        topic = "status" if topic == "who" else topic
        turn.mail.add(turn.number, help_text(topic, turn.state.rules))


def asked(turn: Turn, question: Question) -> None:
    """A question about how to play ("how do i vote", "what are the rules"), or HELP in the
    lobby of a districts game: answered privately, never relayed as talk. In the lobby, HELP
    alone tells what the game is and the lobby's commands; a standard lobby command's help is
    the shared one."""
    if answer(turn, question):  # how to win, what a word or this game is, who won
        return
    topic = QUESTION_TOPICS.get(question.topic, question.topic)
    if question.topic == "help":
        topic = _topic(question.terms[0]) if question.terms else None
    rules = turn.state.rules if turn.state is not None else _lobby_rules(turn)
    lobby = turn.state is None
    if topic == "now" and not lobby:
        status(turn, Command("status"))
    elif lobby and (topic == "rules" or (topic in SHARED_HELP and topic not in OWN_TOPICS)):
        help_reply(turn, topic, "lobby")  # HELP RULES there: how the host changes them
    elif topic in OWN_TOPICS and topic != "who":
        turn.mail.add(turn.number, help_text(topic, rules))
    elif topic in SHARED_TOPICS:
        help_reply(turn, topic, "lobby")
    else:
        turn.mail.add(turn.number, help_text("lobby" if lobby else None, rules))


def _lobby_rules(turn: Turn) -> dict:
    """The rules a lobby's game would be dealt with (its timer), for HELP before the start."""
    return {**DEFAULT_RULES, **table_rules(houserules.Choice.from_json(turn.game.house_rules))}


def after_help(turn: Turn, command: Command) -> None:
    """HELP after the game: what still works; HELP <command>: that command in this game."""
    if command.arg is None:
        turn.reply("help/after")
    else:
        help_text_reply(turn, command)


def _topic(arg: str | None) -> str | None:
    """The topic HELP names: a variant word (HELP INV), a shared verb, or None."""
    if not arg:
        return None
    key = arg.casefold()
    if key in OWN_TOPICS or key in SHARED_TOPICS:
        return key
    if key in HELP_TOPICS:
        return HELP_TOPICS[key]
    if key in SHARED_HELP:
        return key  # a shared command's help (HELP START in the lobby)
    for verb, words in SPELLINGS.items():
        if key in {w.casefold() for w in words}:
            return verb
    return None


def log(turn: Turn, _command: Command) -> None:
    """LOG: the last few public events of this game."""
    lines = public_lines(turn.session, turn.game, turn.state, LOG_LENGTH)
    turn.reply("info/log", lines=lines)


def rules(turn: Turn, command: Command) -> None:
    """RULES: this game's rules in one line; a change once the game has begun is refused."""
    if command.arg is not None:
        turn.reply("rules/fixed")
        return
    state = turn.state
    line = rules_text(state.districts, state.rules)
    turn.reply("districts/rules_show", line=line, lobby=False)


def wrong_game(turn: Turn, error: ParseError) -> None:
    """A standard move (NOM, ELECT, ENACT, VETO, ...): not in this game; what to send instead."""
    refuse(turn, "wrong_game", word=taught(error.verb), suggestion=error.suggestion)


def question(turn: Turn, error: ParseError) -> None:
    """A move asked as a question ("VOTE Bob?"): not made; the sender is told how to make it."""
    refuse(turn, "question", suggestion=error.suggestion)


def parse_error(turn: Turn, error: ParseError) -> None:
    """A text that is almost one of this game's commands: what would work."""
    if error.verb not in SPELLINGS or error.code == NEAR_MISS:
        shared_parse_error(turn, error)  # a near miss: "Did you mean VOTE Dee?"
    else:
        turn.mail.add(turn.number, help_text(error.verb, turn.state.rules))


def ask(turn: Turn, unclear: Unclear) -> None:
    """A text that could be a move or talk: say exactly what to send for the move."""
    turn.reply(
        "districts/clarify",
        verb=unclear.verb,
        choices=list(unclear.choices),
        can_talk=talk_refusal(turn) is None,
    )


def end(turn: Turn, _command: Command) -> None:
    """ENDGAME YES from the host: nobody wins, every card is shown to everyone."""
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    state, events = end_game(turn.state)
    save_state(turn.game, state, turn.now)
    close_game(turn.game, turn.players, ENDED, turn.now)
    append_events(turn.session, turn.game, events, turn.now)
    turn.state = state
    turn.mail.add_each([p.number for p in turn.players], lambda: result_text(turn))
    end_watch(turn, news=lambda: result_text(turn))


def result(turn: Turn, _command: Command) -> None:
    """STATUS or WHO after the game: whether the sender won and why, every card, how to play
    again."""
    turn.mail.add(turn.number, result_text(turn, turn.player.seat))


def after_role(turn: Turn, _command: Command) -> None:
    """ROLE after the game: the sender's card, then everyone's."""
    state = turn.state
    card = alignment_text(state.cards[turn.player.seat])
    turn.reply("districts/after_role", code=turn.game.code, card=card)
    turn.mail.add(turn.number, result_text(turn, turn.player.seat))
