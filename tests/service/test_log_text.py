"""LOG (HISTORY) through the webhook: the latest governments, votes and policies in at most two
segments, whatever the table size and the names (it once cost three)."""

from __future__ import annotations

import re

from harness import Step, Table, random_bot

from sh_sms.text.gsm import segments

LONG = ["Victoria", "Benjamin", "Isabella", "Danielle", "Jonathan"]
LONG += ["Harriets", "Gabriels", "Eleanors", "Frankies", "Charlies"]
RESULT = re.compile(r"^\w+\+\w+ (ELECTED|REJECTED) \d+-\d+\.")


def test_log_fits_two_segments_and_ends_with_the_latest_news(table: Table):
    code = table.start(LONG, seed=5)
    asked = 0
    last_result: list[str] = []

    def on_step(step: Step) -> None:
        nonlocal asked
        for body in step.delivery.values():
            last_result[:] = [  # as a bystander reads it (LOG is the table's record)
                line
                for line in body.splitlines()
                if RESULT.match(line) and not re.search(r"\byou\b", line)
            ] or last_result
        if step.after.phase == "over" or len(table.deliveries) % 4:
            return
        reply = table[LONG[step.seat]].send("LOG").reply
        asked += 1
        assert segments(reply) <= 2, reply
        lines = reply.splitlines()
        assert not any(line.startswith(("Round ", "Session", "Tracker")) for line in lines)
        if last_result:  # the latest result, and more than it when there is more
            assert last_result[0] in lines and len(lines) >= 2, (last_result, reply)

    table.play(code, random_bot(5), on_step=on_step)
    assert asked >= 10
