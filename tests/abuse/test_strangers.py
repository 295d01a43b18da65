"""A number in no game gets a few answers, then one notice per window; games cannot be opened
without end (issue 18, Why 2 and 5).

Before the limits a stranger's HELP, `JOIN ZZZZ Bob`, NEW and pictures were answered every
time, and one number looping NEW/LEAVE opened 86 games a second.
"""

from __future__ import annotations

import itertools

from abuse_helpers import segments_caused, settings
from harness import CODE_IN_REPLY, Table
from sqlmodel import Session, func, select

from sh_sms.store import Game

ATTEMPTS = ("HELP", "JOIN ZZZZ Bob", "NEW", "join zzzz", "new Bob Smith", "hello?", "NEW 2")


def test_a_stranger_is_answered_a_few_times_then_once_per_window(table: Table):
    s = settings(table)
    zed = table.phone("Zed")
    out = []
    for body in itertools.islice(itertools.cycle(ATTEMPTS), 90):
        table.clock.advance(seconds=4)
        out.append(zed.send(body))
        table.clock.advance(seconds=4)
        out.append(table.send(zed.number, "", extra={"NumMedia": "1"}))  # a picture
    answered = [d.reply for d in out if d.reply]
    # 180 texts in 12 minutes: two windows of 10 minutes, each a few answers and one notice.
    assert len(answered) <= 2 * (s.stranger_texts + 1)
    notices = [r for r in answered if r.startswith("This number has sent many texts")]
    assert len(notices) == 2
    assert "NEW <your name>" in notices[0] and "minutes" in notices[0]
    assert segments_caused(out) <= 2 * len(answered)


def test_honest_attempts_still_get_their_answers(table: Table):
    ana = table.phone("Ana")
    code = table.lobby(["Ana"])
    kim = table.phone("Kim")
    for body in ("HELP", "JOIN", f"JOIN {code}", "JOIN BCDF Kim", f"JOIN {code} 2", "NEW"):
        assert kim.send(body).reply
    assert kim.send(f"JOIN {code} Kim").reply.startswith(f"You joined game {code}.")
    assert ana.last.startswith("Kim joined")


def test_one_number_looping_new_and_leave_opens_a_few_games_an_hour(table: Table):
    s = settings(table)
    ana = table.phone("Ana")
    refused = []
    for _ in range(40):
        table.clock.advance(seconds=10)
        out = ana.send("NEW Ana")
        if CODE_IN_REPLY.search(out.reply or ""):
            table.clock.advance(seconds=10)
            ana.send("LEAVE")
        else:
            refused.append(out.reply)
    with Session(table.engine) as session:
        games = session.exec(select(func.count()).select_from(Game)).one()
    assert games == s.games_per_number_per_hour  # 40 before (86 a second, unpaced)
    assert refused[0].startswith(f"You have opened {s.games_per_number_per_hour} games this hour")
    table.clock.advance(hours=1)
    assert CODE_IN_REPLY.search(ana.send("NEW Ana").reply)


def test_the_whole_service_opens_a_bounded_number_of_games_an_hour(make):
    table = make(games_per_hour=5)
    for i in range(5):
        assert CODE_IN_REPLY.search(table.phone(f"P{i}").send(f"NEW Pat{i}").reply)
    late = table.phone("Late").send("NEW Lee")
    assert late.reply.startswith("So many games were opened this hour")
    table.clock.advance(hours=1)
    assert CODE_IN_REPLY.search(table["Late"].send("NEW Lee").reply)
