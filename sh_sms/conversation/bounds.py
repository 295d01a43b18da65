"""The most outbound segments one sender can make the service send in a span of time, from the
limits in force (docs/operating.md "Limits": the figure at the defaults; tests/abuse checks it
holds).

Every window is fixed, so a span can touch one window more than it covers whole. Game moves
(START included) are left out: each is a move the game waits for from that sender, and a game
needs its players, so the game itself bounds them.
"""

from __future__ import annotations

from ..config import Settings
from ..table.seats import MAX_SEATS
from ..text.gsm import segments
from ..text.messages import SMS_MAX

REPLY_SEGMENTS = segments("x" * SMS_MAX)  # one SMS to one number per text, 1,600 characters
# The most segments of one notice to a table (a change by the host, a join or a leave, an opt-out
# with the host's options joined to it, a rematch invitation): pinned by tests/abuse.
NOTICE_SEGMENTS = 3


def windows(span: int, seconds: int) -> int:
    """How many fixed windows of `seconds` a span of `span` seconds can touch."""
    return span // seconds + 1


def worst_case(settings: Settings, span: int = 600, table: int = MAX_SEATS) -> dict[str, int]:
    """Per kind, the most segments one sender can cause in `span` seconds at a table of
    `table`; "total" sums them."""
    s = settings
    others = table - 1  # everyone but the sender
    notice = others * NOTICE_SEGMENTS
    hours = windows(span, 3600)
    talk_game = hours * s.talk_segments_per_hour
    # A phone sits at one table per number of the pool (issue 35): what each of its tables is
    # told counts once per table (its talk per minute and its texts are the phone's own).
    tables = len(s.pool.lines)
    terms = {
        # Everything sent to the sender: at most one SMS per text acted on, plus one notice
        # per minute once over TEXTS_PER_MINUTE.
        "replies": windows(span, 60) * (s.texts_per_minute + 1) * REPLY_SEGMENTS,
        # Relayed talk, and the table told once per hour that the game's talk is spent.
        "talk": min(windows(span, 60) * s.talk_segments_per_minute, talk_game)
        + tables * hours * notice,
        "host": tables * hours * s.host_notices_per_hour * notice,
        "opt_out": tables * hours * s.reach_notices_per_hour * notice,
        "joins": hours * s.joins_per_hour * 2 * notice,  # each join and the leave after it
        "games": hours * s.games_per_number_per_hour * notice,  # a rematch invites the table
    }
    terms["total"] = sum(terms.values())
    return terms
