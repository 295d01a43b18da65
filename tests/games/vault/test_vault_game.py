"""A third game, which exists only in these tests, played whole by text through POST /sms, with
reminders, a deadline, a computer player, the board and the replay (issue 26): the house takes
a new game as a new package, and nothing outside this folder knows it."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import Phones

ROOT = Path(__file__).resolve().parents[3]


def prompt_range(texts: list[str]) -> tuple[int, int]:
    """The numbers a guess prompt offers ("a number from 3 to 9")."""
    found = re.search(r"from (\d+) to (\d+)", texts[-1])
    return int(found.group(1)), int(found.group(2))


def awaited(out: dict[str, list[str]]) -> str:
    """The one phone asked for a guess in `out`."""
    (name,) = [n for n, texts in out.items() if texts[-1].startswith("Your guess")]
    return name


def test_the_vault_is_played_whole_by_text(phones: Phones):
    code = phones.open("Ana", "Bob", "Cy")
    out = phones.text("Ana", "RULES TRIES 5")
    assert out["Bob"] == ["The host set the vault rules: 5 guesses in all."]
    out = phones.text("Ana", "START")
    assert set(out) == {"Ana", "Bob", "Cy"}
    insiders = [n for n, texts in out.items() if texts[0].startswith("You are the INSIDER")]
    assert len(insiders) == 1
    assert all("The vault game has begun: 5 guesses in all" in " ".join(t) for t in out.values())
    turn = awaited(out)
    low, high = prompt_range(out[turn])

    other = next(n for n in ("Ana", "Bob", "Cy") if n != turn)
    assert phones.text(other, f"GUESS {low}")[other] == [f"Not your turn: {turn} guesses now."]
    assert phones.text(turn, "GUESS 40")[turn][0].startswith("Guess a number from 1 to 20")
    out = phones.text(other, "i bet it's 7")
    assert set(out) == {"Ana", "Bob", "Cy"} - {other}  # table talk, relayed
    assert phones.text(other, "STATUS")[other] == [
        f"Vault {code}: {turn} guesses next, from 1 to 20; 5 guesses left."
    ]
    assert phones.text(other, "HELP")[other][0].startswith("The vault: take turns")

    for _ in range(5):
        out = phones.text(turn, f"GUESS {(low + high) // 2}")
        if "was the insider" in out["Ana"][-1]:
            break
        assert re.search(r"guessed \d+: (higher|lower)", out["Ana"][0])
        turn = awaited(out)
        low, high = prompt_range(out[turn])
    verdict = out["Ana"][-1]
    assert f"{insiders[0]} was the insider" in verdict
    assert out["Bob"][-1] == out["Cy"][-1] == verdict

    state = phones.client.get(f"/g/{code}.json").get_json()
    assert state["phase"] == "over" and state["vault"]["winner"] in ("crew", "insider")
    page = phones.client.get(f"/g/{code}").get_data(as_text=True)
    assert "vault game" in page and 'id="verdict"' in page and 'id="secret"' in page
    replay = phones.client.get(f"/g/{code}/replay").get_data(as_text=True)
    assert 'class="guess"' in replay and "was the insider" in replay
    assert phones.text("Bob", "STATUS")["Bob"][0].endswith("REMATCH plays again.")


def test_the_board_hides_the_insider_while_the_vault_is_shut(phones: Phones):
    code = phones.open("Ana", "Bob")
    lobby = phones.client.get(f"/g/{code}").get_data(as_text=True)
    assert "Waiting for players: the vault" in lobby
    phones.text("Ana", "START")
    state = phones.client.get(f"/g/{code}/board.json").get_json()
    assert state["vault"]["insider"] is None and state["vault"]["secret"] is None
    page = phones.client.get(f"/g/{code}").get_data(as_text=True)
    assert "guesses</h2>" in page and "insider;" not in page


def test_a_waiting_guess_is_reminded_then_made_by_the_clock(phones: Phones):
    phones.open("Ana", "Bob")
    assert phones.text("Ana", "SET DEADLINE 1")["Ana"]
    out = phones.text("Ana", "START")
    turn = awaited(out)
    out = phones.later(minutes=30)
    assert out[turn][0].startswith("Vault ") and "your guess is awaited" in out[turn][0]
    assert set(out) == {turn}
    out = phones.later(hours=1)
    assert re.match(r"Time ran out: the clock guessed 10 for \w+", out["Ana"][0])
    assert out["Bob"][0] == out["Ana"][0]


def test_a_computer_player_guesses_by_itself(phones: Phones):
    phones.open("Ana")
    assert phones.text("Ana", "BOT")["Ana"]
    out = phones.text("Ana", "START")
    seen = list(out["Ana"])
    for _ in range(12):
        if "was the insider" in seen[-1]:
            break
        if seen[-1].startswith("Your guess"):
            low, high = prompt_range(seen)
            out = phones.text("Ana", f"GUESS {(low + high) // 2}")
        else:
            out = phones.later(seconds=30)  # the bot's pause: it moves by itself
        seen += out.get("Ana", [])
    assert "was the insider" in seen[-1]
    assert any(re.match(r"(?!Ana )\w+ guessed \d+", line) for line in seen), seen


def test_nothing_outside_this_folder_knows_the_vault():
    here = Path(__file__).resolve().parent
    found = [
        str(path.relative_to(ROOT))
        for folder in ("sh_sms", "templates", "tests")  # the docs may show it as an example
        for path in (ROOT / folder).rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".txt", ".html", ".md", ".toml")
        and here not in path.parents
        and re.search(r"\bvault", path.read_text(errors="ignore"), re.I)
    ]
    assert found == []
