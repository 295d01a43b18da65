"""Hidden information leaves the districts engine only through a seat's own view, and the
variant's packages keep to their layer (no web, database or Twilio code; the engine no wording)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from sh_sms.games.districts.bots import StrategySeat, play_game
from sh_sms.games.districts.engine import DistrictsState, player_view, public_view
from sh_sms.games.districts.engine.tables import FASCIST, faction

PACKAGE = Path(__file__).resolve().parents[2] / "sh_sms" / "districts"
BANNED = ("flask", "sqlalchemy", "sqlmodel", "twilio", "psycopg", "werkzeug", "jinja2")


def _hidden_from(s: DistrictsState, seat: int, rng: random.Random) -> DistrictsState:
    """`s` with everything `seat` may not know shuffled: others' cards it has not seen, the
    box, the deck's order and the discards."""
    t = s.clone()
    mine = t.cards[seat]
    seen = {target for who, target in t.investigations if who == seat}
    known = seen | {seat}
    if faction(mine) == FASCIST:  # a fascist knows which cards are fascist, not which others
        known |= {p for p, c in enumerate(t.cards) if faction(c) == FASCIST}
    pool = [p for p in range(t.players) if p not in known]
    cards = [t.cards[p] for p in pool] + [t.boxed]
    if faction(mine) == FASCIST:
        cards = [c for c in cards if faction(c) != FASCIST]
        fascist_box = faction(t.boxed) == FASCIST
    else:
        fascist_box = False
    rng.shuffle(cards)
    new = list(t.cards)
    for p in pool:
        new[p] = cards.pop()
    t.cards = new
    if not fascist_box:
        t.boxed = cards.pop()
    if t.phase == "settle":  # where the others settled (not whether they have) is theirs
        t.where = [
            d if d is None or p == seat else rng.randint(1, t.districts)
            for p, d in enumerate(t.where)
        ]
    t.draw = rng.sample(t.draw, len(t.draw))
    t.discards = rng.sample(t.discards, len(t.discards))
    return t


def test_a_seats_view_does_not_change_with_what_it_may_not_know() -> None:
    rng = random.Random(7)
    checked = 0

    def watch(state, seat, action, events):
        nonlocal checked
        if state.phase == "over" or rng.random() > 0.3:
            return
        for p in range(state.players):
            twin = _hidden_from(state, p, rng)
            assert player_view(twin, p) == player_view(state, p), (p, state.phase)
            assert public_view(twin) == public_view(state)
            checked += 1

    for players in (5, 7, 10):
        for seed in range(4):
            play_game(players, seed, lambda seat, card, n=players: StrategySeat(seat, n), watch)
    assert checked > 500


def test_the_public_view_reveals_the_cards_only_at_the_end() -> None:
    final = play_game(6, 3, lambda seat, card: StrategySeat(seat, 6))
    assert public_view(final)["cards"] == final.cards and public_view(final)["boxed"]


def _imports(path: Path) -> set[tuple[int, str]]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            found |= {(node.level, f"{node.module or ''}.{a.name}") for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {(0, a.name) for a in node.names}
    return found


def test_the_engine_and_bots_import_no_web_database_twilio_or_wording() -> None:
    for folder in ("engine", "bots"):
        for path in sorted((PACKAGE / folder).glob("*.py")):
            for level, name in _imports(path):
                assert level > 0 or not name.startswith(BANNED), f"{path} imports {name}"
                assert level > 0 or not name.startswith("sh_sms.text"), f"{path} imports {name}"
                if level == 0 and name.startswith("sh_sms.games.standard.engine"):
                    assert name.split(".")[2] in ("events", "errors", "actions"), name
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        assert all(level < 2 for level, _ in _imports(path)), f"{path} reaches out of the engine"


def test_where_the_others_settled_is_hidden_until_the_voting_begins() -> None:
    from sh_sms.games.districts.engine import Action, apply, new_game
    from sh_sms.games.districts.engine.actions import MOVE_ACTION
    from sh_sms.games.districts.replay import build_replay

    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    state, log = new_game(names, 0)
    for seat, district in enumerate([1, 1, 2, 2]):
        state, events = apply(state, seat, Action(MOVE_ACTION, district))
        assert [(e.kind, e.to) for e in events] == [("settled", seat)]  # the settler only
        log += events
    public = public_view(state)
    assert public["where"] == [None] * 5 and public["settled"] == 4
    assert all(d["players"] == [] for d in public["districts"])
    assert player_view(state, 0)["district"] == 1
    assert player_view(state, 4)["public"] == public
    state, events = apply(state, 4, Action(MOVE_ACTION, 3))  # the last: the voting begins
    log += events
    public = public_view(state)
    assert public["where"] == [1, 1, 2, 2, 3]
    assert [d["players"] for d in public["districts"]] == [[0, 1], [2, 3], [4]]
    replay = build_replay(names, state.districts, state.rules["privilege"], log)
    assert replay.setup.where == (1, 1, 2, 2, 3)  # the replay shows who went where
