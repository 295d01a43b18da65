"""The words of the game: every command and alias, what replies teach, the carrier's keywords,
and the ordinary words that are never typos of a command (data only)."""

from __future__ import annotations

from .languages import chatty_words, current, languages, move_words, policy_words

# Each verb and the words that mean it (matched case-insensitively); players are taught the first.
# No game word is a carrier keyword unless it means there what the carrier means (SMS.md): the
# opt-out words all opt out, UNSTOP opts back in, HELP and INFO are help, and START is the game's
# only where the number has not opted out (the router decides). YES is a carrier opt-in word but
# stays a vote, because people type it; prompts teach JA and NEIN.
# Twilio's default keywords (and the US carriers'): what each means to the carrier.
CARRIER_OPT_OUT = frozenset(
    {"STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"}
)
CARRIER_OPT_IN = frozenset({"START", "UNSTOP", "YES"})
CARRIER_HELP = frozenset({"HELP", "INFO"})
SPELLINGS: dict[str, tuple[str, ...]] = {
    "new": ("NEW", "CREATE"),
    "join": ("JOIN",),
    "start": ("START",),
    "unstop": ("UNSTOP",),
    "leave": ("LEAVE",),
    "kick": ("KICK",),
    "bot": ("BOT", "BOTS"),  # the host adds computer players (sh_sms.botplay)
    "endgame": ("ENDGAME",),
    "rematch": ("REMATCH",),
    "nominate": ("NOM", "NOMINATE"),
    "ja": ("JA",),
    "yes": ("YES", "Y"),
    "nein": ("NEIN",),
    "no": ("NO",),
    "discard": ("DISCARD",),
    "enact": ("ENACT",),
    "veto": ("VETO",),
    "investigate": ("INVESTIGATE", "INV"),
    "elect": ("ELECT", "SPECIAL"),
    "execute": ("EXECUTE", "KILL", "SHOOT"),
    # House rules (sh_sms.houserules): the two extra powers, and the rules themselves.
    "show": ("SHOW",),  # reverse investigation: the President shows their party to a player
    "drop": ("DROP",),  # peek and drop: the President discards the top policy...
    "keep": ("KEEP",),  # ...or leaves it on top
    "rules": ("RULES",),  # the game's rules; the host changes them in the lobby
    "status": ("STATUS",),  # "?" alone is handled in parse: it is all punctuation
    "role": ("ROLE",),
    "hand": ("HAND",),
    "who": ("WHO", "PLAYERS"),
    "log": ("LOG", "HISTORY"),
    "help": ("HELP", "COMMANDS", "INFO"),
    "say": ("SAY",),
    "stats": ("STATS",),  # games and wins by side, from the stored games (issue 29)
    "watch": ("WATCH",),  # a number in no game follows a game's public news
    "stop": ("STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"),
    "set": ("SET",),  # the host's tools (sh_sms.host)
    "settings": ("SETTINGS",),
    "remind": ("REMIND",),
    "pause": ("PAUSE",),
    "resume": ("RESUME", "UNPAUSE"),
    "lang": ("LANG", "LANGUAGE"),  # the language the sender reads (LANG ES, IDIOMA EN...)
}
# Every word players may type first (case-folded) -> its verb: English, and every language's
# own words (templates/i18n/<code>/words.toml), which work for everyone.
ALIASES: dict[str, str] = {
    word.casefold(): verb for verb, words in SPELLINGS.items() for word in words
} | {
    word.casefold(): verb
    for language in languages().values()
    for verb, words in language.commands.items()
    for word in words
}
# "help", "help move", "help me please": a help request; a longer text that opens with HELP is talk.
HELP_WORDS = 3
# A command word of one language alone (NUEVO, UNIRSE...) -> that language's code.
LANGUAGE_OF: dict[str, str] = {
    word.casefold(): language.code
    for language in languages().values()
    for words in language.commands.values()
    for word in words
    if word.casefold() not in {w.casefold() for ws in SPELLINGS.values() for w in ws}
}
# The word players are taught for each verb (help texts, suggestions).
COMMAND_WORDS: dict[str, str] = {verb: words[0] for verb, words in SPELLINGS.items()} | {
    "endgame_yes": "ENDGAME YES",
    "veto_yes": "VETO YES",
    "veto_no": "VETO NO",
    "set_nudge": "SET NUDGE",
    "set_quiet": "SET QUIET",
    "set_tz": "SET TZ",
    "set_deadline": "SET DEADLINE",
    "set_botspeed": "SET BOTSPEED",
    "set_room": "SET ROOM",
    "set_watch": "SET WATCH",
    "set_lang": "SET LANG",
}

