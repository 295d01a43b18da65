"""Picking the districts game in the lobby (issue 22): RULES DISTRICTS and RULES TIMER as words of
the parser, as a choice of issue 21's house rules, and what START deals from it (pure)."""

from __future__ import annotations

import pytest

from sh_sms import houserules
from sh_sms.gamekind import registry
from sh_sms.games.districts import params as districts_params
from sh_sms.games.districts.engine import new_game
from sh_sms.games.standard.engine import new_game as standard_game
from sh_sms.games.standard.engine.ruleset import Problem
from sh_sms.text.commands import Command, ParseError, parse
from sh_sms.text.words import CARRIER_HELP, CARRIER_OPT_IN, CARRIER_OPT_OUT


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("RULES DISTRICTS", Command("rules", "preset districts")),
        ("rules district", Command("rules", "preset districts")),
        ("RULES TIMER 5", Command("rules", "timer 5")),
        ("RULES TIMER", ParseError("bad_arg", verb="rules_timer")),
        ("RULES TIMER five", ParseError("bad_arg", verb="rules_timer")),
    ],
)
def test_the_words(text: str, expected) -> None:
    assert parse(text) == expected


def test_no_new_word_is_a_carrier_keyword() -> None:
    carrier = CARRIER_OPT_OUT | CARRIER_OPT_IN | CARRIER_HELP
    assert not {"DISTRICTS", "DISTRICT", "TIMER"} & carrier


def test_the_preset_and_its_timer() -> None:
    choice = houserules.change(houserules.Choice(), "preset districts")
    assert houserules.kind_of(choice).name == "districts"
    assert districts_params.table_rules(choice) == {}
    assert districts_params.timer_minutes(choice) == 10
    timed = houserules.change(choice, "timer 3")
    assert districts_params.table_rules(timed) == {"timer_seconds": 180}
    assert houserules.Choice.from_json(timed.to_json()) == timed
    assert houserules.check(timed, 3) == ([], [])
    assert houserules.change(choice, "timer 0") == Problem("timer", {"range": (1, 60), "value": 0})
    assert houserules.change(choice, "zone 4").code == "other_game"
    standard = houserules.change(timed, "preset standard")
    assert houserules.kind_of(standard).name == "standard" and standard.to_json() is None
    assert houserules.change(standard, "timer 3").code == "other_game"


def test_a_saved_state_says_which_engine_reads_it() -> None:
    # Games saved before `games.game` existed are told apart by this mark (migration 0014).
    districts, _ = new_game(["A", "B", "C", "D", "E"], 1, {"timer_seconds": 180})
    standard, _ = standard_game(["A", "B", "C", "D", "E"], 1)
    mark = '"variant":"districts"'
    assert mark in districts.to_json() and mark not in standard.to_json()
    assert registry.get("districts").load(districts.to_json()) == districts
    assert registry.get("standard").load(standard.to_json()) == standard
    assert districts.rules["timer_seconds"] == 180
