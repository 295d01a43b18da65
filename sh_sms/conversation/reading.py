"""The readings of a text (`Reading`), and who may use which command now: shared by the reading
of every situation (`conversation.interpret`) and a game's reading of a text from the player it
waits on (`GameKind.awaited`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..table.turn import AFTER_GAME, IN_GAME, IN_LOBBY, NO_GAME, Turn
from ..text.commands import NEAR_MISS, Command, ParseError, fits
from ..text.words import MOVE_VERBS

PLAYER_VERBS = frozenset({"nominate", "investigate", "elect", "execute", "show", "kick"})
INFO_VERBS = frozenset({"status", "role", "hand", "who", "log", "settings", "help"})
HOST_VERBS = frozenset(
    {"set", "set_nudge", "set_quiet", "set_tz", "set_deadline", "set_botspeed", "remind", "pause"}
    | {"resume", "endgame", "endgame_yes", "set_room", "set_watch", "set_lang"}
)
LOBBY_VERBS = frozenset({"start", "kick", "leave"})  # before the game only (the host's but LEAVE)


@dataclass(frozen=True)
class Unclear:
    """A text that speaks of a move without plainly making it: the sender is asked, in one short
    reply, with the exact command.

    `choices`: the targets the move could take (names or letters; only the ones the text
    named, when it named any); `named`: the choices are those the text named, not every legal
    one (the reply must not read as the whole list); `relay`: the text goes to the table as talk
    too (the sender may talk, and it said more than the move and its target).
    """

    verb: str
    text: str
    choices: tuple[str, ...] = ()
    relay: bool = False
    named: bool = False


@dataclass(frozen=True)
class Question:
    """A question to the service about how to play (`text.questions`): answered privately,
    and relayed too when the sender may talk. `topic` and `terms` as in `questions.HowTo`."""

    topic: str
    text: str
    terms: tuple[str, ...] = ()


Reading = Command | ParseError | Unclear | Question


def usable(turn: Turn, verb: str) -> bool:
    """Whether the sender could use the command `verb` now (rightly or not, it is theirs)."""
    where = turn.situation
    if verb in INFO_VERBS or verb == "say":
        return True
    if verb == "rules" or verb.startswith("rules_"):  # anyone reads them; the host changes them
        return where in (IN_LOBBY, IN_GAME, AFTER_GAME)
    if verb in ("new", "join"):
        return where in (NO_GAME, AFTER_GAME)
    if verb == "rematch":
        return where == AFTER_GAME
    if verb == "bot":  # computer players join in the lobby only
        return turn.player.is_host and where == IN_LOBBY
    if verb in LOBBY_VERBS:
        return where == IN_LOBBY and (verb == "leave" or turn.player.is_host)
    if verb in HOST_VERBS:
        return turn.player.is_host and where in (IN_LOBBY, IN_GAME)
    if verb not in MOVE_VERBS or where != IN_GAME:
        return False
    return turn.kind.usable(turn, verb)


def typo_of(literal, verb: str | None, names: list[str]) -> bool:
    """Whether the parse is a near miss of `verb` whose rest fits it ("DISCRAD F")."""
    return (
        isinstance(literal, ParseError)
        and literal.code == NEAR_MISS
        and verb is not None
        and literal.verb == verb
        and fits(verb, literal.words, names)
    )


def literal_verb(literal) -> str | None:
    """The verb a parse result is about, if any."""
    return getattr(literal, "verb", None)
