"""Quiet hours as pure functions: reading a window, and when a reminder may go out.

America/New_York in 2026: clocks spring forward on 2026-03-08 at 02:00 EST (07:00 UTC) and fall
back on 2026-11-01 at 02:00 EDT (06:00 UTC).
"""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sh_sms.quiet import format_window, is_quiet, next_allowed, parse_window
from sh_sms.text.setwords import parse_hours, parse_minutes, parse_quiet, parse_zone

NY = ZoneInfo("America/New_York")
NIGHT = (21 * 60, 8 * 60)  # 21-8, the default


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.mark.parametrize(
    "text, window",
    [
        ("21-8", (1260, 480)),
        ("21 - 8", (1260, 480)),
        ("21:30-7:15", (1290, 435)),
        ("9pm-8am", (1260, 480)),
        ("9:30PM to 7AM", (1290, 420)),
        ("10p-6a", (1320, 360)),
        ("12am-6am", (0, 360)),
        ("12pm-1pm", (720, 780)),
        ("0-6", (0, 360)),
        ("22-24", (1320, 0)),
        ("1-5", (60, 300)),
        ("off", None),
        ("OFF", None),
        ("none", None),
        ("21-21", False),
        ("25-8", False),
        ("21:60-8", False),
        ("13pm-8", False),
        ("21", False),
        ("soon", False),
        ("", False),
    ],
)
def test_parse_window(text, window):
    assert parse_window(text) == window


@pytest.mark.parametrize(
    "window, text", [((1260, 480), "21-8"), ((1290, 435), "21:30-7:15"), (None, "off")]
)
def test_format_window_reads_back(window, text):
    assert format_window(window) == text
    assert parse_window(text) == window


@pytest.mark.parametrize(
    "parse, words, value",
    [
        (parse_minutes, ["30"], "30"),
        (parse_minutes, ["30", "min"], "30"),
        (parse_minutes, ["5m"], "5"),
        (parse_minutes, ["OFF"], "off"),
        (parse_minutes, ["0"], None),
        (parse_minutes, ["1441"], None),
        (parse_minutes, ["30", "hours"], None),
        (parse_minutes, ["soon"], None),
        (parse_hours, ["12"], "12"),
        (parse_hours, ["12", "h"], "12"),
        (parse_hours, ["2hours"], "2"),
        (parse_hours, ["off"], "off"),
        (parse_hours, ["169"], None),
        (parse_hours, ["-1"], None),
        (parse_quiet, ["10pm", "-", "7:30am"], "22-7:30"),
        (parse_quiet, ["Off"], "off"),
        (parse_quiet, ["late"], None),
        (parse_zone, ["America/Chicago"], "America/Chicago"),
        (parse_zone, ["america/new_york"], "America/New_York"),
        (parse_zone, ["America/New", "York"], "America/New_York"),
        (parse_zone, ["europe/paris"], "Europe/Paris"),
        (parse_zone, ["UTC"], "UTC"),
        (parse_zone, ["Mars/Olympus"], None),
    ],
)
def test_set_values(parse, words, value):
    assert parse(words) == value


NEXT_ALLOWED = [
    # (moment, expected): the default 21-8 in New York
    ("summer noon", utc(2026, 6, 10, 16, 0), utc(2026, 6, 10, 16, 0)),
    ("20:59 is not quiet", utc(2026, 6, 11, 0, 59, 59), utc(2026, 6, 11, 0, 59, 59)),
    ("21:00 is quiet", utc(2026, 6, 11, 1, 0), utc(2026, 6, 11, 12, 0)),
    ("before midnight", utc(2026, 6, 11, 3, 59), utc(2026, 6, 11, 12, 0)),
    ("after midnight", utc(2026, 6, 11, 4, 30), utc(2026, 6, 11, 12, 0)),
    ("07:59", utc(2026, 6, 11, 11, 59), utc(2026, 6, 11, 12, 0)),
    ("08:00 is not quiet", utc(2026, 6, 11, 12, 0), utc(2026, 6, 11, 12, 0)),
    ("winter night", utc(2026, 1, 15, 3, 0), utc(2026, 1, 15, 13, 0)),
    # Spring forward: the night is an hour shorter; 08:00 EDT is 12:00 UTC.
    ("spring: evening before", utc(2026, 3, 8, 2, 30), utc(2026, 3, 8, 12, 0)),
    ("spring: 01:59 EST", utc(2026, 3, 8, 6, 59), utc(2026, 3, 8, 12, 0)),
    ("spring: 03:00 EDT", utc(2026, 3, 8, 7, 0), utc(2026, 3, 8, 12, 0)),
    ("spring: 07:59 EDT", utc(2026, 3, 8, 11, 59), utc(2026, 3, 8, 12, 0)),
    ("spring: 20:59 EDT", utc(2026, 3, 9, 0, 59), utc(2026, 3, 9, 0, 59)),
    # Fall back: the night is an hour longer; 08:00 EST is 13:00 UTC.
    ("fall: evening before", utc(2026, 11, 1, 1, 30), utc(2026, 11, 1, 13, 0)),
    ("fall: 01:30 EDT", utc(2026, 11, 1, 5, 30), utc(2026, 11, 1, 13, 0)),
    ("fall: 01:30 EST", utc(2026, 11, 1, 6, 30), utc(2026, 11, 1, 13, 0)),
    ("fall: 07:59 EST", utc(2026, 11, 1, 12, 59), utc(2026, 11, 1, 13, 0)),
    ("fall: 08:00 EST", utc(2026, 11, 1, 13, 0), utc(2026, 11, 1, 13, 0)),
    ("fall: 20:59 EST", utc(2026, 11, 2, 1, 59), utc(2026, 11, 2, 1, 59)),
]


