"""`sh-sms demo` prints one complete bot game, as the table and each phone would read it."""

from __future__ import annotations

import re

import pytest

from sh_sms.cli import main


@pytest.mark.parametrize("players", [5, 7, 10])
def test_demo_prints_a_complete_game(players: int, capsys: pytest.CaptureFixture[str]):
    assert main(["demo", "--players", str(players), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert len(re.findall(r"\] You are (LIBERAL|FASCIST|HITLER)\b", out)) == players
    assert len(re.findall(r"^  \* (LIBERALS|FASCISTS) WIN\b", out, re.M)) == 1
    assert out.rstrip().splitlines()[-1].lstrip("* ").startswith(("LIBERALS WIN", "FASCISTS WIN"))


def test_demo_is_the_same_game_for_the_same_seed(capsys: pytest.CaptureFixture[str]):
    main(["demo", "--seed", "11"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "11"])
    assert capsys.readouterr().out == first
