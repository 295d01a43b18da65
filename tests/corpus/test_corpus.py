"""Real table talk never moves the game (issue 17): 1,300 chat lines of real online games
(`labels.tsv`, README.md beside it), labelled by hand for each situation, replayed through the
service's reading in a 7-player game. The lines are read from their source (`corpus_replay.texts`);
without it on the machine the test is skipped and says how to get it.

Fails on any talk acted on, any ambiguous line making a move that cannot be undone, and any
clear command missed; prints per situation the share of talk answered with "did you mean" or as
a command (target: under 1% each) and the share of talk asked about (relayed too when the sender
may talk).
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
    IRREVERSIBLE,
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
TARGET = 0.01  # at most this share of talk answered with "did you mean" or as a command
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
    wrong, counts, talk = [], {}, 0
    for text, labels in CORPUS:
        label = labels.get(situation, TALK_LABEL)
        seen, reading = outcome(turn, text)
        if label == TALK_LABEL:
            talk += 1
            counts[seen] = counts.get(seen, 0) + 1
            if seen == ACTED:
                wrong.append(f"talk acted on: {text!r} -> {reading}")
        elif label == AMBIGUOUS:
            if seen == ACTED and getattr(reading, "verb", None) in IRREVERSIBLE:
                wrong.append(f"ambiguous line made a move: {text!r} -> {reading}")
        elif seen not in (ACTED, COMMAND):
            wrong.append(f"command missed: {text!r} -> {seen} {reading}")
    share = {kind: counts.get(kind, 0) / talk for kind in (DID_YOU_MEAN, COMMAND, ASKED)}
    record_property(
        "figures",
        f"corpus {name}: {talk} talk lines; did you mean {share[DID_YOU_MEAN]:.2%}, answered as"
        f" a command {share[COMMAND]:.2%} (target < {TARGET:.0%} each); asked"
        f" {share[ASKED]:.2%}; relayed or refused as talk {counts.get(TALK, 0) / talk:.2%}",
    )
    assert not wrong, "\n".join(wrong)
    assert share[DID_YOU_MEAN] < TARGET and share[COMMAND] < TARGET, share
