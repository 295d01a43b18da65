"""Whole districts games (issue 22) by text through POST /sms, at 5, 7 and 10 players: five
people; three people and four computer players; four people and six. The host picks the game in
the lobby (RULES DISTRICTS), START deals it, everyone plays to the end (people by text, bots from
the bot job, the timer from the reminders job on the fake clock); then the board and the replay
show the game and every card."""

from __future__ import annotations

import html
import re

from districts_driver import districts_lobby, drive
from harness import NAMES, Table

from sh_sms.games.districts.engine.tables import DISTRICTS
from sh_sms.games.districts.text.wording import alignment_text, policy_text
from sh_sms.store import ACTIVE


def roll_call(last: str) -> tuple[dict[str, str], set[str]]:
    """The end text's cards by name ("Won: Ann, Bob FASCIST. Lost: Cy LIBERAL; Dee OLIGARCH of
    D3."), as alignment cards read, and the names that won."""
    cards, won = {}, set()
    for outcome, after in (("Won", "Lost"), ("Lost", "Unused card")):
        group = re.search(rf"\b{outcome}: (.*?)\. {after}:", last).group(1)
        for part in [] if group == "nobody" else group.split("; "):
            names, card = re.fullmatch(r"(.*) (LIBERAL|FASCIST|OLIGARCH of D\d)", part).groups()
            for name in names.split(", "):
                cards[name] = card
                if outcome == "Won":
                    won.add(name)
    return cards, won


def play_whole_game(table: Table, people: int, bots: int, seed: int):
    """Pick the districts game, start it, play it to the end; check what everyone was told."""
    names = NAMES[:people]
    code = districts_lobby(table, names, bots, seed=seed, timer=3)
    out = table[names[0]].send("START")
    assert set(out) == set(names)  # every person is dealt a card; no bot is texted
    for name in names:
        dealt, started, settle = out[name].split("\n")
        assert dealt.startswith("You are ") and started.startswith("Districts game:")
        assert settle.startswith("Pick a district: MOVE 1, MOVE 2")
    final, played = drive(table, code, seed=seed)
    assert table.game(code).status != ACTIVE
    assert played.moves.get("vote", 0) > 0 and played.moves.get("move", 0) >= people
    everyone = final.names
    for name in names:
        last = table[name].last
        seat = everyone.index(name)
        verdict = "You won: " if seat in final.winners else "You lost: "
        assert last.startswith(("GAME OVER. " + verdict, verdict)), last
        assert f"Unused card: {alignment_text(final.boxed)}" in last
        cards, won = roll_call(last)
        assert cards == {everyone[seat]: alignment_text(c) for seat, c in enumerate(final.cards)}
        assert won == {everyone[seat] for seat in final.winners}
        assert "Play again: REMATCH." in last
    return code, final, played


def check_board_and_replay(table: Table, code: str, final) -> None:
    """The board (JSON and page) and the replay of a finished districts game."""
    state = table.client.get(f"/g/{code}.json").get_json()
    assert state["variant"] == "districts" and state["phase"] == "over"
    cards = zip(final.names, final.cards, strict=True)
    assert state["roles"] == {name: alignment_text(card) for name, card in cards}
    assert state["box"] == alignment_text(final.boxed)
    assert state["winners"] == [final.names[s] for s in final.winners]
    assert len(state["districts"]) == DISTRICTS[final.players]
    assert [d["points"] for d in state["districts"]] == final.points
    for d in state["districts"]:
        assert d["players"] == [final.names[s] for s in final.members(d["district"])]
    assert state["enacted"] == [policy_text(c) for c in final.enacted]
    assert state["tracks"] == final.tracks()
    page = table.client.get(f"/g/{code}").get_data(as_text=True)
    assert "districts game" in page and f"/g/{code}/replay" in page
    for d in range(1, final.districts + 1):
        assert f'id="d{d}"' in page
    for name, card in zip(final.names, final.cards, strict=True):
        assert html.escape(alignment_text(card)) in page and name in page
    replay = table.client.get(f"/g/{code}/replay")
    assert replay.status_code == 200
    text = replay.get_data(as_text=True)
    assert len(re.findall(r'<li class="step" id="step-\d+">', text)) == final.round + 2
    for name, card in zip(final.names, final.cards, strict=True):
        assert re.search(
            rf"{name}</span> <span class=\"badge card card-\w+\">"
            rf"{re.escape(html.escape(alignment_text(card)))}<",
            text,
        )
    assert 'In the box: <span class="badge card card-' in text
    assert "Hidden at the time" in text  # the capitol's draws, shown only now


def test_five_people_play_a_whole_districts_game(table: Table):
    code, final, played = play_whole_game(table, people=5, bots=0, seed=5)
    assert played.clock_runs + played.timers > 0  # the timer ran at least once
    check_board_and_replay(table, code, final)


def test_seven_players_people_and_bots(table: Table):
    code, final, _ = play_whole_game(table, people=3, bots=4, seed=7)
    check_board_and_replay(table, code, final)
    page = table.client.get(f"/g/{code}").get_data(as_text=True)
    assert page.count('<span class="badge bot">Bot</span>') == 4


def test_ten_players_people_and_bots(table: Table):
    code, final, _ = play_whole_game(table, people=4, bots=6, seed=10)
    assert final.districts == 4
    check_board_and_replay(table, code, final)
