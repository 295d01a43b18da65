"""The words of the game: every command and alias, what replies teach, the carrier's keywords,
and the ordinary words that are never typos of a command (data only)."""

from __future__ import annotations

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
    "stop": ("STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"),
    "set": ("SET",),  # the host's tools (sh_sms.host)
    "settings": ("SETTINGS",),
    "remind": ("REMIND",),
    "pause": ("PAUSE",),
    "resume": ("RESUME", "UNPAUSE"),
}
# Every word players may type first (case-folded) -> its verb.
ALIASES: dict[str, str] = {
    word.casefold(): verb for verb, words in SPELLINGS.items() for word in words
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
}

# YES and NO work as votes, but replies teach the game's words (YES is a carrier opt-in word).
TAUGHT = {"yes": "JA", "no": "NEIN"}


def taught(verb: str) -> str:
    """The word a reply suggests for `verb`."""
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
CHATTY_WORDS = frozenset({"info"})  # "info is power": an alias that is talk with more words
POLICY_VERBS = frozenset({"discard", "enact"})
POLICY_WORDS = {
    "l": "L",
    "lib": "L",
    "liberal": "L",
    "f": "F",
    "fas": "F",
    "fasc": "F",
    "fascist": "F",
}
# The second word of ENDGAME YES, VETO YES, VETO NO.
CONFIRM_WORDS = {
    "endgame": {"yes": "endgame_yes", "y": "endgame_yes"},
    "veto": {"yes": "veto_yes", "y": "veto_yes", "no": "veto_no"},
}

# A typo of SAY is talk anyway, so it is no near-miss target; nor is a host word (no secret in
# it, and close to many ordinary words: get, see, cause, behind, result), BOT among them (got,
# but, not, hot, boat, both), nor a carrier word (the carrier reads only the exact word; "end",
# "info" and "cancel" are everyday words), nor the words of house rules: RULES holds no secret,
# and SHOW, DROP and KEEP are made public as soon as they are made (how, snow, crop, deep, peek).
HOUSE_RULE_VERBS = ("rules", "show", "drop", "keep")
NEAR_MISS_TARGETS = tuple(
    w
    for w in ALIASES
    if ALIASES[w] not in ("say", "stop", "unstop", "bot", *HOST_VERBS, *HOUSE_RULE_VERBS)
    and w != "info"
)
# BOT <how many>: a digit or a word; BOT alone adds one.
COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
BOT_COUNT_WORDS = {word: n for n, word in enumerate(COUNT_WORDS, 1)}
MAX_BOTS_AT_ONCE = 9  # ten seats, at least one of them a person
# Commands that take a player or a policy: a lone typo of one ("nvm") is not a command typed.
NEEDS_ARG = frozenset(
    {"new", "join", "kick", "nominate", "investigate", "elect", "execute", "show"}
)
# Ordinary words within typo distance of a command word: they start talk, not "did you mean".
TALK_WORDS = frozenset(
    """lol lot low long lag dog leg now not nor non mom why whom whoa whos and band land hard
    hang handy hands few knew news yet hell held helps will bill fill hill till skill rule roll
    hole rose roles exact short shout shook smart star stars stark stare select erect eject joint
    coin pick relate social discord excuse comments dominate states statue vote nine lore tarts
    hoots sooth parsley sparely replays""".split()  # noqa: SIM905 (a list is 75 lines)
)

CODE_LEN = 4
CODE_LEN_MAX = 6  # codes grow a letter when the shorter ones are nearly all taken
ANAGRAM_MIN = 4  # "vtoe" is VETO typed in a hurry; shorter scrambles are too often words
SHORT_WORD = 4  # a first word this short is a near miss only in a text of at most 2 words
SHORT_TEXT = 2
