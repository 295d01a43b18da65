"""Spanish speakers at a table (issue 33): 450+ judged lines (`tests/corpus/es/lines.tsv`), each
played through POST /sms by a player of a Spanish table in the situation it was judged for
(`corpus_sms`). No talk and no hedge is acted on, no move of the player the game waits on is
ignored, talk is misread under 1%, and most questions about how to play are answered; the
figures are printed in the run's summary."""

from __future__ import annotations

import pytest
from corpus_lines import ACTED, ASKED, COMMAND, DID_YOU_MEAN, HELP, TALK, as_command, judge
from corpus_sms import SITUATIONS, Replay, load
from harness import FIGURES

LINES = load("es")
MISREAD_TARGET = 0.01  # at most this share of talk answered: did you mean, as a command, as help
HELP_TARGET = 0.60  # at least this share of the questions about how to play answered


def test_the_spanish_corpus_is_big_enough_and_judged_in_every_situation():
    assert len(LINES) >= 450
    assert len({(line.situation, line.text) for line in LINES}) == len(LINES)
    for situation in SITUATIONS:
        assert any(line.situation == situation for line in LINES), situation
    for kind in ("act", "ask", "help", "talk"):
        assert sum(line.judgement == kind for line in LINES) >= 40, kind


def fault(line, what: str, reading) -> str | None:
    """What is wrong with a Spanish line's outcome (talk may be asked or, rarely, answered)."""
    if what == ACTED and line.judgement in ("talk", "ask", "help"):
        kind = {"talk": "talk", "ask": "hedge or reaction", "help": "question"}[line.judgement]
        return f"{kind} acted on"
    if line.judgement == "act" and what != ACTED:
        return f"move not made ({what})"
    if line.judgement == "act" and as_command(reading) != line.command:
        return "move made as another command"
    if line.judgement == "refuse" and what not in (COMMAND, HELP, ASKED):
        return f"not refused with a word ({what})"
    return None


@pytest.mark.slow
def test_spanish_table_is_read_as_judged(new_table, monkeypatch):
    judged = judge(Replay(new_table(), "es", monkeypatch), LINES, fault)
    seen = judged.seen
    notes = [  # lines that count against the shares, not failures one by one
        f"{'talk misread' if line.judgement == 'talk' else 'question not answered'} ({what}):"
        f" [{line.situation}] {line.text!r} -> {reading}"
        for line, what, reading in judged.played
        if (line.judgement == "talk" and what in (DID_YOU_MEAN, COMMAND, HELP))
        or (line.judgement == "help" and what not in (HELP, COMMAND))
    ]
    talk = sum(seen["talk"].values())
    misread = sum(seen["talk"][kind] for kind in (DID_YOU_MEAN, COMMAND, HELP)) / talk
    answered = judged.answered()
    FIGURES["corpus es"] = (
        f"{len(LINES)} Spanish lines: "
        + "; ".join(f"{kind} -> {dict(counts)}" for kind, counts in seen.items())
        + f"; talk misread {misread:.1%} (target < {MISREAD_TARGET:.0%}); asked"
        f" {seen['talk'][ASKED] / talk:.1%}; relayed {seen['talk'][TALK] / talk:.1%}; help"
        f" questions answered {answered:.0%} (target >= {HELP_TARGET:.0%})"
    )
    print(FIGURES["corpus es"])
    print(judged.report())
    print("\n".join(notes))
    assert not judged.wrong, judged.report()
    assert misread < MISREAD_TARGET, misread
    assert answered >= HELP_TARGET, answered
