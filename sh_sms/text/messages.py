"""Wording: texts from templates/sms/*.txt, the helpers every template shares, and one SMS body
from several texts (a game's own wording is its package's)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from jinja2 import ChoiceLoader, Environment, FileSystemLoader

from ..gamekind import registry
from ..resources import TEMPLATES as TEMPLATES_DIR
from ..resources import GameFolders, plain_text
from .gsm import EXTENSION, sent_segments, units
from .languages import ENGLISH, I18N, current, you_word

TEMPLATES = TEMPLATES_DIR / "sms"
SMS_MAX = 1600  # Twilio's limit for one message body


class Prompt(str):
    """A text asking its reader to act: the game waits on them (the outbox sends it first).

    Pass it to `Mailbox.add` as it is; a plain copy (str(), an f-string) loses the mark.
    """

    __slots__ = ()


@cache
def _texts(language: str) -> Environment:
    """The SMS templates in one language: its own (templates/i18n/<code>/sms), then English
    (templates/sms), then those a game brings (`games/<game>/<file>`)."""
    house = plain_text("sms")
    games = GameFolders(lambda name: registry.own_folder(name, "sms"))
    own = [] if language == ENGLISH else [FileSystemLoader(I18N / language / "sms")]
    return house.overlay(loader=ChoiceLoader([*own, house.loader, games]))


def render(template: str, **context) -> str:
    """Render `templates/sms/<template>.txt` (or a game's own `games/<game>/<template>.txt`)
    in the language being written (`languages.speaking`), stripped of outer whitespace."""
    return _texts(current()).get_template(f"{template}.txt").render(**context).strip()


def naming(names: list[str], you: int | None = None) -> dict:
    """Template helpers that turn seats into names and hands into letters. `you`: the reader's
    seat, whom `person` and `people` call "you" (a text never names its reader in the third
    person)."""

    def person(seat: int) -> str:
        return you_word() if seat == you else names[seat]

    def people(seats: list[int]) -> str:
        return ", ".join(person(s) for s in sorted(seats, key=lambda s: s != you))  # you first

    return {
        "roster": names,
        "name": lambda seat: names[seat],
        "names": lambda seats: ", ".join(names[s] for s in seats),
        "person": person,
        "people": people,
        "letters": " ".join,
        "is_you": lambda seat: seat == you,
    }


def thriftiest(variants: list[str], rest: list[str]) -> str:
    """The first of `variants` (fullest first) that, sent with `rest`, costs no more segments
    than the last one would."""
    return thriftiest_made([lambda text=text: text for text in variants], rest)


def thriftiest_made(makers: list[Callable[[], str]], rest: list[str]) -> str:
    """`thriftiest` of the texts `makers` render, rendering only those it needs: the last one,
    then the fullest first until one fits (STATUS has nine wordings; the first mostly fits)."""
    last = makers[-1]()
    least = sent_segments(join([last, *rest]))
    for make in makers[:-1]:
        text = make()
        if sent_segments(join([text, *rest])) <= least:
            return text
    return last


def fewest_segments(tries: list[list[str]]) -> list[str]:
    """The first of `tries` (each the texts of one SMS, fullest first) that costs the fewest
    segments of them all."""
    least = min(sent_segments(join(texts)) for texts in tries)
    return next(texts for texts in tries if sent_segments(join(texts)) == least)


def join(parts: list[str]) -> str:
    """Join the texts for one recipient into one SMS body: at most 1600 characters (Twilio's
    limit), an extension character such as `€` counted as two, so a body is never over 11
    segments (the bound of docs/operating.md "Limits")."""
    body = "\n".join(p for p in parts if p)
    if units(body) <= SMS_MAX:
        return body
    kept, used = [], 0
    for ch in body:
        used += 2 if ch in EXTENSION else 1
        if used > SMS_MAX - 3:
            break
        kept.append(ch)
    return "".join(kept) + "..."
