"""A Spanish text's length is counted as it is sent (issue 33): the mailbox writes the acute
vowels plain, so a text with an accent costs what its GSM-7 form costs, and the fullest wording
that fits is chosen, never a shorter one because an accent was counted as UCS-2."""

from __future__ import annotations

import re

from harness import Table

from sh_sms.text.gsm import segments

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


def spanish_start(table: Table, seed: int) -> tuple[str, dict[str, str]]:
    """Seven Spanish players (NUEVO, UNIRSE), started; the code and each one's first text."""
    out = table.phone("Ana").send("NUEVO Ana")
    code = re.search(r"\b([A-Z]{4})\b", out.reply).group(1)
    for name in NAMES[1:]:
        table.phone(name).send(f"UNIRSE {code} {name}")
    table.set_seed(code, seed)
    return code, dict(table.phone("Ana").send("EMPEZAR").items())


def openings(opening: str, code: str, you: str) -> list[str]:
    """The start text's openings, fullest first (sh_sms.games.standard.start.OPENINGS), as
    sent: the roster (the reader marked), how many play, HELP's word, the code alone."""
    begun = opening[: opening.index(code) + len(code)]
    roster = ", ".join(f"{n} (tu)" if n == you else n for n in NAMES)
    return [
        f"{begun}: {roster}. AYUDA: comandos.",
        f"{begun}: {len(NAMES)} jugadores. AYUDA: comandos.",
        f"{begun}. AYUDA: comandos.",
        f"{begun}.",
    ]


def test_the_start_text_is_the_fullest_that_fits_as_sent(new_table):
    """Each player reads the fullest opening that costs no more segments, once sent, than the
    shortest: with the accents written plain, not counted as UCS-2."""
    fuller_seen = 0
    for seed in (1, 2, 3):
        code, first = spanish_start(new_table(), seed)
        for name, body in first.items():
            opening, rest = body.split("\n", 1)
            tries = openings(opening, code, name)
            assert opening in tries, body
            chosen = tries.index(opening)
            for fuller in tries[:chosen]:
                assert segments(f"{fuller}\n{rest}") > segments(body), (name, body, fuller)
            fuller_seen += chosen < len(tries) - 1
    assert fuller_seen  # some player read more than the code alone
