"""RULES read from a text, and the lobby's choice of house rules (sh_sms.houserules), table-tested.

The parser reads only the shape of a change; the choice checks its values, keeps a preset's name
plus the knobs set on top, and resolves them for the table size at START.
"""

from __future__ import annotations

import dataclasses

import pytest

from sh_sms import houserules
from sh_sms.games.standard.engine.ruleset import CUSTOM, Problem, rebalanced, standard
from sh_sms.text.commands import Command, ParseError, parse
from sh_sms.text.gsm import segments
from sh_sms.text.messages import render


@pytest.mark.parametrize(
    ("text", "arg"),
    [
        ("RULES", None),
        ("rules.", None),
        ("RULES REBALANCED", "preset rebalanced"),
        ("rules standard!", "preset standard"),
        ("RULES POWER 1 KILL", "power 1 execution"),
        ("rules slot f3 peek", "power 3 peek"),
        ("RULES POWER 2 NONE", "power 2 none"),
        ("RULES POWERS - - PEEK KILL KILL", "powers none none peek execution execution"),
        (
            "RULES POWERS inv show elect drop shoot",
            "powers investigate reverse_investigation special_election peek_and_drop execution",
        ),
        ("RULES ZONE 4", "zone 4"),
        ("RULES VETO 3", "veto 3"),
        ("RULES DECK 6 10", "deck 6 10"),
        ("RULES DECK 6L 10F", "deck 6 10"),
        ("RULES TRACK 0 1", "track 0 1"),
        ("RULES BOARD 1 2", "track 1 2"),
        ("RULES FASCISTS 3", "fascists 3"),
        ("RULES KNOWS ON", "knows on"),
        ("rules knows no", "knows off"),
    ],
)
def test_rules_and_its_knobs_parse_to_one_canonical_command(text, arg):
    assert parse(text) == Command("rules", arg)


@pytest.mark.parametrize(
    ("text", "usage"),
    [
        ("RULES ZONE", "rules_zone"),
        ("RULES ZONE four", "rules_zone"),
        ("RULES DECK 6", "rules_deck"),
        ("RULES POWER 1", "rules_power"),
        ("RULES POWER one kill", "rules_power"),
        ("RULES POWERS KILL KILL", "rules_powers"),
        ("RULES POWER 1 FLY", "rules_power"),
        ("RULES KNOWS maybe", "rules_knows"),
        ("RULES ZOEN 4", "rules"),  # a near miss of a knob: the usage of RULES
        ("RULES REBALANCED please", "rules"),
    ],
)
def test_a_change_of_the_wrong_shape_gets_its_usage(text, usage):
    assert parse(text) == ParseError("bad_arg", verb=usage)


@pytest.mark.parametrize("text", ["rules are rules", "Rules lol", "rules suck tbh"])
def test_rules_before_words_that_name_no_knob_is_table_talk(text):
    assert parse(text) == Command("say", text)


def test_the_new_move_words_are_moves_and_no_typo_target():
    assert parse("SHOW bob") == Command("show", "bob")
    assert parse("DROP") == Command("drop") and parse("keep") == Command("keep")
    for talk in ("how so", "snow day", "deep", "crop"):  # near SHOW/KEEP/DROP: still talk
        assert parse(talk) == Command("say", talk)


# --- the choice --------------------------------------------------------------------------------


def change(choice: houserules.Choice, arg: str) -> houserules.Choice:
    changed = houserules.change(choice, arg)
    assert isinstance(changed, houserules.Choice), changed
    return changed


def test_a_preset_resolves_for_the_table_size_at_start():
    choice = houserules.preset("rebalanced")
    for players in range(5, 11):
        assert houserules.resolve(choice, players) == rebalanced(players)
    assert houserules.resolve(houserules.Choice(), 7) == standard(7)


def test_knobs_set_on_a_preset_keep_their_values_whatever_the_size():
    choice = houserules.preset("rebalanced")
    for arg in ("power 1 execution", "zone 4", "deck 6 10", "knows on", "power 5 none"):
        choice = change(choice, arg)
    for players in (6, 9):
        rules = houserules.resolve(choice, players)
        assert rules.name == CUSTOM
        assert rules.powers[0] == "execution" and rules.powers[4] is None
        assert rules.powers[1:4] == standard(players).powers[1:4]
        assert (rules.hitler_zone, rules.fascist_policies, rules.hitler_knows) == (4, 10, True)
    assert houserules.resolve(choice, 6).fascist_start == 1  # the preset's own change stays


def test_a_preset_starts_again_from_its_own_values():
    choice = change(houserules.Choice(), "zone 2")
    assert change(choice, "preset standard") == houserules.Choice()


def test_the_choice_survives_storage_and_standard_is_stored_as_nothing():
    choice = change(
        change(
            houserules.preset("rebalanced"), "powers none investigate peek execution peek_and_drop"
        ),
        "track 1 0",
    )
    assert houserules.Choice.from_json(choice.to_json()) == choice
    assert houserules.Choice().to_json() is None
    assert houserules.Choice.from_json(None) == houserules.Choice()
    assert houserules.Choice.from_json("{not json") == houserules.Choice()


@pytest.mark.parametrize(
    ("arg", "code"),
    [
        ("zone 6", "hitler_zone"),
        ("veto 0", "veto_zone"),
        ("deck 9 11", "liberal_deck"),
        ("deck 6 20", "fascist_deck"),
        ("track 5 0", "liberal_start"),
        ("fascists 5", "fascists"),
        ("power 6 execution", "slot"),
    ],
)
def test_a_value_out_of_its_range_is_a_problem_with_the_range(arg, code):
    problem = houserules.change(houserules.Choice(), arg)
    assert isinstance(problem, Problem) and problem.code == code
    assert "range" in problem.detail


def test_problems_of_the_table_size_are_told_apart_from_the_rest():
    too_many = change(houserules.Choice(), "fascists 3")
    refused, later = houserules.check(too_many, 6)
    assert refused == [] and [p.code for p in later] == ["fascists"]
    assert houserules.check(too_many, 8) == ([], [])
    small = change(houserules.Choice(), "deck 5 7")
    refused, later = houserules.check(small, 7)
    assert [p.code for p in refused] == ["small_deck"]


@pytest.mark.parametrize("players", range(5, 11))
def test_rules_fits_one_segment_for_every_preset_and_the_longest_house_rules(players):
    longest = dataclasses.replace(
        standard(players),
        name="rebalanced",
        fascists=4,
        powers=("special_election",) * 5,
        liberal_policies=8,
        fascist_policies=19,
        liberal_start=4,
        fascist_start=4,
    )
    for rules in (standard(players), rebalanced(players), longest):
        text = render("rules/show", rules=rules, players=players, lobby=True)
        assert segments(text) == 1, text
