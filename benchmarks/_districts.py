"""Win rates in the districts variant (docs/districts.md): each faction, each table size 5-10.

Strategy bots in every seat (sh_sms.games.districts.bots), seeded games. A faction's figure is the
share
of its players who win (several factions may win one game, or none). Target: no faction hopeless,
i.e. each between 20% and 60% at every table size. Also how games end, how long they last, and
the share of votes (a district with players, one round) that elected nobody before the timer.
"""

from __future__ import annotations

import time
from collections import Counter

from sh_sms.games.districts.bots import StrategySeat, play_game
from sh_sms.games.districts.engine.tables import FACTIONS, faction

LOW, HIGH = 0.20, 0.60


def faction_rates(players: int, games: int) -> tuple[dict[str, float], Counter, float, float]:
    """(per-faction share of players who won, endings, mean rounds, share of district votes
    that elected nobody) over `games` seeded games."""
    won, seated, endings, rounds = Counter(), Counter(), Counter(), 0
    votes = Counter()

    def watch(state, seat, action, events) -> None:
        for event in events:
            if event.kind == "voting":
                votes["held"] += sum(1 for members in event.data["districts"] if members)
            votes["nobody"] += event.kind == "unrepresented"

    for seed in range(games):
        state = play_game(players, seed, lambda seat, card: StrategySeat(seat, players), watch)
        for seat, card in enumerate(state.cards):
            seated[faction(card)] += 1
            won[faction(card)] += seat in state.winners
        endings.update(state.reason.split("+"))
        rounds += state.round
    rates = {f: won[f] / seated[f] for f in FACTIONS}
    return rates, endings, rounds / games, votes["nobody"] / max(1, votes["held"])


def print_table(games: int) -> None:
    """Print one line per table size: each faction's win rate, the endings and the length."""
    print(f"districts variant: {games} seeded games per line, strategy bots in every seat")
    head = "  ".join(f"{f:>9}" for f in FACTIONS)
    ends_head = "ends: policies/points/limit"
    print(f"{'players':>7}  {head}  {ends_head:>28}  rounds  nobody  target")
    start = time.perf_counter()
    for players in range(5, 11):
        rates, endings, rounds, nobody = faction_rates(players, games)
        figures = "  ".join(f"{100 * rates[f]:>8.1f}%" for f in FACTIONS)
        ends = "/".join(f"{100 * endings[k] / games:.0f}%" for k in ("policies", "points", "limit"))
        verdict = "ok" if all(LOW <= r <= HIGH for r in rates.values()) else "MISSED"
        line = f"{players:>7}  {figures}  {ends:>28}  {rounds:>6.1f}  {100 * nobody:>5.1f}%"
        print(f"{line}  20-60% {verdict}")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    import sys

    print_table(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
