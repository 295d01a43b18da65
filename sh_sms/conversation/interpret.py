"""What a text means from this sender, now (SMS.md; README "How a text is read").

The parser reads a text on its own (`commands.parse`); this module reads it in context:

- The exact command acts. A move that ends in `?` is a question: asked, never made.
- From the player the game waits on, a sentence makes the move only when it is a plain
  instruction (`text.sentences`): the move's word or an everyday form, exactly one target, and
  nothing but courtesy around it ("nom cy please", "ok nominating finbot").
- A text that is not that, but speaks of the awaited move or names a legal target alone ("shoot 2
  imo", a bare "bob"), is `Unclear`: the sender is asked, with the exact command. When they may
  talk and said more than a target, the text also goes to the table.
- A voter's vote words with only courtesy, emphasis or a correction around them are counted, and
  the voter is told how the text was read ("nein nein nein", "wait no. nein"); hedged or asked
  ("ja i guess", "ya?") they are asked; inside other words ("no way bob is liberal") it is talk.
- "Did you mean" only for a typo of a command the sender could use now whose rest fits it.
- Anything else is table talk, or, from someone who cannot talk now, refused (R18, R20).
"""

from __future__ import annotations

from ..table.turn import AFTER_GAME, IN_GAME, IN_LOBBY, NO_GAME, Turn
from ..text.commands import (
    EMPTY,
    EXTRA_WORDS,
    MISSING_ARG,
    NEAR_MISS,
    QUESTION,
    Command,
    ParseError,
    fits,
    is_reference,
    parse,
)
from ..text.everyday import AFFIRMATIVE, COMMAND_FILLER, COURTESY, PEOPLE_WORDS, YES_TO_PLAY
from ..text.names import is_watcher_name
from ..text.phonetext import plain
from ..text.players import resolve_player
from ..text.questions import how_to
from ..text.sentences import Words, targets_named, words_of
from ..text.typos import letters, typo_word
from ..text.votes import COUNTED, vote_of, vote_word
from ..text.words import (
    ALIASES,
    BOT_COUNT_WORDS,
    CODE_LEN,
    HELP_WORDS,
    MOVE_VERBS,
    POLICY_WORDS,
)
from .asking import code_asked, game_named, is_help
from .reading import (
    INFO_VERBS,
    PLAYER_VERBS,
    Question,
    Reading,
    Unclear,
    literal_verb,
    usable,
)
from .replies import talk_refusal

# Aliases that are everyday words: typed by someone who cannot use them now, they are talk.
# SHOW, DROP and KEEP are the commands' own words: typed exactly, they are answered like any.
# Every language's yes words are everyday too ("si!" outside a vote is talk, as "yes" is).
EVERYDAY = frozenset({"yes", "y", "no", "kill", "shoot", "special"}) | {
    letters(word.casefold()) for word, verb in ALIASES.items() if verb in ("yes", "no")
}


def read(turn: Turn, text: str) -> Reading:
    """The meaning of `text` from the sender of `turn`."""
    where = turn.situation
    literal = parse(text, turn.names if where != NO_GAME else [])
    words = words_of(text)
    if literal_verb(literal) in ("say", "help", None):
        about = game_named(words)  # "HELP <game>", "what is <game>?": that game's help
        if about is not None and (where in (NO_GAME, IN_LOBBY) or is_help(words.words[0])):
            return Command("help", about)
    if where == NO_GAME and literal_verb(literal) not in ("watch", "join"):
        asked = code_asked(turn.session, text, words)  # "hi can i watch QSSX?", "me uno a MHBJ"
        if asked is not None:
            return asked
    own = getattr(turn.kind, "lobby_read", None) if where == IN_LOBBY else None
    own_reading = own(turn, text) if own is not None else None
    if own_reading is not None:
        return own_reading  # its own moves and questions ("MOVE 2": not yet; "how do i move")
    asked = how_to(words)
    if asked is not None and literal_verb(literal) in ("say", None):
        if where == NO_GAME:
            return Command("help")  # "how do i play": the introduction
        return Question(asked.topic, plain(text).strip(), asked.terms)
    if where == IN_LOBBY and _game_help(turn, words, literal):
        return Question("help", plain(text).strip(), words.words[1:])
    if where == IN_GAME:
        awaited = turn.kind.awaited(turn, text, literal, words)
        if awaited is not None:
            return awaited
    elif where == AFTER_GAME and _affirmative(words):
        exact = literal.verb if isinstance(literal, Command) and literal.verb != "say" else None
        return Command("accept", exact, read=text)  # "yeah im in": into a rematch they are asked to
    elif where == IN_LOBBY and _lone_yes_to_nobody(turn, words):
        return Unclear("endgame_yes", text)
    elif where == NO_GAME and _opens_with_help(words) and literal_verb(literal) == "say":
        return Command("help")  # "help me" from a stranger: no table to tell, so help it is
    if where in (NO_GAME, AFTER_GAME) and _join_alone(literal, words):
        return ParseError(MISSING_ARG, verb="join")  # "join pls": JOIN alone takes a kept seat
    return _otherwise(turn, text, literal)


