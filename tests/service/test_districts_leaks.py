"""Nothing secret of a districts game (docs/districts.md, D3, D6, D10) reaches anyone who may not
know it: whole games by text, every text every phone was sent read line by line, and the public
board (its JSON, the page's JSON and the page) fetched after every step until the end.

- An alignment card is read only by its holder ("You are ..."), by the other fascists (the
  fascists' names, to the fascists), by the investigator who looked at it, and by everyone once
  the game is over.
- A district's votes reach the voters of that district only.
- The policies drawn and handed reach only the player holding them; discards never show.
- The board shows no card, no hand and no vote before the end, and the replay waits for the end.
"""

from __future__ import annotations

import re

import pytest
from districts_driver import districts_lobby, drive
from harness import NAMES, Delivery, Table

from sh_sms.games.districts.engine import DistrictsState
from sh_sms.games.districts.engine.tables import DRAW, TAKE, faction
from sh_sms.games.districts.text.wording import alignment_text

CARD_WORD = re.compile(r"\b(LIBERAL|FASCIST|OLIGARCH)\b")
OWN_CARD = re.compile(r"^You are (LIBERAL|FASCIST|OLIGARCH of D\d)\.")
FELLOWS = re.compile(r"Fascists: ([\w, ]+)\.")
LOOKED = re.compile(r"^(\w+)'s card: (LIBERAL|FASCIST|OLIGARCH of D\d)\. Only you know\.$")
VOTE_LINE = re.compile(r"^(?:(\w+) votes|You vote) for ")
BOARD_KEYS = {
    *("code", "variant", "phase", "players", "round", "districts", "capitol", "capitol_cards"),
    *("tracks", "played", "enacted", "draw_pile", "discards", "timer_ends", "investigated"),
    *("voting", "waiting_for", "winners", "reason", "roles", "box", "rules", "log", "settled"),
}


class Watcher:
    """Reads every delivery of a game as it happens and checks each reader may know it."""

    def __init__(self, table: Table, code: str, names: list[str]) -> None:
        self.table, self.code, self.names = table, code, names
        self.lines = 0

    def __call__(self, delivery: Delivery, before: DistrictsState, after: DistrictsState) -> None:
        for label, body in delivery.items():
            if label not in self.names:
                continue
            reader = self.names.index(label)
            for line in body.split("\n"):
                if line.startswith(("GAME OVER", "GAME ENDED", "You won: ", "You lost: ")):
                    assert after.phase == "over", line
                    break
                self.check(reader, line, before, after)
                self.lines += 1
        self.board(after)

    def check(self, reader: int, line: str, before: DistrictsState, after: DistrictsState):
        cards = after.cards
        own = OWN_CARD.match(line)
        if own:
            assert own.group(1) == alignment_text(cards[reader]), line
            fellows = FELLOWS.search(line)
            expected = {self.names[p] for p, c in enumerate(cards)
                        if faction(c) == "fascist" and p != reader}  # fmt: skip
            if faction(cards[reader]) == "fascist" and expected:
                assert set(fellows.group(1).split(", ")) == expected, line
            else:
                assert fellows is None, line
            return
        looked = LOOKED.match(line)
        if looked:
            target = self.names.index(looked.group(1))
            assert [reader, target] in after.investigations, line
            assert looked.group(2) == alignment_text(cards[target]), line
            return
        assert not CARD_WORD.search(line), f"{self.names[reader]} read: {line}"
        # where another player settled is told nobody before the voting begins
        assert " settles in D" not in line, f"{self.names[reader]} read: {line}"
        vote = VOTE_LINE.match(line)
        if vote:
            voter = self.names.index(vote.group(1)) if vote.group(1) else reader
            district = before.where[voter]
            assert reader in before.voters(district), f"{self.names[reader]} read: {line}"
        if line.startswith("You drew:"):
            assert reader == after.capitol.get(DRAW), line
        if line.startswith("You hold:") and after.phase != "over":
            assert reader in (before.capitol.get(TAKE), after.capitol.get(TAKE)), line

    def board(self, state: DistrictsState) -> None:
        client = self.table.client
        public = client.get(f"/g/{self.code}.json").get_json()
        board = client.get(f"/g/{self.code}/board.json").get_json()
        page = client.get(f"/g/{self.code}").get_data(as_text=True)
        if state.phase == "over":
            return
        assert set(public) == BOARD_KEYS, set(public) ^ BOARD_KEYS
        for shown in (public, board):
            assert shown["roles"] is None and shown["box"] is None and shown["winners"] is None
            assert not CARD_WORD.search(str(shown)), shown
            assert " votes for " not in str(shown) and "You " not in str(shown)
        assert not CARD_WORD.search(page)
        if state.phase == "settle":  # where each one settled is theirs alone until the vote
            for shown in (public, board):
                assert all(p["district"] is None for p in shown["players"]), shown
                assert all(d["players"] == [] for d in shown["districts"]), shown
                assert shown["settled"] == sum(1 for d in state.where if d is not None)
                assert not any(" settles in " in line for line in shown["log"]), shown
            assert " settles in " not in page and 'class="badge">D' not in page
        assert client.get(f"/g/{self.code}/replay").status_code == 404


@pytest.mark.parametrize(("people", "bots", "seed"), [(5, 0, 21), (4, 3, 22)])
def test_no_secret_reaches_anyone_who_may_not_know_it(table: Table, people, bots, seed):
    names = NAMES[:people]
    code = districts_lobby(table, names, bots, seed=seed)
    all_names = [p.name for p in table.players(code)]
    watch = Watcher(table, code, all_names)
    out = table[names[0]].send("START")
    state = table.state(code)
    watch(out, state, state)
    final, played = drive(table, code, seed=seed, on_step=watch)
    assert final.phase == "over" and watch.lines > 100
    assert played.moves.get("discard", 0) + played.moves.get("vote", 0) > 0
