"""What a text means in a districts game (docs/districts.md, "Commands"), read in context like
`interpret.read` reads a standard game's:

- The variant's parser first (MOVE, VOTE, TIMER, INV, DISCARD, SEND), then the shared words.
- A move word counts as a move only when the sender could make that move now, or when the text
  is the command itself ("VOTE Bob": a refusal then says why not and what would work). Otherwise
  it is talk: "vote for whoever, I do not mind" from someone already in the capitol.
- From a sender who could make the move, a plain instruction with courtesy ("vote bob please",
  "move to 2 please") is the move when it names exactly one target; otherwise the sender is asked.
- A move ending in "?" is never made: the sender is told how to make it (or, when it names no
  choice of theirs, it is a question to the table).
- SHOW, DROP and KEEP (powers of the standard game's house rules) are everyday words here.
- A question about how to play ("how do i vote") is answered, never relayed as talk.
"""

from __future__ import annotations

import re

from ...conversation.interpret import Reading, Unclear
from ...conversation.reading import Question
from ...table.turn import AFTER_GAME, IN_GAME, Turn
from ...text.commands import EXTRA_WORDS, MISSING_ARG, NEAR_MISS, Command, ParseError
from ...text.phonetext import plain
from ...text.players import resolve_player
from ...text.questions import how_to
from ...text.sentences import words_of
from .engine import legal_actions
from .text.commands import (
    ALIASES,
    MOVE_VERBS,
    QUESTION,
    WRONG_GAME,
    district_number,
    parse,
)
from .text.near import NO_TARGET, near_move
from .text.questions import asked as own_question
from .text.resolve import KIND_OF_VERB

# "how do i move", "how can we use the timer": how to use one of this game's words.
_HOW_OWN = re.compile(
    rf"(?:ok |so |wait |um )?how (?:do|can|does|should) (?:i|we|you|u|one) (?:use (?:the )?)?"
    rf"({'|'.join(sorted(ALIASES, key=len, reverse=True))})\b"
)
EVERYDAY_MOVES = frozenset({"show", "drop", "keep"})  # standard house-rule words: talk here
PLAYER_VERBS = frozenset({"vote", "investigate"})
# Words after VOTE that make it talk about voting, not a vote ("vote later").
TALK_AFTER = frozenset(["later", "soon", "first", "again", "wisely", "next", "tomorrow"])


def read(turn: Turn, text: str) -> Reading:
    """The meaning of `text` from the sender of `turn`, in a districts game (or after one)."""
    literal = parse(text, turn.names)
    question = _how_to(text, turn.situation == AFTER_GAME)
    if question is not None and getattr(literal, "verb", None) in ("say", None):
        return question  # "how do i vote", "how do i move"
    if getattr(literal, "verb", None) in PLAYER_VERBS and _talk_after(literal):
        return Command("say", plain(text).strip())  # "vote later"
    if turn.situation != IN_GAME:
        return literal
    # "MOVE 2?" is told the command, "VOTE" alone its usage: as before
    asked = isinstance(literal, ParseError) and literal.code in (QUESTION, MISSING_ARG)
    near = None if asked else _near(turn, text)
    if near is not None:
        return near
    talk = Command("say", plain(text).strip())
    if isinstance(literal, Command):
        if literal.verb in EVERYDAY_MOVES:
            arg = literal.arg or ""
            plainly = len(text.split()) == 1 or arg.isdigit() or _names(turn, literal)
            return ParseError(WRONG_GAME, None, literal.verb) if plainly else talk
        if literal.verb in PLAYER_VERBS and len(text.split()) > 2 and not _names(turn, literal):
            return _sentence(turn, literal.verb, (), _choices(turn, literal.verb), talk)
        return literal
    verb = literal.verb
    if literal.code == WRONG_GAME and verb in EVERYDAY_MOVES:
        return talk
    if verb not in MOVE_VERBS or literal.code in (NEAR_MISS, WRONG_GAME):
        if literal.code == EXTRA_WORDS and verb is not None:
            return talk  # a shared command word in a sentence ("status is everything")
        return literal
    if literal.code == MISSING_ARG:
        return literal
    choices = _choices(turn, verb)
    if literal.code == QUESTION and choices:
        return literal
    return _sentence(turn, verb, literal.words, choices, talk)


def _talk_after(literal: Command | ParseError) -> bool:
    """VOTE with a word that makes it talk about voting ("vote later")."""
    arg = literal.arg if isinstance(literal, Command) else " ".join(literal.words)
    return (arg or "").casefold() in TALK_AFTER