@pytest.mark.parametrize(
    "moment, expected", [pytest.param(m, e, id=name) for name, m, e in NEXT_ALLOWED]
)
def test_next_allowed_across_midnight_and_dst(moment, expected):
    assert next_allowed(moment, NIGHT, NY) == expected


def test_no_window_never_waits():
    moment = utc(2026, 6, 11, 4, 0)
    assert not is_quiet(moment, None, NY)
    assert next_allowed(moment, None, NY) == moment


def test_a_window_inside_one_day():
    window = parse_window("13-14")
    assert next_allowed(utc(2026, 6, 10, 17, 30), window, NY) == utc(2026, 6, 10, 18, 0)
    assert next_allowed(utc(2026, 6, 10, 18, 0), window, NY) == utc(2026, 6, 10, 18, 0)


def test_a_window_ending_in_the_spring_gap_ends_with_the_gap():
    # 00:00-02:30: 02:30 does not exist on 2026-03-08; the minute after 01:59 EST is 03:00 EDT.
    window = parse_window("0-2:30")
    assert next_allowed(utc(2026, 3, 8, 6, 30), window, NY) == utc(2026, 3, 8, 7, 0)


def test_a_window_ending_in_the_repeated_hour_ends_at_its_first_end_after_the_moment():
    # 00:00-01:30 on 2026-11-01: 01:30 happens at 05:30 UTC (EDT) and again at 06:30 UTC (EST).
    window = parse_window("0-1:30")
    assert next_allowed(utc(2026, 11, 1, 5, 0), window, NY) == utc(2026, 11, 1, 5, 30)
    assert next_allowed(utc(2026, 11, 1, 6, 10), window, NY) == utc(2026, 11, 1, 6, 30)


def test_other_zones():
    paris, sydney = ZoneInfo("Europe/Paris"), ZoneInfo("Australia/Sydney")
    # 23:00 in Paris (CEST, +2) -> 08:00 local, 06:00 UTC
    assert next_allowed(utc(2026, 6, 10, 21, 0), NIGHT, paris) == utc(2026, 6, 11, 6, 0)
    # Sydney's clocks go back on 2026-04-05 at 03:00 AEDT: 08:00 AEST is 22:00 UTC.
    assert next_allowed(utc(2026, 4, 4, 12, 0), NIGHT, sydney) == utc(2026, 4, 4, 22, 0)


ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kolkata", "UTC"]


@settings(max_examples=200, deadline=None)
@given(
    st.datetimes(min_value=datetime(2026, 1, 1), max_value=datetime(2027, 1, 1)),
    st.integers(0, 24 * 60 - 1),
    st.integers(0, 24 * 60 - 1),
    st.sampled_from(ZONES),
)
def test_next_allowed_is_the_first_minute_outside_the_window(naive, start, end, zone_name):
    if start == end:
        return
    zone, window = ZoneInfo(zone_name), (start, end)
    moment = naive.replace(second=0, microsecond=0, tzinfo=UTC)
    allowed = next_allowed(moment, window, zone)
    assert allowed >= moment
    assert not is_quiet(allowed, window, zone)
    assert allowed - moment <= timedelta(hours=25)
    step = moment
    while step < allowed:  # every minute before it is quiet
        assert is_quiet(step, window, zone), step
        step += timedelta(minutes=1)
