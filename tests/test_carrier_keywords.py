"""No game word is a carrier keyword unless it means there what it means to the carrier (SMS.md,
issue 8): the command table held against Twilio's default opt-out, opt-in and help words."""

from __future__ import annotations

import pytest

from sh_sms.text.commands import Command, ParseError, parse
from sh_sms.text.words import (
    CARRIER_HELP,
    CARRIER_OPT_IN,
    CARRIER_OPT_OUT,
    COMMAND_WORDS,
    SPELLINGS,
    taught,
)

CARRIER = CARRIER_OPT_OUT | CARRIER_OPT_IN | CARRIER_HELP
# START is the game's command only from a number that has not opted out (the router decides),
# and YES stays a vote because people type it: prompts teach JA and NEIN.
MEANS_OPT_IN = {"START": "start", "UNSTOP": "unstop", "YES": "yes"}


def test_the_lists_are_twilios_defaults():
    assert {"STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"} <= CARRIER_OPT_OUT
    assert {"REVOKE", "OPTOUT"} <= CARRIER_OPT_OUT
    assert {"START", "UNSTOP", "YES"} == CARRIER_OPT_IN
    assert {"HELP", "INFO"} == CARRIER_HELP


@pytest.mark.parametrize("word", sorted(CARRIER_OPT_OUT))
def test_every_opt_out_word_opts_out(word):
    assert parse(word) == Command("stop")
    assert parse(word.lower()) == Command("stop")


@pytest.mark.parametrize("word", sorted(CARRIER_HELP))
def test_every_help_word_is_help(word):
    assert parse(word) == Command("help")


@pytest.mark.parametrize("word", sorted(CARRIER_OPT_IN))
def test_opt_in_words_mean_opting_in_or_are_the_documented_exceptions(word):
    assert parse(word) == Command(MEANS_OPT_IN[word])


@pytest.mark.parametrize(
    "verb, spelling",
    [(verb, word) for verb, words in SPELLINGS.items() for word in words],
)
def test_no_other_command_word_is_a_carrier_keyword(verb, spelling):
    if spelling in CARRIER:
        expected = "stop" if spelling in CARRIER_OPT_OUT else "help"
        if spelling in CARRIER_OPT_IN:
            expected = MEANS_OPT_IN[spelling]
        assert verb == expected, f"{spelling} means {verb} here but not to the carrier"


def test_the_hosts_end_of_game_is_endgame_and_what_players_are_taught_is_no_keyword():
    assert COMMAND_WORDS["endgame"] == "ENDGAME"
    assert parse("ENDGAME YES") == Command("endgame_yes")
    game_words = {
        taught(verb).split()[0] for verb in COMMAND_WORDS if verb not in ("stop", "unstop")
    }
    assert game_words & (CARRIER_OPT_OUT | CARRIER_OPT_IN) == {"START"}
    assert game_words & CARRIER_HELP == {"HELP"}
    assert parse("yse") == ParseError("near_miss", "JA", "yes")  # a typo is taught JA
