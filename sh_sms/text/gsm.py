"""GSM 03.38 text: which strings fit the 7-bit alphabet, and how many SMS segments they take."""

from __future__ import annotations

import unicodedata

from .phonetext import LOOKALIKES, with_faces

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
GSM7 = BASIC | EXTENSION
KEPT_AS_IS = GSM7 - {"\r", "\f"}  # what `clean` keeps unchanged

GSM7_SINGLE, GSM7_MULTI = 160, 153  # septets per segment (multipart loses 7 to the header)
UCS2_SINGLE, UCS2_MULTI = 70, 67  # UTF-16 code units per segment


def is_gsm7(text: str) -> bool:
    """Return True if every character of `text` is in the GSM-7 basic set or extension table."""
    return GSM7.issuperset(text)


def units(text: str) -> int:
    """How much of an SMS `text` fills: GSM-7 septets (an extension character such as `€` or
    `[` takes two), or UTF-16 code units for text that is not GSM-7."""
    if is_gsm7(text):
        return len(text) + sum(ch in EXTENSION for ch in text)
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in text)


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


def sent_segments(text: str) -> int:
    """How many segments `text` takes as the mailbox sends it: made GSM-7 first (`sanitize`),
    so a Spanish text's acute vowels, written plain when sent, never count it as UCS-2."""
    return segments(sanitize(text))


def sanitize(text: str) -> str:
    """Make text GSM-7: plain punctuation for smart quotes, faces for common emoji, accents
    dropped where GSM has no such letter, and anything else (emoji, control characters) removed."""
    return clean(text)[0]


def clean(text: str) -> tuple[str, bool]:
    """`sanitize(text)`, and whether anything a reader would miss (an emoji, a symbol) was
    dropped; invisible characters and joiners do not count."""
    if KEPT_AS_IS.issuperset(text):
        return text, False  # most texts: nothing to change (no look-alike or face is GSM-7)
    text = with_faces(text.translate(LOOKALIKES))
    out: list[str] = []
    dropped = False
    for ch in text:
        if ch in BASIC or ch in EXTENSION:
            if ch not in "\r\f":
                out.append(ch)
            continue
        kept = [c for c in unicodedata.normalize("NFKD", ch) if c in BASIC and c not in "\r\n"]
        out.extend(kept)
        if not kept and unicodedata.category(ch)[0] not in "CZM":
            dropped = True
    return "".join(out), dropped
