"""The number people text, as pages show it, and the lobby's QR code that starts a JOIN text."""

from __future__ import annotations

import phonenumbers
import segno
from markupsafe import Markup

from ..config import TWILIO, Settings
from ..pool import HOME


def service_number(settings: Settings, line: str = HOME) -> str | None:
    """The number to text (a game's: the one of its `line`), for people to read; None without
    Twilio or when it is not known (a Messaging Service whose numbers were not read)."""
    number = settings.pool.number_of(line) if settings.backend == TWILIO else None
    if not number:
        return None
    try:
        parsed = phonenumbers.parse(number, settings.default_region)
    except phonenumbers.NumberParseException:
        return number
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.INTERNATIONAL)


def join_qr(settings: Settings, code: str, line: str = HOME) -> Markup | None:
    """An inline SVG QR code that opens a text `JOIN <code> ` to the game's service number, if
    known."""
    if service_number(settings, line) is None:
        return None
    number = settings.pool.number_of(line)
    qr = segno.make(f"SMSTO:{number}:JOIN {code} ", error="m")
    svg = qr.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True)
    return Markup(svg.replace("<svg ", '<svg role="img" aria-labelledby="join-text" ', 1))