# The words of moves in a game (a game says when each is usable: `GameKind.usable`).
MOVE_VERBS = frozenset(
    {"nominate", "ja", "nein", "yes", "no", "discard", "enact", "veto", "veto_yes", "veto_no"}
    | {"investigate", "elect", "execute", "show", "drop", "keep"}
)

# YES and NO work as votes, but replies teach the game's words (YES is a carrier opt-in word).
TAUGHT = {"yes": "JA", "no": "NEIN"}


def taught(verb: str) -> str:
    """The word a reply suggests for `verb`, in the language being written."""
    language = languages().get(current())
    own = language.commands.get(verb) if language else None
    if own and verb not in TAUGHT:
        return own[0]
    return TAUGHT.get(verb, COMMAND_WORDS[verb])


HOST_VERBS = ("set", "settings", "remind", "pause", "resume")
NO_ARG_VERBS = frozenset(
    {"start", "unstop", "leave", "rematch", "ja", "nein", "yes", "no", "stop", "drop", "keep"}
    | {"status", "role", "hand", "who", "log"}
    | set(HOST_VERBS[1:])
)
# Commands that often open ordinary talk ("who is Hitler?"): with more words, they are talk.
# The carrier reads its keywords only as the whole text, so "stop it" is talk too.
CHATTY_VERBS = frozenset({"who", "log", "remind", "stop", "unstop"})
# "info is power", "dejar que decida Ana": an alias that is talk with more words.
CHATTY_WORDS = frozenset({"info"}) | chatty_words()
POLICY_VERBS = frozenset({"discard", "enact"})
POLICY_WORDS = {
    "l": "L",
    "lib": "L",
    "liberal": "L",
    "f": "F",
    "fas": "F",
    "fasc": "F",
    "fascist": "F",
} | policy_words()  # every language's: "liberal", "fascista"
# The second word of ENDGAME YES, VETO YES, VETO NO.
CONFIRM_WORDS = {
    "endgame": {"yes": "endgame_yes", "y": "endgame_yes"},
    "veto": {"yes": "veto_yes", "y": "veto_yes", "no": "veto_no"},
}
for _language in languages().values():  # TERMINAR SI, VETO SI
    for _yes in _language.confirm.get("yes", ()):
        CONFIRM_WORDS["endgame"][_yes.casefold()] = "endgame_yes"
        CONFIRM_WORDS["veto"][_yes.casefold()] = "veto_yes"

# A typo of SAY is talk anyway, so it is no near-miss target; nor is a host word (no secret in
# it, and close to many ordinary words: get, see, cause, behind, result), BOT among them (got,
# but, not, hot, boat, both), nor a carrier word (the carrier reads only the exact word; "end",
# "info" and "cancel" are everyday words), nor the words of house rules: RULES holds no secret,
# and SHOW, DROP and KEEP are made public as soon as they are made (how, snow, crop, deep, peek).
HOUSE_RULE_VERBS = ("rules", "show", "drop", "keep")
# STATS and WATCH hold no secret and are close to everyday words (match, catch, stars).
LOOKING_VERBS = ("stats", "watch")
NEAR_MISS_TARGETS = tuple(
    w
    for w in ALIASES
    if ALIASES[w]
    not in ("say", "stop", "unstop", "bot", *HOST_VERBS, *HOUSE_RULE_VERBS, *LOOKING_VERBS)
    and w != "info"
)
# A language's own command words are typo targets only for those who read it: an English
# sentence is never a near miss of a Spanish word ("matter" is no MATAR).
ENGLISH_TARGETS = tuple(w for w in NEAR_MISS_TARGETS if w not in LANGUAGE_OF)
TARGETS = {
    code: ENGLISH_TARGETS + tuple(w for w in NEAR_MISS_TARGETS if LANGUAGE_OF.get(w) == code)
    for code in languages()
}
# BOT <how many>: a digit or a word; BOT alone adds one.
COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
BOT_COUNT_WORDS = {word: n for n, word in enumerate(COUNT_WORDS, 1)}
MAX_BOTS_AT_ONCE = 9  # ten seats, at least one of them a person
# Commands that take a player or a policy: a lone typo of one ("nvm") is not a command typed.
NEEDS_ARG = frozenset(
    {"new", "join", "kick", "nominate", "investigate", "elect", "execute", "show"}
)
CODE_LEN = 4
CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"  # consonants only, so a random code never spells a word
CODE_LEN_MAX = 6  # codes grow a letter when the shorter ones are nearly all taken
ANAGRAM_MIN = 4  # "vtoe" is VETO typed in a hurry; shorter scrambles are too often words

