"""Answers that change nothing: STATUS, ROLE, HAND, WHO, LOG, HELP, refusals and parse errors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .commands import COMMAND_WORDS, MISSING_ARG, NEAR_MISS, Command, ParseError
from .engine import GameState, IllegalAction, player_view, public_view
from .engine.state import OVER
from .gsm import sanitize
from .messages import TEMPLATES, naming, prompt_text, render
from .players import ResolveError
from .public import public_log
from .store import Player

if TYPE_CHECKING:
    from .service import Turn

INFO_VERBS = frozenset({"status", "role", "hand", "who", "log", "help"})
# The commands that have a help text or a usage text; anything else typed is never a path.
GENERAL_HELP = frozenset({"none", "lobby", "game", "unknown"})
HELP_TOPICS = frozenset(p.stem for p in (TEMPLATES / "help").glob("*.txt")) - GENERAL_HELP
USAGE_TOPICS = frozenset(p.stem for p in (TEMPLATES / "usage").glob("*.txt"))
ECHO_MAX = 24  # characters of a player's own words quoted back in a reply
LOG_LENGTH = 6


def answer(
    turn: Turn, player: Player, players: list[Player], command: Command, state: GameState | None
) -> None:
    """Reply to one of INFO_VERBS."""
    verb = command.verb
    if verb == "help":
        help_reply(turn, command.arg, "lobby" if state is None else "game")
    elif state is None:
        names = [p.name for p in players]
        host = next(p.name for p in players if p.is_host)
        turn.reply("info/lobby", code=turn.game.code, names=names, host=host)
    elif verb == "status":
        view = public_view(state)
        turn.reply(
            "info/status", view=view, waiting=waiting_text(view, state.names), code=turn.game.code
        )
        turn.mail.add(turn.number, prompt_text(state, player.seat))
    elif verb == "role":
        view = player_view(state, player.seat)
        known = {key: view[key] for key in ("role", "fascists", "hitler")}
        turn.mail.add(turn.number, render("event/dealt", **known, **naming(state.names)))
        for found in view["investigations"]:
            turn.reply("event/investigation", **found, **naming(state.names))
    elif verb == "hand":
        turn.reply("info/hand", hand=player_view(state, player.seat)["hand"], **naming(state.names))
        turn.mail.add(turn.number, prompt_text(state, player.seat))
    elif verb == "who":
        host = next(p.seat for p in players if p.is_host)
        turn.reply("info/who", view=public_view(state), host=host, **naming(state.names))
    else:
        turn.reply("info/log", lines=public_log(turn.session, turn.game, state.names, LOG_LENGTH))


def waiting_text(view: dict, names: list[str]) -> str:
    """Who the game waits on and for what, from the public view."""
    if view["phase"] == OVER:
        return ""
    return render("info/waiting", view=view, **naming(names))


def refusal(turn: Turn, state: GameState, seat: int, refused: IllegalAction) -> None:
    """Say why an action was refused and what would work instead."""
    view = public_view(state)
    turn.reply(
        f"refuse/{refused.code}",
        view=view,
        detail=refused.detail,
        waiting=waiting_text(view, state.names),
        **naming(state.names),
    )
    turn.mail.add(turn.number, prompt_text(state, seat))


def unknown_player(turn: Turn, ref: str, error: ResolveError, names: list[str]) -> None:
    """A player reference that matches nobody, or more than one player."""
    turn.reply(
        f"refuse/{error.code}",
        ref=ref,
        candidates=[names[c] for c in error.candidates],
        everyone=names,
    )


def parse_error(turn: Turn, error: ParseError) -> None:
    """Explain a text that is almost, but not quite, a command. Nothing is relayed."""
    if error.code in (MISSING_ARG, "bad_arg") and error.verb in USAGE_TOPICS:
        turn.reply(f"usage/{error.verb}")
    elif error.code == NEAR_MISS:
        turn.reply("refuse/near_miss", suggestion=error.suggestion)
    else:
        word = error.suggestion or COMMAND_WORDS.get(error.verb or "", "")
        turn.reply(f"refuse/{error.code}", suggestion=word)


def help_reply(turn: Turn, topic: str | None, where: str | None) -> None:
    """HELP: the commands that matter where the sender is; HELP <command>: that command."""
    if topic in HELP_TOPICS:
        turn.reply(f"help/{topic}")
    elif topic:
        turn.reply("help/unknown", topic=echo(topic))
    else:
        turn.reply(f"help/{where or 'none'}")


def echo(text: str) -> str:
    """Player-typed text safe to quote back: GSM-7, one line, and short."""
    clean = " ".join(sanitize(text).split())
    return clean if len(clean) <= ECHO_MAX else clean[: ECHO_MAX - 3] + "..."
