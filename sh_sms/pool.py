"""The pool of service numbers the service texts from (issue 35), and the lines they key.

Each game plays on one number of the pool and every text of it comes from that number; a phone
holds at most one seat per number. The database keys a number by its *line*: the home number
(the first of the pool: TWILIO_FROM_NUMBER, else the first of TWILIO_NUMBERS or of the Messaging
Service) is the line `HOME` (""), any other number is its own E.164 form. So a service with one
number keys everything as it always did, and every row from before the pool is on the home line.

With one number (or none known: a Messaging Service whose numbers were not read) the pool is
*single*: the number a text was sent to (`To`) does not matter, as before the pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import phonenumbers

HOME = ""  # the line of the pool's first number
SIM_PREFIX = "+1555020"
TOLL_FREE_RATE = 3.0  # segments a second: Twilio's default for a US toll-free number
SHORT_CODE_RATE = 100.0  # the simulator's service numbers: +15550200001, +15550200002, ...


def sim_numbers(count: int) -> tuple[str, ...]:
    """The simulator's `count` service numbers (fictional +1 555, apart from its phones')."""
    return tuple(f"{SIM_PREFIX}{k:04d}" for k in range(1, count + 1))


def kind_rate(number: str, long_code: float) -> float:
    """The send rate of `number` by its kind: a short code (digits only, at most 8) 100
    segments a second, a toll-free number 3, any other the long code's `long_code`."""
    if number.isdigit() and len(number) <= 8:
        return SHORT_CODE_RATE
    try:
        kind = phonenumbers.number_type(phonenumbers.parse(number))
    except phonenumbers.NumberParseException:
        return long_code
    return TOLL_FREE_RATE if kind == phonenumbers.PhoneNumberType.TOLL_FREE else long_code


@dataclass(frozen=True)
class Pool:
    """The service numbers in E.164, the home number first, and the Messaging Service (if any)
    they send through."""

    numbers: tuple[str, ...] = ()
    service_sid: str | None = None

    @property
    def single(self) -> bool:
        """One number (or none known): every text concerns the home line, whatever its `To`."""
        return len(self.numbers) < 2

    @property
    def home(self) -> str | None:
        """The home number (None: not known, a Messaging Service picks the sender)."""
        return self.numbers[0] if self.numbers else None

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """Every line of the pool, the home line first."""
        return (HOME,) if self.single else (HOME, *self.numbers[1:])

    @cached_property
    def _others(self) -> frozenset[str]:
        return frozenset(self.numbers[1:])

    def line_of(self, to: str | None) -> str | None:
        """The line of the number a text was sent to; None when that number is not in the pool
        (a webhook left pointing here). A single pool, and a text without `To`, are home."""
        if self.single or not to or to == self.numbers[0]:
            return HOME
        return to if to in self._others else None

    def number_of(self, line: str) -> str | None:
        """The number a line texts from (the home line's may be unknown: None)."""
        return self.home if line == HOME else line

    def sender(self, line: str) -> dict[str, str]:
        """Twilio's sender parameters for a text from `line`: its number (`from_`), through the
        Messaging Service if there is one. The home line of a single Messaging Service sends
        through the service alone, as before the pool (Twilio picks the sender)."""
        params = {"messaging_service_sid": self.service_sid} if self.service_sid else {}
        number = self.number_of(line)
        if number and (not self.service_sid or line != HOME or not self.single):
            params["from_"] = number
        return params

    @property
    def stops_per_number(self) -> bool:
        """Whether a STOP opts a phone out of one number only: bare numbers each keep their
        own opt-out list at the carrier; a Messaging Service's Advanced Opt-Out covers all of
        its numbers, and one number is all there is."""
        return not self.single and not self.service_sid

    def stop_line(self, line: str) -> str | None:
        """The line a STOP sent to `line` opts out of; None: the whole service."""
        return line if self.stops_per_number else None
