"""Win rates in the districts variant (docs/districts.md): each faction, each table size 5-10.

Strategy bots in every seat (sh_sms.games.districts.bots), seeded games. A faction's figure is the
share
of its players who win (several factions may win one game, or none). Target: no faction hopeless,
i.e. each between 20% and 60% at every table size. Also how games end and how long they last.
"""

from __future__ import annotations

import time
from collections import Counter

from sh_sms.games.districts.bots import StrategySeat, play_game
from sh_sms.games.districts.engine.tables import FACTIONS, faction

LOW, HIGH = 0.20, 0.60


def faction_rates(players: int, games: int) -> tuple[dict[str, float], Counter, float]:
    """(per-faction share of players who won, endings, mean rounds) over `games` seeded games."""
    won, seated, endings, rounds = Counter(), Counter(), Counter(), 0
    for seed in range(games):
        state = play_game(players, seed, lambda seat, card: StrategySeat(seat, players))
        for seat, card in enumerate(state.cards):
            seated[faction(card)] += 1
            won[faction(card)] += seat in state.winners
        endings.update(state.reason.split("+"))
        rounds += state.round
    rates = {f: won[f] / seated[f] for f in FACTIONS}
    return rates, endings, rounds / games


def print_table(games: int) -> None:
    """Print one line per table size: each faction's win rate, the endings and the length."""
    print(f"districts variant: {games} seeded games per line, strategy bots in every seat")
    head = "  ".join(f"{f:>9}" for f in FACTIONS)
    print(f"{'players':>7}  {head}  {'ends: policies/points/limit':>28}  rounds  target")
    start = time.perf_counter()
    for players in range(5, 11):
        rates, endings, rounds = faction_rates(players, games)
        figures = "  ".join(f"{100 * rates[f]:>8.1f}%" for f in FACTIONS)
        ends = "/".join(f"{100 * endings[k] / games:.0f}%" for k in ("policies", "points", "limit"))
        verdict = "ok" if all(LOW <= r <= HIGH for r in rates.values()) else "MISSED"
        print(f"{players:>7}  {figures}  {ends:>28}  {rounds:>6.1f}  20-60% {verdict}")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    import sys

    print_table(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
