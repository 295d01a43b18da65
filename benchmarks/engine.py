"""Engine speed: complete random games per second and actions per second at 5, 7 and 10 players.

Run with `make bench` or `python benchmarks/engine.py [seconds-per-count]`.
"""

from __future__ import annotations

import sys
import time

from sh_sms.games.standard.engine import apply, new_game
from sh_sms.games.standard.engine.bot import RandomBot
from sh_sms.games.standard.engine.state import OVER


def measure(players: int, seconds: float) -> tuple[float, float]:
    """Play random games for about `seconds`; return (games/s, actions/s)."""
    names = [f"P{i}" for i in range(players)]
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = new_game(names, games)
        choose = RandomBot(games).choose
        while state.phase != OVER:
            seat, action = choose(state)
            state, _ = apply(state, seat, action)
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def main() -> None:
    """Print a small table of figures."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"{'players':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for players in (5, 7, 10):
        games, actions = measure(players, seconds)
        print(f"{players:>7} {games:>9,.0f} {actions:>10,.0f} {actions / games:>13.1f}")


if __name__ == "__main__":
    main()