def _game_help(turn: Turn, words: Words, literal) -> bool:
    """HELP, HELP <topic> or "help me" in the lobby of a game that answers help itself (a
    `GameKind` with `own_help` set: one whose words the shared parser does not know, so that
    HELP <its word> would be talk): a question to that game, never talk to the table. A game
    without it keeps the shared lobby's reading."""
    if not getattr(turn.kind, "own_help", False) or not _opens_with_help(words):
        return False
    return literal_verb(literal) in ("help", "say") and len(words.words) <= HELP_WORDS


def _opens_with_help(words: Words) -> bool:
    """Whether a text's first word is HELP in some language (HELP, AYUDA; INFO opens talk)."""
    return bool(words.words) and is_help(words.words[0])


def _join_alone(literal, words: Words) -> bool:
    """JOIN with nothing but courtesy after it ("join pls", "join now!")."""
    if getattr(literal, "verb", None) != "join" or not isinstance(literal, ParseError):
        return False
    if words.question:
        return False
    return words.words[:1] == ("join",) and all(w in COURTESY for w in words.words[1:])


# Anyone else ------------------------------------------------------------------------------------


def _otherwise(turn: Turn, text: str, literal) -> Reading:
    """A text that is not about a move the game waits on from the sender."""
    where = turn.situation
    talk = Command("say", plain(text).strip())
    if isinstance(literal, Command):
        if literal.verb == "say" or where == NO_GAME or usable(turn, literal.verb):
            return literal
        if _first_word(text) in EVERYDAY or not _names_a_player(turn, literal):
            return talk  # "kill me now", "yes finally", "elect me"
        if literal.verb == "new" and not _new_elsewhere(turn, literal):
            return talk  # "new game", "new meta" from someone at a table
        return literal  # the command exactly, from someone who cannot use it: why not
    code, verb = literal.code, literal.verb
    if code == EMPTY or verb is None:
        return literal
    if code == NEAR_MISS:
        return _near_miss(turn, text, literal, talk)
    if where == NO_GAME:
        return literal
    if verb in ("new", "join") and where != AFTER_GAME:
        return literal if _looks_like_joining(literal) else talk
    if not usable(turn, verb):
        return talk
    if verb in MOVE_VERBS:
        return talk  # the game waits on the sender, and this is not about that move
    if code == QUESTION:
        return Unclear(verb, text, relay=talk_refusal(turn) is None)
    if code == EXTRA_WORDS:
        if verb in INFO_VERBS or not _only_courtesy(turn, literal.words):
            return talk  # "bot is cute", "pause what"
        return Unclear(verb, text, _extra_choices(turn, verb, literal.words))
    return literal  # a missing or bad argument: how to type it


def _near_miss(turn: Turn, text: str, error: ParseError, talk: Command) -> Reading:
    """A typo of a command word: "did you mean" when the sender could use it now and the rest
    fits it; talk when the rest does not fit ("hes lying" is no YES) or the word it misses is an
    everyday one ("Ahoot 3" from someone without the gun: SHOOT is everyday). A typo of another
    command is answered as that command would be (why not), never relayed: a slip of a secret
    choice never reaches the table."""
    names = turn.names if turn.situation != NO_GAME else []
    if not fits(error.verb, error.words, names):
        return talk
    if turn.situation == NO_GAME:  # a stranger has NEW, JOIN and HELP; anything else: hello
        return error if error.verb in ("new", "join", "help") else talk
    if usable(turn, error.verb):
        return error
    if typo_word(_first_word(text)) in EVERYDAY:
        return talk
    return _otherwise(turn, text, _typed(error))  # as that command typed exactly would be


