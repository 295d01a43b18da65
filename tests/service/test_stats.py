"""STATS by text (issue 29) over a series of seeded games played by text, checked against the
games' event logs: games and wins by role, with the group (the people of the sender's latest
game: its REMATCH chain and the games that share most of its people) and overall; never a
number; within two segments."""

from __future__ import annotations

import re
from collections import Counter

from harness import FIGURES, NAMES, Table, random_bot
from sqlmodel import Session

from sh_sms.store.games import all_events
from sh_sms.text.gsm import segments

SIDE = {"liberal": "liberal", "fascist": "fascist", "hitler": "fascist"}


def play(table: Table, code: str, seed: int) -> dict:
    """Play a started game to its end; its result as the event log says."""
    table.play(code, random_bot(seed))
    with Session(table.engine) as session:
        events = all_events(session, table.game(code).id)
    over = next(e for e in events if e.kind == "game_over")
    names = [p.name for p in table.players(code)]
    return {
        "winner": over.data["winner"],
        "roles": dict(zip(names, over.data["roles"], strict=True)),
    }


def expected(games: list[dict], name: str) -> tuple[int, int, dict]:
    played = won = 0
    sides: dict[str, list[int]] = {}
    for game in games:
        role = game["roles"].get(name)
        if role is None:
            continue
        win = SIDE[role] == game["winner"]
        played, won = played + 1, won + win
        counts = sides.setdefault(role, [0, 0])
        counts[0], counts[1] = counts[0] + 1, counts[1] + win
    return played, won, sides


def figures(part: str) -> tuple[int, int, dict]:
    """games, won and {role: [games, won]} from one part of a STATS text."""
    match = re.match(r"(\d+) games?, (\d+) won(?: \((.*)\))?$", part)
    assert match, part
    sides = {}
    for chunk in (match.group(3) or "").split("; "):
        if chunk:
            role, n, w = re.match(r"(\w+) (\d+), (\d+) won", chunk).groups()
            sides[role.lower()] = [int(n), int(w)]
    return int(match.group(1)), int(match.group(2)), sides


def test_stats_over_a_series_of_games_match_the_event_logs(table: Table):
    five = NAMES[:5]
    first = play(table, table.start(five, seed=11), 11)
    second = play(table, table.start(five, seed=12), 12)
    out = table["Cy"].send("REMATCH")
    code = re.match(r"Rematch ([A-Z]{4}) is open", out["Cy"]).group(1)
    for name in set(five) - {"Cy"}:
        table[name].send("JOIN")
    table.set_seed(code, 13)
    table["Cy"].send("START")
    third = play(table, code, 13)
    group = [first, second, third]
    # Ana and Bob also play with three others: that table shares too few people to be the group.
    others = ["Ana", "Bob", "Kim", "Lu", "Mo"]
    fourth = play(table, table.start(others, seed=14), 14)
    for name in five:
        body = table[name].send("STATS").reply
        FIGURES[f"stats-{name}"] = f"STATS for {name}: {len(body)} characters, {segments(body)} seg"
        assert segments(body) <= 2, body
        assert "+1555" not in body and not re.search(r"\d{7}", body)
        mine, _, rest = body.partition(": ")
        assert mine == name
        overall, _, rest = rest.partition(". With this group: ")
        grouped, _, wins = rest.partition(". The group's wins: ")
        every = [first, second, third, fourth]
        assert figures(overall) == expected(every, name)
        latest = [fourth] if name in others else group  # the group of the sender's latest game
        assert figures(grouped) == expected(latest, name), (body, name)
        counted = Counter(g["winner"] for g in latest)
        told = dict((w[:-1], int(n)) for w, n in re.findall(r"(\w+) (\d+)", wins))
        assert told == dict(counted), body
    # STATS <name>: another player of the sender's latest table, by the start of the name.
    body = table["Cy"].send("STATS an").reply
    assert body.startswith("Ana: ") and "With this group: " in body
    grouped = body.split(". With this group: ")[1].split(". The group's")[0]
    assert figures(grouped) == expected(group, "Ana")  # Cy's group, Ana's games in it
    assert "No player Kim at your table" in table["Cy"].send("STATS Kim").reply
    assert "played none yet" in table.phone("Newcomer").send("STATS").reply
