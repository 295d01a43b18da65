"""A text from the player the game waits on: the candidate, the President holding policies or a
power, the Chancellor, a voter (README "How a text is read").

The exact command acts; a plain instruction makes the move ("nom cy please"); a text that speaks
of the move or names a legal target alone is asked about, with the exact command (`Unclear`);
a voter's casual or corrected vote is counted and confirmed. Anything else is not about the move
(None): the general reading (`conversation.interpret`) takes it.
"""

from __future__ import annotations

from ...conversation.reading import (
    Reading,
    Unclear,
    literal_verb,
    typo_of,
)
from ...conversation.replies import talk_refusal
from ...table.turn import Turn
from ...text.commands import NEAR_MISS, Command
from ...text.everyday import NOT_A_NAME, PEOPLE_WORDS
from ...text.sentences import (
    Words,
    bare_target,
    mentions,
    only_move,
    plain_target,
    targets_named,
)
from ...text.votes import COUNTED, MENTIONED, speaks_of_voting, vote_of
from .engine import awaiting, legal_actions
from .engine.state import (
    CHANCELLOR_ENACT,
    NOMINATE,
    POWER,
    PRESIDENT_DISCARD,
    VETO,
    VOTE,
)
from .movable import MOVE_PHASES, POWER_VERBS, VOTE_VERBS


def awaited_move(turn: Turn, text: str, literal, words: Words) -> Reading | None:
    """The reading of a text from a player the game waits on (or a voter), or None if the text
    is not about their move."""
    state, seat = turn.state, turn.player.seat
    if not state.alive[seat]:
        return None
    if isinstance(literal, Command) and literal.verb not in (*MOVE_PHASES, "say"):
        return None  # another command exactly ("help nom", "status"): it answers
    if state.phase == VOTE:
        return _vote(text, literal, words, pending=state.votes[seat] is None)
    if seat not in awaiting(state):
        return None
    if state.phase == VETO:
        return _veto_answer(text, literal, words)
    if state.phase == NOMINATE:
        return _choice(turn, "nominate", text, literal, words)
    if state.phase == POWER and state.power in POWER_VERBS:
        return _choice(turn, POWER_VERBS[state.power], text, literal, words)
    if state.phase in (PRESIDENT_DISCARD, CHANCELLOR_ENACT):
        return _policy(turn, text, literal, words)
    return None


def _choice(turn: Turn, verb: str, text: str, literal, words: Words) -> Reading | None:
    """NOM, INV, ELECT or EXECUTE from the President the game waits on."""
    names = turn.names
    if (
        isinstance(literal, Command)
        and literal.verb == verb
        and _exact_reference(literal.arg, names)
    ):
        return literal  # the exact command ("NOM d": a prefix, people before bots)
    target = plain_target(words, verb, names)  # before a typo: "nomino Cy" is no NOM typo
    if target is not None:
        return Command(verb, names[target])
    if typo_of(literal, verb, names):
        return literal
    legal = _legal_seats(turn)
    bare = bare_target(words, verb, names)
    if bare is not None:  # "bob", "4 pls", "dee?" (asked and relayed)
        if bare not in legal:
            return None
        return Unclear(verb, text, (names[bare],), relay=_relays(turn, words, verb))
    typed = literal_verb(literal) == verb and getattr(literal, "code", None) != NEAR_MISS
    if typed or mentions(words, verb, names):
        named = [s for s in targets_named(words, verb, names) if s in legal]
        choices = tuple(names[s] for s in (named or legal))
        return Unclear(verb, text, choices, relay=_relays(turn, words, verb), named=bool(named))
    return None


