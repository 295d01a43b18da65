"""What the logs show of a phone number: its whole country code and its last four digits."""

from __future__ import annotations

import pytest

from sh_sms.ops.logsafe import scrub
from sh_sms.text.numbers import mask


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        ("+15550104321", "+1******4321"),
        ("+447911123456", "+44******3456"),  # was +4*******3456: one digit of the country code
        ("+353871234567", "+353*****4567"),
        ("+8613800138000", "+86*******8000"),
        ("+9715012345", "+971***2345"),
        ("+1234", "+****"),
        (None, "-"),
        ("bot:ana", "bot:ana"),  # a computer player has no phone
    ],
)
def test_a_number_keeps_its_whole_country_code_and_last_four_digits(number, shown):
    assert mask(number) == shown


def test_a_traceback_quoting_a_number_has_it_masked_the_same_way():
    assert scrub("to=+447911123456 failed") == "to=+44******3456 failed"
