"""A districts table as people text it (issue 34): 250+ judged lines
(`tests/corpus/districts/lines.tsv`), each played through POST /sms by a person of a districts
game in the situation it was judged for (`corpus_districts`). No talk and no hedge is acted on,
no move of the person the game waits on is ignored, every line gets its judged outcome, and the
figures (help questions answered among them) are printed in the run's summary."""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_districts import SITUATIONS, Replay, load
from corpus_lines import ACTED, ASKED, COMMAND, DID_YOU_MEAN, HELP, JUDGEMENTS, TALK, as_command
from harness import FIGURES

LINES = load()


def test_the_districts_corpus_is_big_enough_and_judged_in_every_situation():
    assert len(LINES) >= 250
    assert len({(line.situation, line.text) for line in LINES}) == len(LINES)
    for situation in SITUATIONS:
        assert any(line.situation == situation for line in LINES), situation
    for kind in JUDGEMENTS:
        assert sum(line.judgement == kind for line in LINES) >= 15, kind


@pytest.mark.slow
def test_districts_table_is_read_as_judged(new_table, monkeypatch):
    replay = Replay(new_table(), monkeypatch)
    wrong: dict[str, list[str]] = {}
    seen: dict[str, Counter] = {kind: Counter() for kind in JUDGEMENTS}

    def fail(group: str, line, what: str, reading) -> None:
        wrong.setdefault(group, []).append(f"[{line.situation}] {line.text!r} -> {what} {reading}")

    for line in LINES:
        what, reading = replay.play(line)
        seen[line.judgement][what] += 1
        if line.judgement == "talk" and what != TALK:
            fail(f"talk not relayed ({what})", line, what, reading)
        elif line.judgement == "ask" and what not in (ASKED, COMMAND):
            fail(f"hedge not asked ({what})", line, what, reading)
        elif line.judgement == "help" and what not in (HELP, COMMAND):
            fail(f"question not answered ({what})", line, what, reading)
        elif line.judgement == "act" and what != ACTED:
            fail(f"move not made ({what})", line, what, reading)
        elif line.judgement == "act" and as_command(reading) != line.command:
            fail("move made as another command", line, what, reading)
        elif line.judgement == "refuse" and what not in (COMMAND, HELP, ASKED, DID_YOU_MEAN):
            fail(f"not refused with a word ({what})", line, what, reading)
    helps = sum(seen["help"].values())
    answered = (seen["help"][HELP] + seen["help"][COMMAND]) / helps
    FIGURES["corpus districts"] = (
        f"{len(LINES)} districts lines: "
        + "; ".join(f"{kind} -> {dict(counts)}" for kind, counts in seen.items())
        + f"; talk acted {seen['talk'][ACTED]}, hedges acted {seen['ask'][ACTED]}, moves"
        f" ignored {sum(seen['act'].values()) - seen['act'][ACTED]}; help questions answered"
        f" {answered:.0%}"
    )
    print(FIGURES["corpus districts"])
    report = "\n".join(
        f"{group} ({len(items)}):\n  " + "\n  ".join(items) for group, items in wrong.items()
    )
    print(report)
    assert not wrong, report
