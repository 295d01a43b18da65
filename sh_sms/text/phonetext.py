"""What phones put in texts, made plain: smart punctuation, full-width letters, emoji.

- `plain(text)`: the text a parser should read: curly quotes, dashes, ellipses, non-breaking
  spaces and full-width letters become their ASCII forms (NFKC), nothing is dropped.
- `with_faces(text)`: common emoji become short GSM-7 faces (`:)`, `<3`, `:(`) so relayed talk
  keeps its tone; other emoji are left for the GSM-7 guard to drop.
"""

from __future__ import annotations

import re
import unicodedata

# Look-alikes that phones insert (smart punctuation) and their plain equivalents.
LOOKALIKES = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
        "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2026": "...",
        "\u00a0": " ", "\u202f": " ", "\u2007": " ", "\t": " ",
    }
)  # fmt: skip

# Emoji (without their variation selectors or skin tones) -> the face people typed before them.
FACES = {
    **dict.fromkeys("\U0001f600\U0001f603\U0001f604\U0001f601\U0001f642\u263a\U0001f60a", ":)"),
    **dict.fromkeys("\U0001f606\U0001f602\U0001f923\U0001f605", ":D"),
    **dict.fromkeys("\U0001f609\U0001f61c", ";)"),
    **dict.fromkeys("\U0001f61b\U0001f61d", ":P"),
    **dict.fromkeys("\U0001f641\u2639\U0001f61e\U0001f614\U0001f622\U0001f62d\U0001f625", ":("),
    **dict.fromkeys("\U0001f62e\U0001f632\U0001f631\U0001f62f", ":O"),
    **dict.fromkeys("\U0001f620\U0001f621\U0001f624", ">:("),
    **dict.fromkeys("\U0001f610\U0001f611", ":|"),
    **dict.fromkeys("\U0001f615\U0001f914\U0001f928", ":/"),
    **dict.fromkeys("\u2764\U0001f495\U0001f496\U0001f497\u2665\U0001f499\U0001f49a", "<3"),
    **dict.fromkeys("\U0001f44d\U0001f44c\u2705\u2714", "(y)"),
    **dict.fromkeys("\U0001f44e\u274c\u2716", "(n)"),
    "\U0001f60e": "B)",
    "\U0001f607": "O:)",
    "\U0001f608": ">:)",
    "\U0001f644": "(eyeroll)",
    "\U0001f937": "(shrug)",
    "\U0001f440": "(eyes)",
    "\U0001f525": "(fire)",
    "\U0001f480": "(dead)",
    "\U0001f389": "(party)",
}
_MODIFIERS = re.compile("[\ufe0e\ufe0f\u200d\U0001f3fb-\U0001f3ff\u2640\u2642]")
_FACE = re.compile("|".join(re.escape(e) for e in sorted(FACES, key=len, reverse=True)))


def plain(text: str) -> str:
    """Smart punctuation and full-width forms as their plain ASCII equivalents (NFKC)."""
    return unicodedata.normalize("NFKC", text.translate(LOOKALIKES))


def with_faces(text: str) -> str:
    """Common emoji as short GSM-7 faces; a face gets spaces around it where it touches a word."""
    text = _MODIFIERS.sub("", text)

    def face(match: re.Match) -> str:
        before = match.string[match.start() - 1 : match.start()]
        after = match.string[match.end() : match.end() + 1]
        left = " " if before and not before.isspace() else ""
        right = " " if after and not after.isspace() else ""
        return left + FACES[match.group()] + right

    return _FACE.sub(face, text)
