"""Benchmarks drive texts at machine speed, which the limits per minute and per hour (README
"Limits") would read as a flood: they are lifted here. tests/abuse runs them at their defaults."""

from __future__ import annotations

NO_LIMITS = {
    "texts_per_minute": 10**6,
    "talk_segments_per_minute": 10**6,
    "talk_segments_per_hour": 10**6,
    "host_notices_per_hour": 10**6,
    "stranger_texts": 10**6,
    "games_per_number_per_hour": 10**6,
    "games_per_hour": 10**6,
    "joins_per_hour": 10**6,
}
