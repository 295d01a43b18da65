"""What a text means from this sender, now (SMS.md; the principles of issue 9).

The parser reads a text on its own (`commands.parse`); this module reads it in context:

- From a player the game is waiting on, casual forms of the awaited move work: a vote word
  ("yeah", "nope", "jaaa!!", a thumbs-up) is a vote; "nom cy please" nominates Cy when exactly
  one player is named.
- A command word counts as a command only when the sender could use that command now, or when
  the text is the command itself, exactly (a refusal then says why not and what would work).
  Otherwise it is talk: "kill me now", "no way bob is liberal", "yes finally", "hand it to eve",
  "elect eve pls" from someone who can do none of it now go to the table.
- When a text could be either a move or talk ("yeah he's fine" from a voter), it is `Unclear`:
  the sender is asked, in one short reply, what to send for each.
- Near misses of command words stay "did you mean" replies, never talk (the parser decides).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import awaiting, legal_actions
from ..engine.state import CHANCELLOR_ENACT, NOMINATE, POWER, PRESIDENT_DISCARD, VETO, VOTE
from ..text.commands import (
    EXTRA_WORDS,
    MISSING_ARG,
    NEAR_MISS,
    Command,
    ParseError,
    parse,
)
from ..text.phonetext import plain, vote_word
from ..text.players import resolve_player
from ..text.words import POLICY_WORDS
from .turn import IN_GAME, IN_LOBBY, NO_GAME, Turn

# The phases in which each move may be made, by the seats the game waits on (votes: any living
# player, who may change their vote).
MOVE_PHASES = {
    "nominate": (NOMINATE,),
    "ja": (VOTE,),
    "nein": (VOTE,),
    "yes": (VOTE, VETO),
    "no": (VOTE, VETO),
    "discard": (PRESIDENT_DISCARD, CHANCELLOR_ENACT),
    "enact": (CHANCELLOR_ENACT,),
    "veto": (CHANCELLOR_ENACT,),
    "veto_yes": (VETO,),
    "veto_no": (VETO,),
    "investigate": (POWER,),
    "elect": (POWER,),
    "execute": (POWER,),
    "show": (POWER,),  # the powers of house rules
    "drop": (POWER,),
    "keep": (POWER,),
}
PLAYER_VERBS = frozenset({"nominate", "investigate", "elect", "execute", "show", "kick"})
POLICY_VERBS = frozenset({"discard", "enact"})
INFO_VERBS = frozenset({"status", "role", "hand", "who", "log", "settings", "help"})
HOST_VERBS = frozenset(
    {"set_nudge", "set_quiet", "set_tz", "set_deadline", "set_botspeed", "remind", "pause"}
    | {"resume", "endgame", "endgame_yes", "start", "kick", "set_room"}
)
# Aliases that are everyday words: typed alone by someone who cannot use them now, they are talk.
EVERYDAY = frozenset({"yes", "y", "no", "kill", "shoot", "special", "show", "drop", "keep"})


@dataclass(frozen=True)
class Unclear:
    """A text that could be the move `verb` or table talk: ask which.

    `choices`: the names or letters the move could take (empty for a move without one).
    """

    verb: str
    text: str
    choices: tuple[str, ...] = ()


Reading = Command | ParseError | Unclear


def read(turn: Turn, text: str) -> Reading:
    """The meaning of `text` from the sender of `turn`."""
    where = turn.situation
    literal = parse(text, turn.names if where != NO_GAME else [])
    if where == NO_GAME:
        return literal
    vote = vote_word(text)
    if vote is not None and where == IN_GAME and _may_vote(turn):
        in_veto = turn.state.phase == VETO
        return Command(("yes" if vote == "ja" else "no") if in_veto else vote)
    talk = Command("say", plain(text).strip())
    if isinstance(literal, Command):
        if literal.verb != "say" and not usable(turn, literal.verb) and _everyday(text):
            return talk
        return literal
    if literal.code == NEAR_MISS and literal.verb in ("yes", "no"):
        return literal if usable(turn, literal.verb) else talk  # "yess", "noo": everyday words
    if literal.verb is None or literal.code not in (EXTRA_WORDS, MISSING_ARG):
        return literal  # a near miss, a bad argument: the reply says what would work
    if literal.code == MISSING_ARG:
        return literal if usable(turn, literal.verb) or not _everyday(text) else talk
    if literal.verb in INFO_VERBS or not usable(turn, literal.verb):
        return talk
    return _sentence(turn, literal, talk.arg)


def usable(turn: Turn, verb: str) -> bool:
    """Whether the sender could use the command `verb` now (rightly or not, it is theirs)."""
    where = turn.situation
    if verb in INFO_VERBS or verb in ("say", "new", "join", "rematch"):
        return True
    if verb == "bot":  # computer players join in the lobby only
        return turn.player.is_host and where == IN_LOBBY
    if verb in HOST_VERBS:
        return turn.player.is_host and where in (IN_LOBBY, IN_GAME)
    if verb == "leave":
        return where == IN_LOBBY
    if verb not in MOVE_PHASES or where != IN_GAME:
        return False
    state, seat = turn.state, turn.player.seat
    if state.phase not in MOVE_PHASES[verb]:
        return False
    return _may_vote(turn) if state.phase == VOTE else seat in awaiting(state)


def _may_vote(turn: Turn) -> bool:
    """A living player during a vote, or the President answering a proposed veto."""
    state, seat = turn.state, turn.player.seat
    if state.phase == VOTE:
        return state.alive[seat]
    return state.phase == VETO and seat == state.president


def _everyday(text: str) -> bool:
    words = plain(text).split()
    return bool(words) and words[0].strip(".,!?").casefold() in EVERYDAY


def _sentence(turn: Turn, error: ParseError, text: str) -> Command | Unclear:
    """A command word the sender could use now, in a sentence: the move if exactly one target
    is named ("nom cy please"), else a question."""
    verb = error.verb
    if verb in PLAYER_VERBS:
        named = {seat for word in error.words if (seat := _player(word, turn.names)) is not None}
        if len(named) == 1:
            return Command(verb, turn.names[named.pop()])
        return Unclear(verb, text, tuple(_targets(turn, verb)))
    if verb in POLICY_VERBS:
        letters = {POLICY_WORDS[w.casefold()] for w in error.words if w.casefold() in POLICY_WORDS}
        if len(letters) == 1:
            return Command(verb, letters.pop())
        hand = turn.state.hand if turn.state is not None else []
        return Unclear(verb, text, tuple(dict.fromkeys(hand)))
    return Unclear(verb, text)


def _player(word: str, names: list[str]) -> int | None:
    """The seat a word in a sentence names: a whole name or a seat number, never a prefix."""
    key = word.strip(".,!?;:'\"").casefold()
    if not key or not (key.isdigit() or key in {n.casefold() for n in names}):
        return None
    seat = resolve_player(key, names)
    return seat if isinstance(seat, int) else None


def _targets(turn: Turn, verb: str) -> list[str]:
    """The names the move could take now: its legal targets."""
    if verb == "kick":
        return [p.name for p in turn.players if p.id != turn.player.id]
    state = turn.state
    seats = [a.arg for a in legal_actions(state, turn.player.seat) if type(a.arg) is int]
    return [state.names[s] for s in seats]
