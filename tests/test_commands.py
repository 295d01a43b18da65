"""Table tests for sh_sms.text.commands.parse: every command, alias and error code."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sh_sms.text.commands import Command, ParseError, parse
from sh_sms.text.everyday import NEVER_TYPOS
from sh_sms.text.phonetext import plain
from sh_sms.text.typos import anagram as _anagram
from sh_sms.text.typos import closest as _closest
from sh_sms.text.typos import distance
from sh_sms.text.words import (
    ALIASES,
    CHATTY_VERBS,
    COMMAND_WORDS,
    NEAR_MISS_TARGETS,
    NO_ARG_VERBS,
    POLICY_WORDS,
    taught,
)

C = Command


def cases(table):
    """Turn (text, expected) rows into pytest params whose id is the text itself."""
    return [pytest.param(text, expected, id=repr(text)) for text, expected in table]


# Every command and alias of SMS.md's table, in its plain form.
COMMANDS = [
    ("NEW Ana", C("new", "Ana")),
    ("CREATE Ana", C("new", "Ana")),
    ("JOIN ABCD Bob", C("join", "ABCD", name="Bob")),
    ("JOIN BCDFG Bob", C("join", "BCDFG", name="Bob")),  # a code grown a letter (store.games)
    ("START", C("start")),
    ("LEAVE", C("leave")),
    ("KICK bob", C("kick", "bob")),
    ("ENDGAME", C("endgame")),
    ("ENDGAME YES", C("endgame_yes")),
    ("REMATCH", C("rematch")),
    ("NOM bob", C("nominate", "bob")),
    ("NOMINATE bob", C("nominate", "bob")),
    ("JA", C("ja")),
    ("YES", C("yes")),
    ("Y", C("yes")),
    ("NEIN", C("nein")),
    ("NO", C("no")),
    ("DISCARD L", C("discard", "L")),
    ("DISCARD F", C("discard", "F")),
    ("ENACT L", C("enact", "L")),
    ("ENACT F", C("enact", "F")),
    ("VETO", C("veto")),
    ("VETO YES", C("veto_yes")),
    ("VETO NO", C("veto_no")),
    ("INVESTIGATE cy", C("investigate", "cy")),
    ("INV cy", C("investigate", "cy")),
    ("ELECT cy", C("elect", "cy")),
    ("SPECIAL cy", C("elect", "cy")),
    ("EXECUTE cy", C("execute", "cy")),
    ("KILL cy", C("execute", "cy")),
    ("SHOOT cy", C("execute", "cy")),
    ("STATUS", C("status")),
    ("?", C("status")),
    ("ROLE", C("role")),
    ("HAND", C("hand")),
    ("WHO", C("who")),
    ("PLAYERS", C("who")),
    ("LOG", C("log")),
    ("HISTORY", C("log")),
    ("HELP", C("help")),
    ("COMMANDS", C("help")),
    ("INFO", C("help")),
    ("HELP NOM", C("help", "nominate")),
    ("SAY hello all", C("say", "hello all")),
    ("STOP", C("stop")),
    ("STOPALL", C("stop")),
    ("UNSUBSCRIBE", C("stop")),
    ("CANCEL", C("stop")),
    ("QUIT", C("stop")),
    ("END", C("stop")),
    ("REVOKE", C("stop")),
    ("OPTOUT", C("stop")),
    ("UNSTOP", C("unstop")),
]


KEYWORDS = set(ALIASES) | set(POLICY_WORDS)


@pytest.mark.parametrize("text, expected", cases(COMMANDS))
def test_every_command_and_alias(text, expected):
    assert parse(text) == expected


@pytest.mark.parametrize("text, expected", cases(COMMANDS))
def test_commands_are_case_insensitive(text, expected):
    for change in (str.lower, str.title, str.swapcase):
        words = [change(w) if w.lower() in KEYWORDS else w for w in text.split()]
        assert parse(" ".join(words)) == expected


VARIANTS = [
    ("ja!", C("ja")),
    ("Ja.", C("ja")),
    ("  JA  ", C("ja")),
    ("nein!!!", C("nein")),
    ("ja !", C("ja")),
    ("ja\u200b", C("ja")),
    (" Nom bob. ", C("nominate", "bob")),
    ("nom   bob", C("nominate", "bob")),
    ("nom\tbob", C("nominate", "bob")),
    ("NoM BoB!", C("nominate", "BoB")),
    ("nom #3", C("nominate", "#3")),
    ("nom @bob", C("nominate", "@bob")),
    ("kill 3.", C("execute", "3")),
    ("status?", C("status")),
    (" ? ", C("status")),
    ("who?", C("who")),
    ("help?", C("help")),
    ("endgame yes!", C("endgame_yes")),
    ("EndGame  Yes", C("endgame_yes")),
    ("endgame y", C("endgame_yes")),
    ("ja \U0001f44d", C("ja")),
    ("Nein!! \U0001f44e\U0001f3fd", C("nein")),
    ("(discard f", C("discard", "F")),
    ('nom "Cy"', C("nominate", "Cy")),
    ("nom \u201cCy\u201d", C("nominate", "Cy")),
    ("\uff4e\uff4f\uff4d \uff43\uff59", C("nominate", "cy")),
    ("nom\u00a0cy", C("nominate", "cy")),
    ("veto yes.", C("veto_yes")),
    ("veto y", C("veto_yes")),
    ("Veto No!", C("veto_no")),
    ("no.", C("no")),
    ("stop.", C("stop")),
    ("Start!", C("start")),
]


@pytest.mark.parametrize("text, expected", cases(VARIANTS))
def test_case_spacing_and_trailing_punctuation(text, expected):
    assert parse(text) == expected


POLICY_ARGS = sorted(
    {
        (word, letter)
        for spelling, letter in POLICY_WORDS.items()
        for word in (spelling, spelling.upper(), spelling.title())
    }
)


@pytest.mark.parametrize("verb", ["discard", "enact"])
@pytest.mark.parametrize("word, letter", POLICY_ARGS, ids=[w for w, _ in POLICY_ARGS])
def test_policy_words(verb, word, letter):
    assert parse(f"{verb} {word}") == C(verb, letter)
    assert parse(f"{verb.upper()} {word}.") == C(verb, letter)


NAMES_AND_CODES = [
    ("new ana", C("new", "ana")),
    ("NEW AnA", C("new", "AnA")),
    ("new x", C("new", "x")),
    ("new Bob2", C("new", "Bob2")),
    ("new 123456789012", C("new", "123456789012")),
    ("new Ana!", C("new", "Ana")),
    ("join abcd ana", C("join", "ABCD", name="ana")),
    ("Join AbCd  Ana.", C("join", "ABCD", name="Ana")),
    ("join abcd, ana", C("join", "ABCD", name="ana")),
]


@pytest.mark.parametrize("text, expected", cases(NAMES_AND_CODES))
def test_names_kept_as_typed_and_codes_upper_case(text, expected):
    assert parse(text) == expected


E = ParseError
ERRORS = [
    # empty
    ("", E("empty")),
    ("   ", E("empty")),
    ("\n\t", E("empty")),
    ("\x00", E("empty")),
    ("\u200b", E("empty")),
    # missing_arg
    ("NOM", E("missing_arg", verb="nominate")),
    ("nom.", E("missing_arg", verb="nominate")),
    ("KICK", E("missing_arg", verb="kick")),
    ("INV", E("missing_arg", verb="investigate")),
    ("ELECT", E("missing_arg", verb="elect")),
    ("SHOOT", E("missing_arg", verb="execute")),
    ("DISCARD", E("missing_arg", verb="discard")),
    ("ENACT!", E("missing_arg", verb="enact")),
    ("NEW", E("missing_arg", verb="new")),
    ("JOIN", E("missing_arg", verb="join")),
    ("JOIN ABCD", E("missing_arg", verb="join")),
    ("SAY", E("missing_arg", verb="say")),
    ("say  ", E("missing_arg", verb="say")),
    ("say!!!", E("missing_arg", verb="say")),
    ("say ...", E("missing_arg", verb="say")),
    ("say ?", E("missing_arg", verb="say")),
    # bad_arg
    ("DISCARD X", E("bad_arg", verb="discard")),
    ("enact lf", E("bad_arg", verb="enact")),
    ("discard liberals", E("bad_arg", verb="discard")),
    ("JOIN AB", E("bad_arg", verb="join")),
    ("JOIN ABCDEFG Ana", E("bad_arg", verb="join")),  # codes have 4 letters, 5 or 6 once full
    ("JOIN AB12 Ana", E("bad_arg", verb="join")),
    ("JOIN ÀBCD Ana", E("bad_arg", verb="join")),
    ("JOIN ABCD Ana Smith", E("bad_arg", verb="join")),
    ("JOIN ABCD O'Neil", E("bad_arg", verb="join")),
    ("NEW Ana Smith", E("bad_arg", verb="new")),
    ("NEW 1234567890123", E("bad_arg", verb="new")),
    ("NEW Zoë", E("bad_arg", verb="new")),
    ("NEW ana_b", E("bad_arg", verb="new")),
    # extra_words
    ("yes I agree", E("extra_words", "JA", "yes")),
    ("ja, I agree", E("extra_words", "JA", "ja")),
    ("no way", E("extra_words", "NEIN", "no")),
    ("nein nein nein", E("extra_words", "NEIN", "nein")),
    ("y not", E("extra_words", "JA", "yes")),
    ("veto it", E("extra_words", "VETO", "veto")),
    ("veto yes please", E("extra_words", "VETO YES", "veto_yes")),
    ("endgame it now", E("extra_words", "ENDGAME", "endgame")),
    ("endgame yes now", E("extra_words", "ENDGAME YES", "endgame_yes")),
    ("status please", E("extra_words", "STATUS", "status")),
    ("start the game", E("extra_words", "START", "start")),
    ("role please", E("extra_words", "ROLE", "role")),
    ("who is hitler", C("say", "who is hitler")),
    ("log off Bob", C("say", "log off Bob")),
    ("nom bob cy", E("extra_words", "NOM", "nominate")),
    ("kill bob now", E("extra_words", "EXECUTE", "execute")),
    ("discard F please", E("extra_words", "DISCARD", "discard")),
    ("enact l f", E("extra_words", "ENACT", "enact")),
]


@pytest.mark.parametrize("text, expected", cases(ERRORS))
def test_parse_errors(text, expected):
    assert parse(text) == expected


NEAR_MISSES = [
    ("DISCRAD F", "DISCARD", "discard"),
    ("NOMINAET bob", "NOM", "nominate"),
    ("NIEN", "NEIN", "nein"),
    ("JAA", "JA", "ja"),
    ("ENACR L", "ENACT", "enact"),
    ("EXECUTR bob", "EXECUTE", "execute"),
    ("INVESTIGTE cy", "INVESTIGATE", "investigate"),
    ("VETOO", "VETO", "veto"),
    ("NOMM bob", "NOM", "nominate"),
    ("nien.", "NEIN", "nein"),
    ("yse", "JA", "yes"),  # a reply teaches the game's words, not the carrier's YES
    ("dicsard f", "DISCARD", "discard"),
    ("discrd l", "DISCARD", "discard"),
    ("descard fascist", "DISCARD", "discard"),
    ("enacr lib", "ENACT", "enact"),
    ("exicute bob", "EXECUTE", "execute"),
    ("KILLL bob", "EXECUTE", "execute"),
    ("stauts", "STATUS", "status"),
    ("hepl", "HELP", "help"),
    ("nom3", "NOM", "nominate"),
    ("discard-f", "DISCARD", "discard"),
    ("jion ABCD Cy", "JOIN", "join"),
    ("invstgate bob", "INVESTIGATE", "investigate"),
    ("veto yse", "VETO YES", "veto_yes"),
    ("endgame yse", "ENDGAME YES", "endgame_yes"),
    ("veto noo", "VETO NO", "veto_no"),
    ("VTOE", "VETO", "veto"),
    ("dsicard f", "DISCARD", "discard"),
]


@pytest.mark.parametrize(
    "text, word, verb", [pytest.param(*row, id=repr(row[0])) for row in NEAR_MISSES]
)
def test_near_misses_are_never_relayed(text, word, verb):
    assert parse(text) == ParseError("near_miss", word, verb)


TALK = [
    "hello everyone",
    "I think Bob is Hitler",
    "now what do we do",
    "lol",
    "Bob lied",
    "Hello everyone!",
    "  trust   me  ",
    "who's hitler?",
    "why",
    "not me",
    "hell no",
    "will do",
    "quite sure it was Cy",
    "exact same hand as before",
    "killed the wrong one",
    "vetoed again?!",
    "... so who",
    "-- ja",
    "ok",
    "hmm",
    "\U0001f44d",
    "\U0001f602\U0001f602",
    "Éric ment",
    "nvm",
    "end of story",
    "stop it bob",
    "info is power",
    "vote ja everyone",
    "nine lives",
    "discarded F and passed the rest",
    "yess",
    "yep",
    "noo",
    "...",
    "!?!",
    "-",
    ":(",
    "??",
    "stop?",
    "stop it",
    "help me",
    "help me please",
    "help xyzzy",
    "I'll",
    "hes lying",
    "tho",
    "welp",
    "Nick",
    "pog",
    "played",
]


@pytest.mark.parametrize("text", [pytest.param(t, id=repr(t)) for t in TALK])
def test_other_text_is_talk(text):
    assert parse(text) == Command("say", text.strip())


SAY = [
    ("SAY hi all", "hi all"),
    ("say   Bob  is  Hitler!  ", "Bob  is  Hitler!"),
    ("Say, what now?", "what now?"),
    ("say ja", "ja"),
    ("say DISCARD F", "DISCARD F"),
]


@pytest.mark.parametrize("text, talk", cases(SAY))
def test_say_keeps_case_and_inner_spacing(text, talk):
    assert parse(text) == Command("say", talk)


@pytest.mark.parametrize(
    "text, names",
    [
        pytest.param("Jay lied", ["Ana", "Jay"], id="name-like-ja"),
        pytest.param("Jion lied", ["Jion"], id="name-like-join"),
        pytest.param("Rolf?", ["ROLF"], id="name-like-role"),
    ],
)
def test_player_names_are_never_near_misses(text, names):
    assert parse(text).code == "near_miss"
    assert parse(text, names=names) == Command("say", text.strip())


@pytest.mark.parametrize(
    "text, verb",
    [
        pytest.param("help nominate", "nominate", id="full-word"),
        pytest.param("HELP kill", "execute", id="alias"),
        pytest.param("help veto yes", "veto", id="two-word-command"),
        pytest.param("help yes", "yes", id="yes"),
        pytest.param("commands discard", "discard", id="commands-alias"),
        pytest.param("help?", None, id="help-asked"),
    ],
)
def test_help_topic(text, verb):
    assert parse(text) == Command("help", verb)


@pytest.mark.parametrize("word", sorted(NEVER_TYPOS))
def test_talk_words_would_otherwise_be_near_misses(word):
    # The list of words that are never typos holds only words the typo rules would take.
    assert _closest(word, NEAR_MISS_TARGETS) is not None or _anagram(word) is not None
    assert parse(word) == Command("say", word)


QUESTIONS = [
    ("y?", "yes"),
    ("ja?", "ja"),
    ("inv 1?", "investigate"),
    ("nom bob ?", "nominate"),
    ("rematch?", "rematch"),
    ("start?", "start"),
    ("new game?", "new"),
    ("no/", "no"),  # "/" is "?" without shift
    ("kill cy?!", "execute"),
]


@pytest.mark.parametrize("text, verb", cases(QUESTIONS))
def test_a_move_ending_in_a_question_mark_is_a_question(text, verb):
    result = parse(text)
    assert isinstance(result, ParseError) and result.code == "question", result
    assert result.verb == verb


@pytest.mark.parametrize(
    "a, b, d",
    [
        ("", "", 0),
        ("nom", "nom", 0),
        ("", "abc", 3),
        ("nom", "nomm", 1),
        ("nein", "nien", 1),
        ("discard", "discrad", 1),
        ("ja", "aj", 1),
        ("ca", "abc", 3),
        ("kitten", "sitting", 3),
    ],
    ids=lambda v: repr(v) if isinstance(v, str) else None,
)
def test_distance(a, b, d):
    assert distance(a, b) == d == distance(b, a)


@pytest.mark.parametrize("verb, word", sorted(COMMAND_WORDS.items()))
def test_every_command_word_parses_to_its_verb(verb, word):
    result = parse(word)
    assert result.verb == verb
    assert ALIASES[word.split()[0].lower()] == verb.split("_")[0]


WORDS = [*sorted(ALIASES), "endgame yes", "veto yes", "veto no", "?"]
texts = st.one_of(
    st.text(max_size=2000),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=50),
    st.builds(
        lambda w, sep, t: w + sep + t,
        st.sampled_from(WORDS),
        st.sampled_from(["", " ", "  ", "\t", "!", ". "]),
        st.text(max_size=40),
    ),
)


@settings(max_examples=500, deadline=None)
@given(texts)
def test_parse_never_raises(text):
    result = parse(text)
    assert isinstance(result, (Command, ParseError))
    if isinstance(result, Command):
        assert result.verb in COMMAND_WORDS
    else:
        assert result.code in {
            *("empty", "near_miss", "missing_arg", "bad_arg", "extra_words", "question")
        }
        assert result.suggestion is None or result.suggestion in COMMAND_WORDS.values()


@settings(max_examples=500, deadline=None)
@given(texts)
def test_talk_is_the_original_text_stripped(text):
    result = parse(text)
    typed = plain(text).strip()  # as a parser reads it: plain punctuation, no full-width forms
    if isinstance(result, Command) and result.verb == "say":
        assert result.arg and result.arg == result.arg.strip()
        assert typed.endswith(result.arg)
        if not typed.casefold().startswith("say"):
            assert result.arg == typed


@given(
    st.sampled_from(sorted(NO_ARG_VERBS - CHATTY_VERBS)), st.text(alphabet="abcxyz ", min_size=1)
)
def test_no_arg_command_with_more_words_is_never_a_command_or_talk(verb, more):
    word = COMMAND_WORDS[verb]
    result = parse(f"{word} {more}")
    if more.strip():
        assert result == ParseError("extra_words", taught(verb), verb)
    else:
        assert result == Command(verb)


# The host's tools (sh_sms.host): settings are read into a canonical value by the parser.
HOST_COMMANDS = [
    ("SETTINGS", C("settings")),
    ("REMIND", C("remind")),
    ("PAUSE", C("pause")),
    ("RESUME", C("resume")),
    ("UNPAUSE", C("resume")),
    ("SET NUDGE 30", C("set_nudge", "30")),
    ("set nudge 30 min", C("set_nudge", "30")),
    ("SET REMINDERS 45m", C("set_nudge", "45")),
    ("SET NUDGE OFF", C("set_nudge", "off")),
    ("SET QUIET 21-8", C("set_quiet", "21-8")),
    ("set quiet 9pm - 8am", C("set_quiet", "21-8")),
    ("SET QUIET 22:30-7:15", C("set_quiet", "22:30-7:15")),
    ("SET QUIET OFF", C("set_quiet", "off")),
    ("SET TZ America/Chicago", C("set_tz", "America/Chicago")),
    ("set tz europe/paris", C("set_tz", "Europe/Paris")),
    ("SET TIMEZONE America/New York", C("set_tz", "America/New_York")),
    ("SET DEADLINE 12", C("set_deadline", "12")),
    ("SET DEADLINE 2 hours", C("set_deadline", "2")),
    ("SET DEADLINE OFF", C("set_deadline", "off")),
    ("Pause!", C("pause")),
    ("settings?", C("settings")),
    ("set deadline off.", C("set_deadline", "off")),
    ("SET BOTSPEED 5", C("set_botspeed", "5")),
    ("set botspeed 0", C("set_botspeed", "0")),
    ("SET BOTSPEED 2 min", C("set_botspeed", "120")),
    ("set botspeed 10s", C("set_botspeed", "10")),
    ("SET BOT SPEED 3", C("set_botspeed", "3")),
    ("set botpause 8 seconds", C("set_botspeed", "8")),
]


@pytest.mark.parametrize("text, expected", cases(HOST_COMMANDS))
def test_host_commands(text, expected):
    assert parse(text) == expected
    assert parse(text.swapcase()).verb == expected.verb


HOST_ERRORS = [
    ("SET", E("missing_arg", verb="set")),
    ("SET NUDGE", E("missing_arg", verb="set_nudge")),
    ("SET QUIET", E("missing_arg", verb="set_quiet")),
    ("SET TZ", E("missing_arg", verb="set_tz")),
    ("SET DEADLINE", E("missing_arg", verb="set_deadline")),
    ("SET NUDGE 0", E("bad_arg", verb="set_nudge")),
    ("SET NUDGE 1441", E("bad_arg", verb="set_nudge")),
    ("SET NUDGE soon", E("bad_arg", verb="set_nudge")),
    ("SET QUIET 21-21", E("bad_arg", verb="set_quiet")),
    ("SET QUIET 25-8", E("bad_arg", verb="set_quiet")),
    ("SET TZ Mars/Olympus", E("bad_arg", verb="set_tz")),
    ("SET DEADLINE 169", E("bad_arg", verb="set_deadline")),
    ("SET DEADLINE 2 days", E("bad_arg", verb="set_deadline")),
    ("SET QUEIT 21-8", E("near_miss", "SET QUIET", "set_quiet")),
    ("set deadlin 3", E("near_miss", "SET DEADLINE", "set_deadline")),
    ("SET BOTSPEED", E("missing_arg", verb="set_botspeed")),
    ("SET BOTSPEED 601", E("bad_arg", verb="set_botspeed")),
    ("SET BOTSPEED 11 min", E("bad_arg", verb="set_botspeed")),
    ("SET BOTSPEED fast", E("bad_arg", verb="set_botspeed")),
    ("SET BOTSPEED OFF", E("bad_arg", verb="set_botspeed")),
    ("settings please", E("extra_words", "SETTINGS", "settings")),
    ("pause the game", E("extra_words", "PAUSE", "pause")),
    ("resume now", E("extra_words", "RESUME", "resume")),
]


@pytest.mark.parametrize("text, expected", cases(HOST_ERRORS))
def test_host_command_errors(text, expected):
    assert parse(text) == expected


# Host words hide no secret, so ordinary words near them stay talk rather than "did you mean".
HOST_TALK = [
    "set up by Bob",
    "set it aside",
    "remind me who is president",
    "get lost",
    "see you",
    "sit down",
    "cause I said so",
    "behind you",
    "result?",
    "assume nothing",
    "remain calm",
    "paused?? why",
]


@pytest.mark.parametrize("text", [pytest.param(t, id=repr(t)) for t in HOST_TALK])
def test_talk_near_host_words_is_talk(text):
    assert parse(text) == Command("say", text.strip())


# BOT [n]: the host adds computer players in the lobby.
BOT_COMMANDS = [
    ("BOT", C("bot")),
    ("bots", C("bot")),
    ("Bot!", C("bot")),
    ("BOT 2", C("bot", "2")),
    ("bots 9", C("bot", "9")),
    ("BOT three", C("bot", "3")),
]


@pytest.mark.parametrize("text, expected", cases(BOT_COMMANDS))
def test_bot_commands(text, expected):
    assert parse(text) == expected
    assert parse(text.swapcase()) == expected


@pytest.mark.parametrize(
    "text, expected",
    cases(
        [
            ("BOT 0", E("bad_arg", verb="bot")),
            ("BOT 10", E("bad_arg", verb="bot")),
            ("BOT 2 please", E("extra_words", "BOT", "bot")),
            ("bot is lying", E("extra_words", "BOT", "bot")),  # a sentence: talk unless the host
        ]
    ),
)
def test_bot_errors(text, expected):
    assert parse(text) == expected


# Everyday words one typo from BOT: BOT is a host word, so they stay talk.
@pytest.mark.parametrize("text", ["got it", "but why", "not me", "hot", "boat", "both of them"])
def test_talk_near_bot_is_talk(text):
    assert parse(text) == Command("say", text)
