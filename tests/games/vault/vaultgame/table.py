"""The vault at the table: START, how a text is read, where it goes, and the texts of a step.
Every wording is the game's own (templates/sms, rendered by the house as games/vault/...)."""

from __future__ import annotations

import re

from sh_sms.conversation import interpret
from sh_sms.conversation.handlers import after, clarify, refuse
from sh_sms.conversation.reading import Question, Unclear
from sh_sms.conversation.routes import AFTER, IN_GAME, parse_error_handler
from sh_sms.gamekind.kit import Action, Event
from sh_sms.store import ACTIVE, ENDED
from sh_sms.store.games import append_events, close_game, save_state
from sh_sms.table.play import act, stepped
from sh_sms.table.turn import AFTER_GAME, Turn
from sh_sms.text.commands import Command, ParseError
from sh_sms.text.messages import Prompt, render

from . import engine

NAME = "vault"
GUESS_TEXT = re.compile(r"^\s*guess\s+(\d{1,2})\s*[.!]?\s*$", re.IGNORECASE)


def say(template: str, **facts) -> str:
    """One of the vault's own texts."""
    return render(f"games/{NAME}/{template}", **facts)


def start(turn: Turn, choice) -> None:
    """START: deal the vault and tell everyone."""
    tries = int(choice.knobs.get("tries", engine.TRIES))
    state, events = engine.new_game([p.name for p in turn.players], turn.game.seed, tries)
    turn.game.status = ACTIVE
    save_state(turn.game, state, turn.now)
    stepped(turn, None, state, events)


def read(turn: Turn, text: str):
    """GUESS <n> is the game's own command; everything else is read as in any game."""
    found = GUESS_TEXT.match(text)
    if found and turn.situation != AFTER_GAME:
        return Command("guess", found.group(1))
    return interpret.read(turn, text)


def guess(turn: Turn, command: Command) -> None:
    """GUESS <n>: the sender's guess (refused with the reason when it is not theirs to make)."""
    act(turn, turn.player.seat, Action(engine.GUESS, int(command.arg)))


def status(turn: Turn, _command: Command) -> None:
    """STATUS: whose guess it is and what is left."""
    s = turn.state
    turn.mail.add(
        turn.number,
        say(
            "status",
            code=turn.game.code,
            name=s.names[s.turn],
            low=s.low,
            high=s.high,
            left=s.tries - len(s.guesses),
        ),
    )


def role(turn: Turn, _command: Command) -> None:
    """ROLE: crew, or the insider and the number."""
    s = turn.state
    turn.mail.add(turn.number, say("role", insider=turn.player.seat == s.insider, secret=s.secret))


def help_text(turn: Turn, _reading) -> None:
    """HELP, or a question about how to play: the vault in one text."""
    turn.mail.add(turn.number, say("help"))


def end(turn: Turn, _command: Command) -> None:
    """ENDGAME YES from the host: nobody wins; the insider and the number are told."""
    if not turn.player.is_host:
        turn.reply("lobby/host_only", host=turn.host.name)
        return
    state, events = engine.apply(turn.state, None, Action(engine.END))
    save_state(turn.game, state, turn.now)
    close_game(turn.game, turn.players, ENDED, turn.now)
    append_events(turn.session, turn.game, events, turn.now)
    texts = step_texts(turn.state, state, events)
    turn.state = state
    for p in turn.players:
        for text in texts[p.seat]:
            turn.mail.add(p.number, text)


def result(turn: Turn, _command: Command) -> None:
    """STATUS after the game: how it ended."""
    s = turn.state
    turn.mail.add(
        turn.number, say("result", winner=s.winner, insider=s.names[s.insider], secret=s.secret)
    )


IN_GAME_ROUTES = {
    **IN_GAME,
    "guess": guess,
    "help": help_text,
    "endgame_yes": end,
    **{verb: status for verb in ("status", "who", "log")},
    **{verb: role for verb in ("role", "hand")},
}
AFTER_ROUTES = {**AFTER, **{verb: result for verb in ("status", "who", "log", "role")}}


def handler_for(turn: Turn, reading):
    """Where a text goes in a vault game, started or just finished."""
    if isinstance(reading, Question):
        return help_text
    if isinstance(reading, ParseError):
        return parse_error_handler(turn.situation, reading)
    if turn.situation == AFTER_GAME:
        return AFTER_ROUTES.get(reading.verb, after.over)
    if isinstance(reading, Unclear):
        return clarify.ask
    return IN_GAME_ROUTES.get(reading.verb, refuse.unknown)


def refuse_move(turn: Turn, refused) -> None:
    """Why a guess was refused, and what would work."""
    s = turn.state
    turn.mail.add(
        turn.number, say("refused", code=refused.code, name=s.names[s.turn], low=s.low, high=s.high)
    )


def step_texts(before, after_, events: list[Event]) -> dict[int, list[str]]:
    """Per seat, the texts of one step, the prompt last."""
    names = after_.names
    texts: dict[int, list[str]] = {seat: [] for seat in range(len(names))}
    for event in events:
        if event.to is not None:
            texts[event.to].append(say("dealt", tries=after_.tries, **event.data))
            continue
        text = event_text(event, names, after_.tries)
        for seat in texts:
            texts[seat].append(text)
    if not after_.over:
        texts[after_.turn].append(Prompt(say("your_guess", low=after_.low, high=after_.high)))
    return texts


def event_text(event: Event, names: list[str], tries: int) -> str:
    """A public event as the table reads it."""
    d = event.data
    if event.kind == "begun":
        return say("begun", first=names[d["first"]], tries=tries)
    if event.kind == "guessed":
        return say("guessed", name=names[d["seat"]], **d)
    opener = None if d["opener"] is None else names[d["opener"]]
    return say(
        "over", winner=d["winner"], insider=names[d["insider"]], secret=d["secret"], opener=opener
    )
