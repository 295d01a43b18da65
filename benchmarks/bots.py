"""Bot strength: win rates of the strategy bots (sh_sms.games.standard.bots) at 5, 7 and 10 players.

Three settings per player count, each over the same seeded games: the strategy in every seat;
strategy liberals against random fascists; strategy fascists against random liberals (random =
the engine's RandomBot). Targets (issue 13): at 7 players each strategy side beats random
opponents in at least 70% of games; with the strategy in every seat the liberals win 35-65% at
every player count. Also the decision speed a bot worker can count on.

Then house rules (issue 21): the liberals' win rate with the strategy in every seat, by the
standard rules and by the rebalanced preset, at 5-10 players, over the same seeds (rebalanced is
the standard game at 5, 8 and 10 players, so those lines agree by construction).

Run with `make bench` or `python benchmarks/bots.py [--games N] [--presets-only]`.
"""

from __future__ import annotations

import argparse
import time

from _districts import print_table as print_districts_table

from sh_sms.games.standard.botplay import RandomSeat, Seat, StrategySeat, play_game
from sh_sms.games.standard.engine.boards import LIBERAL
from sh_sms.games.standard.engine.ruleset import Ruleset, rebalanced

SETTINGS = {
    "all strategy": "all",
    "strategy L vs random F": "liberals",
    "strategy F vs random L": "fascists",
}
DECISIONS_PER_SECOND_TARGET = 2000


class TimedSeat(StrategySeat):
    """A strategy seat that counts its decisions and the time they take."""

    decisions = 0
    seconds = 0.0

    def act(self, state):
        start = time.perf_counter()
        action = super().act(state)
        TimedSeat.seconds += time.perf_counter() - start
        TimedSeat.decisions += 1
        return action


def liberal_wins(players: int, mix: str, games: int, rules: Ruleset | None = None) -> int:
    """Play `games` seeded games with the strategy where `mix` says (by `rules`, standard when
    None); count the liberal wins."""
    wins = 0
    for seed in range(games):

        def seat_for(seat: int, role: str, seed: int = seed) -> Seat:
            strategic = mix == "all" or (mix == "liberals") == (role == LIBERAL)
            return TimedSeat(seat) if strategic else RandomSeat(seat, seed)

        wins += play_game(players, seed, seat_for, rules=rules).winner == LIBERAL
    return wins


def presets(games: int) -> None:
    """The liberals' win rate, strategy in every seat, standard beside rebalanced, 5-10 players."""
    print(f"house rules: liberal wins, strategy in every seat, {games} seeded games per figure")
    print(f"{'players':>7}  {'standard':>8} {'rebalanced':>10}  change")
    for players in range(5, 11):
        plain = liberal_wins(players, "all", games) / games
        fair = liberal_wins(players, "all", games, rebalanced(players)) / games
        change = f"{(fair - plain) * 100:+.1f} pts" if fair != plain else "same rules"
        print(f"{players:>7}  {plain * 100:>7.1f}% {fair * 100:>9.1f}%  {change}")


def target(players: int, mix: str, liberal: float) -> tuple[str, str]:
    """The target for one line, and whether the figure meets it ('' when there is none)."""
    if mix == "all":
        return "L 35-65%", "ok" if 0.35 <= liberal <= 0.65 else "MISSED"
    if players != 7:
        return "", ""
    side, share = ("L", liberal) if mix == "liberals" else ("F", 1 - liberal)
    return f"{side} >= 70%", "ok" if share >= 0.70 else "MISSED"


def main() -> None:
    """Print the win-rate table, then the decision speed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per line (default 3000)")
    parser.add_argument(
        "--presets-only", action="store_true", help="only standard beside rebalanced, 5-10"
    )
    args = parser.parse_args()
    games = args.games
    if args.presets_only:
        presets(games)
        return
    print(f"{games} seeded games per line")
    print(f"{'players':>7}  {'setting':<24} {'liberal':>8} {'fascist':>8}  target")
    start = time.perf_counter()
    for players in (5, 7, 10):
        for name, mix in SETTINGS.items():
            liberal = liberal_wins(players, mix, games) / games
            goal, verdict = target(players, mix, liberal)
            percent = round(liberal * 1000) / 10  # so that the two columns add up to 100.0
            figures = f"{percent:>7.1f}% {100 - percent:>7.1f}%"
            print(f"{players:>7}  {name:<24} {figures}  {goal:<10} {verdict}")
    elapsed = time.perf_counter() - start
    rate = TimedSeat.decisions / TimedSeat.seconds
    verdict = "ok" if rate >= DECISIONS_PER_SECOND_TARGET else "MISSED"
    print(
        f"strategy decisions/s (view built from the state included): {rate:,.0f}"
        f"  target >= {DECISIONS_PER_SECOND_TARGET:,}  {verdict}"
    )
    print(f"{TimedSeat.decisions:,} decisions in {elapsed:.0f} s of play")
    print()
    presets(games)
    print()
    print_districts_table(max(1, games // 3))  # the districts variant, each faction's win rate


if __name__ == "__main__":
    main()
