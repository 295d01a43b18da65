"""Replies several handlers give: refusals, parse errors, unknown players, help, echoes.

Not a handler: handlers and the router call these; these call nothing of theirs.
"""

from __future__ import annotations

from ..gamekind import registry
from ..gamekind.kit import Problem
from ..store import Player
from ..table.turn import IN_GAME, Turn
from ..text.commands import MISSING_ARG, NEAR_MISS, ParseError
from ..text.gsm import sanitize
from ..text.messages import TEMPLATES, render
from ..text.names import name_problem
from ..text.players import ResolveError
from ..text.words import COMMAND_WORDS

# The commands that have a help text or a usage text; anything else typed is never a path.
GENERAL_HELP = frozenset({"none", "lobby", "game", "unknown", "vote"})
HELP_TOPICS = frozenset(p.stem for p in (TEMPLATES / "help").glob("*.txt")) - GENERAL_HELP
USAGE_TOPICS = frozenset(p.stem for p in (TEMPLATES / "usage").glob("*.txt"))
ECHO_MAX = 24  # characters of a player's own words quoted back in a reply


def problem_text(problem: Problem) -> str:
    """Why house rules cannot be played, and what would work (one sentence or two)."""
    return render("rules/problem", code=problem.code, detail=problem.detail)


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
        typed = error.words[1:] if " " in error.suggestion else error.words  # "VETO YSE"
        full = " ".join([error.suggestion, *typed])
        turn.reply("refuse/near_miss", full=echo(full), table=turn.game is not None)
    else:
        word = error.suggestion or COMMAND_WORDS.get(error.verb or "", "")
        turn.reply(f"refuse/{error.code}", suggestion=word)


def help_reply(
    turn: Turn, topic: str | None, where: str, rules: object = None, alive: object = None
) -> None:
    """HELP: the commands that matter where the sender is; HELP <command>: that command, as it
    stands at the sender's table (`rules`: the game's, once dealt; `alive`: who is, in a game:
    who is term-limited with this many alive, say). HELP <a game's name> [topic], from anywhere:
    that game's own help (`GameKind.about`)."""
    about = _about(turn, topic)
    if about:
        turn.mail.add(turn.number, about)
    elif topic in HELP_TOPICS:
        turn.reply(f"help/{topic}", alive=alive, rules=rules)
    elif topic:
        turn.reply("help/unknown", topic=echo(topic))
    else:
        turn.reply(f"help/{where}", rules=rules)


def _about(turn: Turn, topic: str | None) -> str | None:
    """The help of the game a topic names by its first word ("<game> win"), if any."""
    first, _, rest = (topic or "").partition(" ")
    found = registry.for_preset(first.casefold()) if first else None
    return None if found is None else found[0].about(turn, rest or None)


def refused_name(turn: Turn, name: str, taken: list[str], usage: str) -> bool:
    """Refuse a name that deceives (digits only, a command word, a look-alike of one of `taken`),
    saying what would work (`usage`: how to text it again); whether it was refused."""
    problem = name_problem(name, taken)
    if problem is None:
        return False
    turn.reply("lobby/bad_name", name=name, problem=problem[0], other=problem[1], usage=usage)
    return True


def echo(text: str) -> str:
    """Player-typed text safe to quote back: GSM-7, one line, and short."""
    clean = " ".join(sanitize(text).split())
    return clean if len(clean) <= ECHO_MAX else clean[: ECHO_MAX - 3] + "..."


def talk_refusal(turn: Turn) -> str | None:
    """Why the sender may not talk at the table now (a template), or None if they may: the
    game's own talk rules; before and after a game everyone may."""
    if turn.situation != IN_GAME:
        return None
    return turn.kind.talk_refusal(turn.state, turn.player.seat)


def listeners(turn: Turn) -> list[Player]:
    """Who hears the sender's table talk: everyone else at the table, or in a game those its
    rules let hear it now."""
    others = [p for p in turn.players if p.id != turn.player.id]
    if turn.situation == IN_GAME:
        return turn.kind.listeners(turn.state, turn.player.seat, others)
    return others


def host_only(turn: Turn) -> bool:
    """True for the host; anyone else is told who the host is."""
    if turn.player.is_host:
        return True
    turn.reply("lobby/host_only", host=turn.host.name)
    return False
