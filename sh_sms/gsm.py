"""GSM 03.38 text: which strings fit the 7-bit alphabet, and how many SMS segments they take."""

from __future__ import annotations

import unicodedata

# The basic character set, in code order 0x00-0x7F; 0x1B (the escape to the extension table)
# is left out because it is not a character a message may contain.
BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅå"
    "Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ"
    " !\"#¤%&'()*+,-./"
    "0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNO"
    "PQRSTUVWXYZÄÖÑÜ§"
    "¿abcdefghijklmno"
    "pqrstuvwxyzäöñüà"
)
# The extension table: each is sent as ESC + code, so it costs two septets.
EXTENSION = frozenset("\f^{}\\[~]|€")

GSM7_SINGLE, GSM7_MULTI = 160, 153  # septets per segment (multipart loses 7 to the header)
UCS2_SINGLE, UCS2_MULTI = 70, 67  # UTF-16 code units per segment


def is_gsm7(text: str) -> bool:
    """Return True if every character of `text` is in the GSM-7 basic set or extension table."""
    return all(ch in BASIC or ch in EXTENSION for ch in text)


def segments(text: str) -> int:
    """Return how many SMS segments `text` needs (0 for empty text).

    GSM-7 text takes 160 septets in one segment, else 153 per segment; an extension character
    costs 2 septets and is never split across segments. Any other text goes as UCS-2: 70 UTF-16
    code units in one segment, else 67 per segment, never splitting a surrogate pair.
    """
    if is_gsm7(text):
        costs = [2 if ch in EXTENSION else 1 for ch in text]
        single, multi = GSM7_SINGLE, GSM7_MULTI
    else:
        costs = [2 if ord(ch) > 0xFFFF else 1 for ch in text]
        single, multi = UCS2_SINGLE, UCS2_MULTI
    if not costs:
        return 0
    if sum(costs) <= single:
        return 1
    count, used = 1, 0
    for cost in costs:
        if used + cost > multi:
            count, used = count + 1, 0
        used += cost
    return count


# Look-alikes that phones insert (smart punctuation) and their plain GSM-7 equivalents.
_LOOKALIKES = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"',
        "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2026": "...",
        "\u00a0": " ", "\t": " ",
    }
)  # fmt: skip


def sanitize(text: str) -> str:
    """Make player-typed text GSM-7: plain punctuation for smart quotes, accents dropped where
    GSM has no such letter, and anything else (emoji, control characters) removed."""
    text = text.translate(_LOOKALIKES)
    out = []
    for ch in text:
        if ch in BASIC or ch in EXTENSION:
            if ch not in "\r\f":
                out.append(ch)
            continue
        base = unicodedata.normalize("NFKD", ch)
        out.extend(c for c in base if c in BASIC and c not in "\r\n")
    return "".join(out)
