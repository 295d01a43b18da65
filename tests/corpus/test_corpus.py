"""Real table talk never moves the game (issue 17): 1,300 chat lines of real online games
(`labels.tsv`, README.md beside it), labelled by hand for each situation, replayed through the
service's reading in a 7-player game. The lines are read from their source (`corpus_replay.texts`);
without it on the machine the test is skipped and says how to get it.

Fails on any talk or ambiguous line acted on (a counted vote is an act), and any clear command
missed; prints per situation the share of talk answered with "did you mean", as a command or as
a help question (target: under 1% each), the share of talk asked about (relayed too when the
sender may talk), and the share of questions about how to play that are answered (issue 25).
"""

from __future__ import annotations

import pytest
from corpus_replay import (
    ACTED,
    AMBIGUOUS,
    ASKED,
    BYSTANDER_PHASES,
    COMMAND,
    COMMAND_LABEL,
    DID_YOU_MEAN,
    HELP,
    HELP_LABEL,
    MISSING_SOURCE,
    SITUATIONS,
    TALK,
    TALK_LABEL,
    load,
    outcome,
    source,
    turn_for,
)

if source() is None:
    pytest.skip(MISSING_SOURCE, allow_module_level=True)
CORPUS = load()
TARGET = 0.01  # at most this share of talk answered: "did you mean", as a command, as help
HELP_TARGET = 0.60  # at least this share of the questions about how to play answered
REPLAYS = [(s, s, None) for s in SITUATIONS if s != "bystander"] + [
    ("bystander", name, changes) for name, changes in BYSTANDER_PHASES.items()
]


def test_the_corpus_is_big_enough_and_labelled_in_every_situation():
    assert len(CORPUS) >= 1000
    assert len({text for text, _ in CORPUS}) == len(CORPUS)
    for situation in SITUATIONS:
        assert any(labels.get(situation) == COMMAND_LABEL for _, labels in CORPUS), situation


@pytest.mark.parametrize("situation, name, changes", REPLAYS, ids=[name for _, name, _ in REPLAYS])
def test_real_talk_never_moves_the_game(situation, name, changes, record_property):
    turn = turn_for(situation, changes)
    wrong, counts, talk, helped, asked_for_help = [], {}, 0, 0, 0
    for text, labels in CORPUS:
        label = labels.get(situation, TALK_LABEL)
        seen, reading = outcome(turn, text)
        if label == TALK_LABEL:
            talk += 1
            counts[seen] = counts.get(seen, 0) + 1
            if seen == ACTED:
                wrong.append(f"talk acted on: {text!r} -> {reading}")
        elif label == HELP_LABEL:
            asked_for_help += 1
            helped += seen in (HELP, COMMAND)
            if seen == ACTED:
                wrong.append(f"help question acted on: {text!r} -> {reading}")
        elif label == AMBIGUOUS:
            if seen == ACTED:  # a reaction or a hedge is asked, never counted or made
                wrong.append(f"ambiguous line acted on: {text!r} -> {reading}")
        elif seen not in (ACTED, COMMAND):
            wrong.append(f"command missed: {text!r} -> {seen} {reading}")
    share = {kind: counts.get(kind, 0) / talk for kind in (DID_YOU_MEAN, COMMAND, ASKED, HELP)}
    answered = helped / asked_for_help
    record_property(
        "figures",
        f"corpus {name}: {talk} talk lines; did you mean {share[DID_YOU_MEAN]:.2%}, answered as"
        f" a command {share[COMMAND]:.2%}, as help {share[HELP]:.2%} (target < {TARGET:.0%}"
        f" each); asked {share[ASKED]:.2%}; relayed or refused as talk"
        f" {counts.get(TALK, 0) / talk:.2%}; help questions answered {helped} of"
        f" {asked_for_help} ({answered:.0%}, target >= {HELP_TARGET:.0%})",
    )
    assert not wrong, "\n".join(wrong)
    assert all(share[kind] < TARGET for kind in (DID_YOU_MEAN, COMMAND, HELP)), share
    assert answered >= HELP_TARGET, answered
