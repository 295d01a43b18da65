"""The simulator with three service numbers (SIM_NUMBERS=3, issue 35): each phone shows one
thread per number it talks to and can text any of them; a phone sits at one game per number."""

from __future__ import annotations

import contextlib
import re

import pytest

with contextlib.suppress(ImportError):
    from playwright.sync_api import Locator, expect

from sh_sms.pool import sim_numbers

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
ONE, TWO, THREE = sim_numbers(3)


class Phone:
    """One phone card of the /sim page, with its threads."""

    def __init__(self, card: Locator) -> None:
        self.card = card
        self.input = card.locator("form input")
        self.tabs = card.locator(".threads button")

    def thread(self, number: str) -> None:
        """Open (or start) the thread with the service number `number`."""
        tab = self.card.locator(f'.threads button[data-number="{number}"]')
        if tab.count():
            tab.click()
        else:
            self.card.locator(".threads select").select_option(number)
        expect(self.card.locator(".threads button.on")).to_have_attribute("data-number", number)

    def send(self, body: str) -> str:
        """Type a text in the open thread; the reply it gets there."""
        inbound = self.card.locator(".msg.in")
        before = inbound.count()
        self.input.fill(body)
        self.input.press("Enter")
        expect(self.card.locator(".msg.out").last).to_have_text(body)
        expect(inbound).to_have_count(before + 1)
        return inbound.last.inner_text()

    def shown(self) -> list[str]:
        return self.card.locator(".msg").all_inner_texts()


def test_each_phone_shows_a_thread_per_number_and_texts_any(page, serve, screenshot):
    server = serve(sim_numbers=3)
    page.goto(server.url + "/sim")
    page.get_by_role("button", name="Add 5 phones").click()
    cards = page.locator("#phones .phone")
    expect(cards).to_have_count(5)
    phones = {name: Phone(cards.nth(i)) for i, name in enumerate(NAMES)}
    ana, bob = phones["Ana"], phones["Bob"]
    expect(ana.tabs).to_have_count(1)  # the first number's thread, open from the start

    first = re.search(r"Game ([A-Z]{4}) is open", ana.send("NEW Ana"))[1]
    for name in NAMES[1:]:
        assert f"You joined game {first}" in phones[name].send(f"JOIN {first} {name}")

    ana.thread(TWO)  # a new thread: the second number
    second = re.search(r"Game ([A-Z]{4}) is open", ana.send("NEW Ana"))[1]
    expect(ana.tabs).to_have_count(2)
    expect(ana.card.locator(f'.threads button[data-number="{TWO}"]')).to_have_text(f"0002 {second}")

    # Bob, in the first game, joins the second from the first number's thread: the reply
    # comes on a thread of its own, from the second number, which says so.
    bob.input.fill(f"JOIN {second} Bob")
    bob.input.press("Enter")
    new_tab = bob.card.locator(f'.threads button[data-number="{TWO}"]')
    expect(new_tab).to_have_class("unread")
    bob.thread(TWO)
    expect(bob.card.locator(".msg.in").last).to_contain_text(f"You joined game {second}")
    expect(bob.card.locator(".msg.in").last).to_contain_text(
        f"Game {second} texts you from this number."
    )

    # Talk on one thread stays in that game's thread.
    ana.thread(ONE)
    ana.input.fill("hi table one")
    ana.input.press("Enter")
    bob.thread(ONE)
    expect(bob.card.locator(".msg.in").last).to_have_text("Ana: hi table one")
    bob.thread(TWO)
    assert "Ana: hi table one" not in bob.shown()

    # The third number: Cy opens a game there, every thread of Ana's is still one game.
    phones["Cy"].thread(THREE)
    third = re.search(r"Game ([A-Z]{4}) is open", phones["Cy"].send("NEW Cy"))[1]
    assert len({first, second, third}) == 3
    expect(page.locator("#boards a")).to_have_count(3)
    ana.thread(TWO)
    screenshot(page, "sim-pool-threads", full_page=True)