def _near(turn: Turn, text: str) -> Reading | None:
    """A near move of a sender the game waits on (`text.near`): made when plainly one move with
    one target, asked when hedged or unclear; a command word of a move they cannot make now is
    that command (its refusal names what works). None: not a near move, read as before."""
    seat = turn.player.seat
    if not legal_actions(turn.state, seat):
        return None
    words = words_of(text)
    found = near_move(words.words, words.question, turn.names, turn.names[seat])
    if found is None:
        return None
    verb, targets = found.verb, found.targets
    choices = _choices(turn, verb)
    if verb == "discard" and choices and any(not t.isdigit() for t in targets):
        return _card_named(turn, text, targets, found.hedged)
    plain_move = not found.hedged and (len(targets) == 1 or (verb in NO_TARGET and not targets))
    if not choices:
        awaited = {a.kind for a in legal_actions(turn.state, seat)} - {"timer"}
        if found.form and len(awaited) == 1 and not found.hedged and verb != "vote":
            own = awaited.pop()  # "drop 3" from the player who holds the policy: PLAY?
            return Unclear(
                own, plain(text).strip(), tuple(_shown(own, _choices(turn, own), turn.names, turn))
            )
        if found.form or not plain_move:
            return None
        return Command(verb, targets[0] if targets else None)
    if plain_move:
        return Command(verb, targets[0] if targets else None)
    return Unclear(verb, plain(text).strip(), tuple(_shown(verb, choices, turn.names, turn)))


def _how_to(text: str, over: bool = False) -> Question | None:
    """A question about how to play: this game's own ("what game is this", "whats a district",
    after the end "who won": `text.questions`), the shared ones ("how do i vote", "what are the
    rules"), and how to use one of this game's words ("how do i move", "how can i send someone")."""
    words = words_of(text)
    own = own_question(words, over)
    if own is not None:
        return Question(own[0], plain(text).strip(), own[1])
    asked = how_to(words)
    if asked is not None:
        return Question(asked.topic, plain(text).strip(), asked.terms)
    match = _HOW_OWN.match(" ".join(words.words))
    return Question(ALIASES[match.group(1)], plain(text).strip()) if match else None


def _names(turn: Turn, command: Command) -> bool:
    """Whether the player a command names ("vote for me": "me") is a player of the game."""
    return isinstance(resolve_player(command.arg, turn.names), int)


def _card_named(turn: Turn, text: str, targets: tuple[str, ...], hedged: bool) -> Reading:
    """A card named by its faction ("descarto la fascista"): discarded when the hand holds one
    such card (or only copies of it), else asked with the cards that fit (every card if none)."""
    hand = turn.state.hand
    fits = {str(i): code for i, code in enumerate(hand, 1) if code[0] in targets}
    if len(set(fits.values())) == 1 and len(targets) == 1 and not hedged:
        return Command("discard", next(iter(fits)))
    shown = list(fits) or [str(i) for i in range(1, len(hand) + 1)]
    return Unclear("discard", plain(text).strip(), tuple(shown))


def _choices(turn: Turn, verb: str) -> list:
    """The arguments the sender could give `verb` now (empty: they cannot use it now)."""
    kind = KIND_OF_VERB[verb]
    legal = legal_actions(turn.state, turn.player.seat)
    return [a.arg for a in legal if a.kind == kind]


def _sentence(turn: Turn, verb: str, words: tuple, choices: list, talk: Command) -> Reading:
    """A move word in a sentence: from a sender who could use it, the move if exactly one
    target is named, else a question back; from anyone else, talk."""
    if not choices:
        return talk
    names = turn.names
    seats = {s for w in words if (s := _player(w, names)) is not None}
    districts = {d for w in words if (d := district_number(w.strip(".,!?"))) is not None}
    if verb in PLAYER_VERBS and len(seats) == 1:
        return Command(verb, names[seats.pop()])
    if verb == "move" and len(districts) == 1:
        return Command(verb, str(districts.pop()))
    if verb == "send" and len(seats) == 1 and len(districts) == 1:
        return Command(verb, f"{names[seats.pop()]} {districts.pop()}")
    if verb == "discard" and len(districts) == 1:  # a card's number reads like a district's
        return Command(verb, str(districts.pop()))
    return Unclear(verb, talk.arg, tuple(_shown(verb, choices, names, turn)))


def _shown(verb: str, choices: list, names: list[str], turn: Turn) -> list[str]:
    """The choices as the sender would type them."""
    if verb in PLAYER_VERBS:
        return [names[s] for s in choices]
    if verb == "move":
        return [str(d) for d in choices]
    if verb == "discard":
        return [str(n) for n in range(1, len(turn.state.hand) + 1)]
    return []


def _player(word: str, names: list[str]) -> int | None:
    """The seat a word in a sentence names: a whole name, never a prefix or a number."""
    key = word.strip(".,!?;:'\"").casefold()
    if not key or key not in {n.casefold() for n in names}:
        return None
    seat = resolve_player(key, names)
    return seat if isinstance(seat, int) else None
