"""A districts table as people text it (issue 34): 250+ judged lines
(`tests/corpus/districts/lines.tsv`), each played through POST /sms by a person of a districts
game in the situation it was judged for (`corpus_districts`). No talk and no hedge is acted on,
no move of the person the game waits on is ignored, every line gets its judged outcome, and the
figures (help questions answered among them) are printed in the run's summary."""

from __future__ import annotations

import pytest
from corpus_districts import SITUATIONS, Replay, load
from corpus_lines import (
    ACTED,
    ASKED,
    COMMAND,
    DID_YOU_MEAN,
    HELP,
    JUDGEMENTS,
    TALK,
    as_command,
    judge,
)
from harness import FIGURES

LINES = load()


def test_the_districts_corpus_is_big_enough_and_judged_in_every_situation():
    assert len(LINES) >= 250
    assert len({(line.situation, line.text) for line in LINES}) == len(LINES)
    for situation in SITUATIONS:
        assert any(line.situation == situation for line in LINES), situation
    for kind in JUDGEMENTS:
        assert sum(line.judgement == kind for line in LINES) >= 15, kind


def fault(line, what: str, reading) -> str | None:
    """What is wrong with a districts line's outcome (every line must get its judged one)."""
    if line.judgement == "talk" and what != TALK:
        return f"talk not relayed ({what})"
    if line.judgement == "ask" and what not in (ASKED, COMMAND):
        return f"hedge not asked ({what})"
    if line.judgement == "help" and what not in (HELP, COMMAND):
        return f"question not answered ({what})"
    if line.judgement == "act" and what != ACTED:
        return f"move not made ({what})"
    if line.judgement == "act" and as_command(reading) != line.command:
        return "move made as another command"
    if line.judgement == "refuse" and what not in (COMMAND, HELP, ASKED, DID_YOU_MEAN):
        return f"not refused with a word ({what})"
    return None


@pytest.mark.slow
def test_districts_table_is_read_as_judged(new_table, monkeypatch):
    judged = judge(Replay(new_table(), monkeypatch), LINES, fault)
    seen = judged.seen
    FIGURES["corpus districts"] = (
        f"{len(LINES)} districts lines: "
        + "; ".join(f"{kind} -> {dict(counts)}" for kind, counts in seen.items())
        + f"; talk acted {seen['talk'][ACTED]}, hedges acted {seen['ask'][ACTED]}, moves"
        f" ignored {sum(seen['act'].values()) - seen['act'][ACTED]}; help questions answered"
        f" {judged.answered():.0%}"
    )
    print(FIGURES["corpus districts"])
    print(judged.report())
    assert not judged.wrong, judged.report()