# A move in plain words (text.sentences): the move's word or an everyday form of it, as runs of
# words (lower case, no apostrophes). Only the player the game waits on makes a move this way.
FORMS: dict[str, tuple[tuple[str, ...], ...]] = {
    "nominate": (
        *(("nom",), ("nominate",), ("nominating",), ("i", "nominate"), ("i", "nom")),
        *(("im", "nominating"), ("i", "pick"), ("im", "picking"), ("picking",), ("i", "choose")),
    ),
    "investigate": (
        *(("inv",), ("investigate",), ("investigating",), ("i", "investigate"), ("i", "inv")),
        *(("im", "investigating"), ("look", "at"), ("looking", "at"), ("im", "looking", "at")),
        *(("i", "look", "at"), ("checking",), ("im", "checking"), ("i", "check"), ("check",)),
    ),
    "elect": (
        *(("elect",), ("special", "election"), ("special", "elect"), ("special",), ("se",)),
        *(("electing",), ("i", "elect"), ("im", "electing"), ("i", "se"), ("i", "pick")),
        *(("im", "picking"), ("picking",), ("i", "choose")),
    ),
    "execute": (
        *(("execute",), ("kill",), ("shoot",), ("executing",), ("killing",), ("shooting",)),
        *(("i", "execute"), ("i", "kill"), ("i", "shoot"), ("im", "executing")),
        *(("im", "killing"), ("im", "shooting")),
    ),
    "discard": (
        *(("discard",), ("discarding",), ("i", "discard"), ("im", "discarding"), ("toss",)),
        *(("bury",), ("ditch",), ("drop",), ("dropping",), ("im", "dropping"), ("i", "drop")),
        *(("throw", "away"), ("throwing", "away"), ("get", "rid", "of"), ("trash",), ("bin",)),
    ),
    "enact": (
        *(("enact",), ("enacting",), ("i", "enact"), ("im", "enacting"), ("play",), ("keep",)),
        *(("playing",), ("im", "playing"), ("i", "play"), ("i", "keep"), ("pass",)),
        *(("passing",), ("i", "pass"), ("im", "passing")),
    ),
    "veto": (("veto",), ("vetoing",), ("i", "veto"), ("im", "vetoing")),
}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that speak of a move without making it: from the player the game waits on, a text with
# one of them (or a form above) is asked about, never made ("shoot 2 imo", "who should i inv").
MENTIONS: dict[str, frozenset[str]] = {
    "nominate": _words("nom noms nommed nominate nominating nominated nomination chancellor"),
    "investigate": _words(
        "inv invs invd invest investigate investigating investigated investigation"
    ),
    "elect": _words("elect electing special se seing sed"),
    "execute": _words("execute executing execution kill killing shoot shooting shot"),
    "discard": _words("discard discarding discarded throw trash"),
    "enact": _words("enact enacting enacted pass passing"),
    "veto": _words("veto vetoing vetoed"),
}
# Words allowed between a move's word and its target, besides courtesy ("nom cy for chancellor",
# "discard the F one", "veto it").
_SEAT = frozenset({"seat", "player"})
TARGET_FILLER: dict[str, frozenset[str]] = {
    "nominate": _SEAT | {"for", "as", "chancellor"},
    "investigate": _SEAT,
    "elect": _SEAT,
    "execute": _SEAT,
    "discard": frozenset({"the", "a", "an", "one", "card", "policy"}),
    "enact": frozenset({"the", "a", "an", "one", "card", "policy"}),
    "veto": frozenset({"it", "this", "that", "the", "hand", "please"}),
}
# Every language's words around a target ("nomino a Cy", "descarto la F"), for every move.
TARGET_FILLER = {verb: filler | move_words("filler") for verb, filler in TARGET_FILLER.items()}
# Policies in a sentence: the command's letters and words, and the colours online players use.
SENTENCE_POLICY_WORDS = POLICY_WORDS | {"red": "F", "r": "F", "blue": "L", "b": "L"}
