"""The number people text, as pages show it, and the lobby's QR code that starts a JOIN text."""

from __future__ import annotations

import phonenumbers
import segno
from markupsafe import Markup

from ..config import TWILIO, Settings


def service_number(settings: Settings) -> str | None:
    """The number to text, for people to read; None without Twilio or with a Messaging Service."""
    if settings.backend != TWILIO or not settings.twilio_from_number:
        return None
    try:
        parsed = phonenumbers.parse(settings.twilio_from_number, settings.default_region)
    except phonenumbers.NumberParseException:
        return settings.twilio_from_number
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.INTERNATIONAL)


def join_qr(settings: Settings, code: str) -> Markup | None:
    """An inline SVG QR code that opens a text `JOIN <code> ` to the service number, if known."""
    if service_number(settings) is None:
        return None
    number = settings.twilio_from_number
    qr = segno.make(f"SMSTO:{number}:JOIN {code} ", error="m")
    svg = qr.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True)
    return Markup(svg.replace("<svg ", '<svg role="img" aria-labelledby="join-text" ', 1))
