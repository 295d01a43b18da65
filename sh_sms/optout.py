"""Carrier keywords: STOP opts a number out of every text; START opts it back in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .store import Contact

if TYPE_CHECKING:
    from .service import Turn


def carrier_keyword(turn: Turn, verb: str) -> bool:
    """STOP opts out; START from an opted-out number opts back in. True if it was handled."""
    contact = turn.session.get(Contact, turn.number)
    if verb == "stop":
        if contact is None:
            contact = Contact(number=turn.number)
            turn.session.add(contact)
        contact.opted_out = True
        return True  # the carrier confirms an opt-out itself; we stay silent
    if contact is not None and contact.opted_out:
        contact.opted_out = False
        turn.session.flush()
        turn.reply("reply/opted_in")
        return True
    return False
