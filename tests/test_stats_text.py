"""The STATS text at its longest (a 12-letter name, three roles in both parts, hundreds of games
and both sides' wins) still fits two segments, in GSM-7."""

from __future__ import annotations

from sh_sms.text.gsm import is_gsm7, segments
from sh_sms.text.messages import render


def test_the_longest_stats_text_fits_two_segments():
    sides = [("fascist", [888, 888]), ("hitler", [888, 888]), ("liberal", [888, 888])]
    tally = {"played": 2664, "won": 2664, "sides": sides}
    body = render(
        "stats/show",
        name="Maximiliana1",
        overall=tally,
        group=tally,
        wins=[("fascist", 8888), ("liberal", 8888)],
    )
    assert "Maximiliana1: 2664 games, 2664 won (fascist 888, 888 won; Hitler 888" in body
    assert is_gsm7(body) and segments(body) <= 2, (len(body), body)