def _policy(turn: Turn, text: str, literal, words: Words) -> Reading | None:
    """DISCARD, ENACT or VETO from the President or Chancellor holding policies: the exact
    command, a plain instruction, else (their word or a letter in the text) a question."""
    state = turn.state
    chancellor = state.phase == CHANCELLOR_ENACT
    verbs = ("enact", "discard") if chancellor else ("discard",)
    may_veto = chancellor and state.veto_unlocked and not state.veto_proposed
    own = (*verbs, "veto") if may_veto else verbs
    if isinstance(literal, Command) and literal.verb in (*verbs, "veto"):
        return literal  # VETO before it is unlocked: the refusal says when it will be
    for verb in verbs:  # before a typo: "descarto F" is no DESCARTAR typo
        letter = plain_target(words, verb, turn.names)
        if letter is not None:
            return Command(verb, letter)
    if any(typo_of(literal, verb, turn.names) for verb in own):
        return literal
    if may_veto and plain_target(words, "veto", turn.names) == "":
        return Command("veto")
    if may_veto and mentions(words, "veto"):
        return Unclear("veto", text)
    hand = list(dict.fromkeys(state.hand))
    named = [c for c in targets_named(words, "discard", turn.names) if c in hand]
    spoken = [v for v in verbs if mentions(words, v)]
    if spoken or bare_target(words, "discard", turn.names) is not None:
        verb = spoken[0] if spoken else verbs[0]  # the Chancellor's DISCARD works too
        return Unclear(verb, text, tuple(named if len(named) == 1 else hand))
    return None


def _vote(text: str, literal, words: Words, *, pending: bool) -> Reading | None:
    """A living voter's text: the exact vote, a plain vote in other words (counted, and the
    voter told), a reaction, hedge or question (asked), or None (talk). A voter the game still
    waits on (`pending`) is asked about any text that speaks of the vote as well."""
    if isinstance(literal, Command) and literal.verb in VOTE_VERBS:
        return literal
    if isinstance(literal, Command) and literal.verb != "say":
        return None  # another command exactly ("VETO YES", "NOM Cy"): answered as itself
    reading = vote_of(words)
    if reading is None:
        verb = literal_verb(literal)
        if verb in VOTE_VERBS and typo_of(literal, verb, []):
            return literal
        if pending and speaks_of_voting(words):  # "who are you voting for"
            return Unclear("vote", text, relay=True)
        return None
    if reading.kind == COUNTED:
        return Command(reading.vote, read=text)
    if reading.kind == MENTIONED and not pending:
        return None  # talk from a voter who has voted ("no way bob is liberal")
    return Unclear(reading.vote or "vote", text, relay=True)


def _veto_answer(text: str, literal, words: Words) -> Reading | None:
    """The President answering a proposed veto: YES/NO (or JA/NEIN) exactly acts; anything that
    reads as an answer is asked about (agreeing discards both policies for good)."""
    if isinstance(literal, Command):
        exact = {"ja": "yes", "nein": "no"}.get(literal.verb, literal.verb)
        if exact in ("yes", "no", "veto_yes", "veto_no"):
            return Command(exact)
    if typo_of(literal, literal_verb(literal), []):
        return literal
    reading = vote_of(words)
    if reading is not None and reading.kind == MENTIONED and not mentions(words, "veto"):
        return None  # talk that holds a yes or a no
    if reading is not None and reading.vote is not None:
        return Unclear("veto_yes" if reading.vote == "ja" else "veto_no", text)
    if reading is not None or mentions(words, "veto"):
        return Unclear("veto_answer", text)
    return None


def _legal_seats(turn: Turn) -> list[int]:
    """The seats the sender's move could take now."""
    actions = legal_actions(turn.state, turn.player.seat)
    return [a.arg for a in actions if type(a.arg) is int]


def _relays(turn: Turn, words: Words, verb: str) -> bool:
    """Whether a text asked about also goes to the table: the sender may talk, and it is a
    question or says more than the move and its target ("inv 1?", "shoot 2 imo"; not "nom")."""
    if talk_refusal(turn) is not None:
        return False
    return words.question or not only_move(words, verb, turn.names)


def _exact_reference(ref: str | None, names: list[str]) -> bool:
    """Whether the word after a move's command is a player reference as typed: one word of
    letters or digits ("Cy", "3", "d"), never a word for people ("me", "anyone") nor a pair
    ("4/6"); another everyday word only as the start of a name ("NOM an": Ana). The reply to a
    name nobody has lists the players."""
    key = (ref or "").strip("#@").casefold()
    if not key.isalnum() or (len(key) > 1 and key in PEOPLE_WORDS):
        return False
    return key not in NOT_A_NAME or any(n.casefold().startswith(key) for n in names)
