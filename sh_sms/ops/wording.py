"""Words for the operator (start-up refusals, command output, the board's banner), rendered from
templates/ops/*.txt so that, like every text a player reads, none of them is written in Python.
They live in sh_sms/resources.py, below the settings that use them; the operator's code says
them from here."""

from __future__ import annotations

from ..resources import has, say

__all__ = ["has", "say"]
