"""A bot decides from what its seat may know, and nothing more.

Two checks: the bots package cannot reach a GameState (it imports nothing that holds or builds
one), and scrambling everything a seat may not see in the state changes none of its decisions.
"""

from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

import pytest
from botgames import MIXES, play

import sh_sms.games.standard.bots
from sh_sms.games.standard import botplay as bot_table
from sh_sms.games.standard.botplay import StrategySeat, act_for, claim_for
from sh_sms.games.standard.bots import Notebook, claim, decide
from sh_sms.games.standard.engine import Action, GameState, player_view
from sh_sms.games.standard.engine.boards import FASCIST, HITLER, hitler_knows_fascists
from sh_sms.games.standard.engine.views import holder

BOTS = Path(sh_sms.games.standard.bots.__file__).parent
# The engine pieces the bots may use: plain types, constants and the fixed tables.
ALLOWED_MODULES = {
    "sh_sms.games.standard.engine",
    "sh_sms.games.standard.engine.actions",
    "sh_sms.games.standard.engine.boards",
}
STATE_NAMES = {"GameState", "player_view", "public_view", "apply", "new_game", "legal_actions"}
STATE_NAMES |= {"awaiting", "RandomBot", "knowledge", "state"}


def imports(path: Path) -> list[tuple[str, set[str]]]:
    """(module, imported names) for every absolute import in a file; relative ones are skipped."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, set()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, {alias.name for alias in node.names}))
    return found


@pytest.mark.parametrize("path", sorted(BOTS.glob("*.py")), ids=lambda p: p.name)
def test_the_bots_package_cannot_reach_the_game_state(path: Path) -> None:
    """Only the standard library and the engine's types and constants: no state, no views built
    from a state, no database, web or Twilio code; and no name that means a state."""
    for module, names in imports(path):
        top = module.split(".")[0]
        if top in sys.stdlib_module_names or top == "__future__":
            continue
        assert module in ALLOWED_MODULES, f"{path.name} imports {module}"
        assert not names & STATE_NAMES, f"{path.name} imports {names & STATE_NAMES}"
    words = {n.id for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Name)}
    words |= {n.attr for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Attribute)}
    assert "GameState" not in words


def knows_every_role(state: GameState, seat: int) -> bool:
    """Fascists know the whole table; so does Hitler where R2 tells him his fascist."""
    role = state.roles[seat]
    return role == FASCIST or (role == HITLER and hitler_knows_fascists(state.players))


def scramble(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A state that differs from `state` in everything `seat` may not see, and nothing else."""
    s = state.clone()
    s.seed = rng.randrange(2**31)
    if not knows_every_role(state, seat):
        mine = {target for who, target in state.investigations or () if who == seat}
        movable = [p for p in range(s.players) if p != seat and p not in mine and s.alive[p]]
        roles, dealt = list(s.roles), [s.roles[p] for p in movable]
        rng.shuffle(dealt)
        for p, role in zip(movable, dealt, strict=True):
            roles[p] = role
        s.roles = roles
    cards = s.draw + s.discards
    rng.shuffle(cards)
    s.draw, s.discards = cards[: len(s.draw)], cards[len(s.draw) :]
    if holder(state) != seat:
        s.hand = [rng.choice("LF") for _ in s.hand]
    if s.peek and s.peek[0] != seat:
        s.peek = [s.peek[0], [rng.choice("LF") for _ in s.peek[1]]]
    if s.votes is not None:
        s.votes = [
            v if v is None or p == seat else rng.random() < 0.5 for p, v in enumerate(s.votes)
        ]
    return s


def spying(function, given: list[dict]):
    """`function` (decide or claim), noting each view it is handed in `given`."""

    def spy(view: dict, history: list, notebook=None):
        given.append(view)
        return function(view, history, notebook)

    return spy


class Moments:
    """A watcher that keeps some states of a game with, per bot, how much history it had seen."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seats: dict = {}
        self.kept: list[tuple[GameState, dict[int, int]]] = []

    def __call__(self, state: GameState, seat: int, action: Action) -> None:
        if self.rng.random() < 0.2:
            bots = [b for b in self.seats.values() if isinstance(b, StrategySeat)]
            self.kept.append((state, {b.seat: len(b.history) for b in bots}))


@pytest.mark.parametrize("mix", MIXES)
@pytest.mark.parametrize("players", [5, 6, 7, 10])
def test_decisions_ignore_everything_the_seat_may_not_see(
    players: int, mix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At sampled moments of seeded games, the adapter hands each strategy bot exactly its seat's
    view, and its action and claim are the same in the real state and in states where every
    hidden fact was shuffled."""
    given: list[dict] = []
    for name in ("decide", "claim"):
        monkeypatch.setattr(bot_table, name, spying(getattr(bot_table, name), given))
    rng = random.Random(players)
    compared = changed = 0
    for seed in range(10):
        moments = Moments(rng)
        play(players, seed, mix, moments, moments.seats)
        for state, seen in moments.kept:
            for seat, count in seen.items():
                history = moments.seats[seat].history[:count]
                view = player_view(state, seat)
                given.clear()
                action, said = act_for(state, seat, history), claim_for(state, seat, history)
                assert given == [view, view]
                for _ in range(2):
                    other = scramble(state, seat, rng)
                    changed += other.roles != state.roles or other.draw != state.draw
                    assert player_view(other, seat) == view
                    assert act_for(other, seat, history) == action
                    assert claim_for(other, seat, history) == said
                    compared += 1
    assert compared > 100 and changed > compared // 2  # the scrambling really changed things


def test_a_kept_notebook_decides_exactly_like_a_fresh_one() -> None:
    """Reading a history bit by bit (as the table, and a worker, do) ends in the same notebook
    as reading it at once, so decisions do not depend on when the bot was asked."""
    checked = 0
    for seed in range(30):
        played = play(7, seed)
        for bot in played.seats.values():
            assert isinstance(bot, StrategySeat) and bot.notebook is not None
            kept = bot.notebook.read(bot.history)
            fresh = Notebook(player_view(played.state, bot.seat)).read(bot.history)
            assert (fresh.public, fresh.private) == (kept.public, kept.private)
            assert fresh.governments == kept.governments and fresh.owed == kept.owed
            checked += 1
    assert checked == 30 * 7


def test_decide_and_claim_take_only_a_view_and_a_history() -> None:
    """The decision API is a function of what the seat may know: (view, history[, notebook])."""
    for function in (decide, claim):
        code = function.__code__
        assert code.co_varnames[: code.co_argcount] == ("view", "history", "notebook")