def _typed(error: ParseError) -> Command:
    """The command a near miss whose rest fits it stands for ("NOMINAET bob": NOM bob)."""
    words = error.words
    if error.verb in ("discard", "enact"):
        return Command(error.verb, POLICY_WORDS[words[0].casefold()])
    if error.verb == "join" and len(words) == 2:
        return Command("join", words[0].upper(), name=words[1])
    return Command(error.verb, words[0] if words and "_" not in error.verb else None)


def _names_a_player(turn: Turn, command: Command) -> bool:
    """Whether a command that takes a player names one: a name, a seat or the unique start of a
    name ("NOM an": Ana); a bystander's "inv me" is talk."""
    if command.verb not in PLAYER_VERBS:
        return True
    ref = command.arg
    if ref is None:
        return False
    if command.verb == "kick" and is_watcher_name(ref):
        return True  # KICK Watcher2: the host removes a watcher, in a game too
    key = ref.strip("#@").casefold()
    if is_reference(ref, turn.names) or (len(key) > 1 and key in PEOPLE_WORDS):
        return is_reference(ref, turn.names)
    return isinstance(resolve_player(ref, turn.names), int)


def _first_word(text: str) -> str:
    words = plain(text).split()
    return letters(words[0]) if words else ""


def _looks_like_joining(error: ParseError) -> bool:
    """NEW or JOIN typed wrong by someone already at a table, in the command's shape ("NEW",
    "NEW <b>", "JOIN", "JOIN ZZ Bob"): not a question ("new game?") nor a sentence ("join vc",
    "join vc right now", "new year new me")."""
    if error.code == QUESTION:
        return False
    words = error.words
    if error.verb == "new":
        return len(words) <= 1
    return not words or len(words) == 2 or (len(words) == 1 and len(words[0]) == CODE_LEN)


def _new_elsewhere(turn: Turn, command: Command) -> bool:
    """Whether NEW <word> from someone at a table reads as opening another game: their own name,
    or a word no name could be ("NEW Bob" from Bob); "new game" is talk."""
    word = command.arg or ""
    return word.casefold() == turn.player.name.casefold() or not word.isalpha()


def _extra_choices(turn: Turn, verb: str, extra: tuple[str, ...]) -> tuple[str, ...]:
    """What a host's sentence asks for, when it says: "bots 3 pls" -> BOT 3, "kick bob pls"."""
    if verb == "kick":
        named = targets_named(Words(extra, False), verb, turn.names)
        return tuple(turn.names[s] for s in named) if len(named) == 1 else ()
    if verb != "bot":
        return ()
    counts = [w for w in extra if w.isdigit() or w.casefold() in BOT_COUNT_WORDS]
    if len(counts) != 1:
        return ()
    word = counts[0].casefold()
    return (str(int(word)) if word.isdigit() else str(BOT_COUNT_WORDS[word]),)


def _only_courtesy(turn: Turn, extra: tuple[str, ...]) -> bool:
    """Whether the words after a host's command are only courtesy, a count or a name ("bots 3
    pls", "start the game", "kick bob please")."""
    allowed = COURTESY | COMMAND_FILLER | set(BOT_COUNT_WORDS)
    names = {n.casefold() for n in turn.names}
    return all(w in allowed or w.isdigit() or w in names for w in words_of(" ".join(extra)).words)


def _affirmative(words: Words) -> bool:
    """A yes to an invitation, alone or with "im in" ("yeah im in", "sure", "count me in")."""
    if words.question or not words.words:
        return False
    votes = [vote_word(w) for w in words.words]
    if "nein" in votes or not ("ja" in votes or set(words.words) & YES_TO_PLAY):
        return False  # "lol", "ok": no yes in it
    return all(w in AFFIRMATIVE or vote == "ja" for w, vote in zip(words.words, votes, strict=True))


def _lone_yes_to_nobody(turn: Turn, words: Words) -> bool:
    """The host alone in a lobby answering yes: nobody reads talk, so it answers the service."""
    if not turn.player.is_host or any(
        not p.is_bot and p.id != turn.player.id for p in turn.players
    ):
        return False
    reading = vote_of(words)
    return reading is not None and reading.kind == COUNTED and reading.vote == "ja"
