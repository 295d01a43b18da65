"""The board, the replay and the front page at 1920x1080 (a TV) and 390x844 (a phone).

On each: no text overflows its box, nothing is cut or overlaps, the key figures are at least a
readable size, and axe-core finds no serious or critical accessibility violation. Screenshots go
to test-artifacts/screenshots/ for a person to judge.

Sizes chosen, at 1920x1080 (read from three metres): the track letters L/F >= 64px, the status
headline >= 40px, player names >= 30px, the tracker/pile figures >= 36px, the latest events and
the slots' power labels >= 18px, any text at all >= 12px; the board fills the screen without
scrolling. At 390x844: the headline >= 20px, names >= 18px, track letters >= 28px, any text
>= 12px.
"""

from __future__ import annotations

import contextlib

import pytest
from pagecheck import (
    LONG_NAMES,
    PHONE,
    TV,
    add_game,
    bot_game,
    finished,
    font_px,
    layout_problems,
    serious_accessibility_violations,
    smallest_text_px,
)

with contextlib.suppress(ImportError):
    from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = {"tv": TV, "phone": PHONE}
TWILIO = {
    "twilio_account_sid": "AC" + "0" * 32,
    "twilio_auth_token": "secret",
    "twilio_from_number": "+14155550123",
}


@pytest.fixture
def tables(serve):
    """A server (sending with Twilio, so the lobby has a number and a QR code) with three games."""
    server = serve(**TWILIO)
    add_game(server.app, "LBBY", LONG_NAMES[:4])
    state, events = bot_game(LONG_NAMES, seed=4, steps=60)
    assert state.phase == "vote" and state.liberal and state.fascist, state.phase
    # Some seats are computer players: their "Bot" badge must fit too, on the TV and the phone.
    bots = frozenset({1, 4, 9})  # among the longest names (a bot never hosts)
    add_game(server.app, "TENP", LONG_NAMES, state, events, first_number=20, bots=bots)
    finished(server.app, "DONE", LONG_NAMES[:7], seed=5, first_number=40, bots=bots)
    return server


def check(page, where: str) -> None:
    problems = layout_problems(page)
    assert not problems, f"{where}: {problems}"
    violations = serious_accessibility_violations(page)
    assert not violations, f"{where}: {violations}"
    assert smallest_text_px(page) >= 12, where


@pytest.mark.parametrize("size", SIZES)
def test_the_board_in_the_middle_of_a_game_of_ten(browser, tables, screenshot, size) -> None:
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{tables.url}/g/TENP")
    board = page.locator("#board")
    expect(board.locator(".status .headline")).to_contain_text("Vote:")
    expect(board.locator(".player")).to_have_count(10)
    expect(board.locator(".slot.on")).not_to_have_count(0)
    check(page, f"board {size}")
    letters = font_px(board.locator(".slot.on .card"))
    headline = font_px(board.locator(".status .headline"))
    names = font_px(board.locator(".player .pname"))
    if size == "tv":
        assert letters >= 64 and headline >= 40 and names >= 30, (letters, headline, names)
        assert font_px(board.locator(".pile .figure")) >= 36
        assert font_px(board.locator("#events li")) >= 18
        assert font_px(board.locator(".slot .power")) >= 18
        # It fills the screen and needs no scrolling: a TV cannot scroll.
        assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]
        assert board.evaluate("b => b.getBoundingClientRect().width") >= TV["width"] - 1
        expect(board.locator("#events li:visible")).not_to_have_count(0)
    else:
        assert letters >= 28 and headline >= 20 and names >= 18, (letters, headline, names)
        expect(board.locator(".fas .legend")).to_contain_text("Special election")
    screenshot(page, f"board-game-{size}", full_page=size == "phone")
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_board_of_a_lobby_shows_how_to_join(browser, tables, screenshot, size) -> None:
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{tables.url}/g/LBBY")
    join = page.locator(".join")
    expect(join).to_contain_text("Text JOIN LBBY yourname to +1 415-555-0123")
    expect(join.locator(".qr svg[role=img]")).to_be_visible()
    width = join.locator(".qr").evaluate("q => q.getBoundingClientRect().width")
    assert width >= (300 if size == "tv" else 150), width  # big enough to scan from a seat
    check(page, f"lobby {size}")
    screenshot(page, f"board-lobby-{size}", full_page=size == "phone")
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_board_of_a_finished_game(browser, tables, screenshot, size) -> None:
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{tables.url}/g/DONE")
    expect(page.locator(".status .headline")).to_have_text("FASCISTS WIN")
    expect(page.locator(".player .badge.role")).to_have_count(7)
    expect(page.locator(".player .badge.role .letter").first).to_have_text("L")
    check(page, f"finished {size}")
    screenshot(page, f"board-over-{size}", full_page=size == "phone")
    page.get_by_role("link", name="Replay the game").click()
    expect(page).to_have_url(f"{tables.url}/g/DONE/replay")
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_replay_steps_through_a_whole_game(browser, tables, screenshot, size) -> None:
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{tables.url}/g/DONE/replay")
    steps = page.locator(".step")
    total = steps.count()
    assert total >= 5
    where = page.locator("#where")
    expect(where).to_have_text(f"Step 1 of {total}")
    expect(page.locator(".step:visible")).to_have_count(1)
    expect(page.locator(".step:visible h2")).to_have_text("The deal")
    prev, nxt = page.get_by_role("button", name="Previous"), page.get_by_role("button", name="Next")
    expect(prev).to_be_disabled()
    check(page, f"replay deal {size}")
    secrets = 0
    for number in range(2, total + 1):
        nxt.click()
        expect(where).to_have_text(f"Step {number} of {total}")
        current = page.locator(".step:visible")
        expect(current).to_have_count(1)
        expect(current).to_have_attribute("id", f"step-{number}")
        if number < total:
            expect(current.locator("h2")).to_contain_text(f"Round {number - 1}:")
            expect(current.locator(".track.lib .slot")).to_have_count(5)
            secrets += current.locator(".secret").count()
            if number == 3:
                check(page, f"replay round {size}")
                screenshot(page, f"replay-round-{size}", full_page=size == "phone")
    assert secrets > 0  # what the governments held, hidden at the time, is shown now
    expect(nxt).to_be_disabled()
    last = page.locator(".step:visible")
    expect(last.locator("h2")).to_contain_text("FASCISTS WIN")
    expect(last.locator(".roles li")).to_have_count(7)
    expect(last.locator(".govs li")).to_have_count(total - 2)
    check(page, f"replay end {size}")
    screenshot(page, f"replay-end-{size}", full_page=size == "phone")
    page.keyboard.press("ArrowLeft")
    expect(where).to_have_text(f"Step {total - 1} of {total}")
    assert page.url.endswith(f"#step-{total - 1}")
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_front_page(browser, serve, screenshot, size) -> None:
    server = serve()  # the simulator backend: a link to it, no number
    finished(server.app, "PAST", LONG_NAMES[:5], seed=2)
    add_game(server.app, "OPEN", ["Ana", "Bob"], first_number=60)
    page = browser.new_page(viewport=SIZES[size])
    page.goto(server.url + "/")
    expect(page.locator("h1")).to_have_text("Secret Hitler by SMS")
    expect(page.locator("main")).to_contain_text("NEW yourname")
    rows = page.locator(".games tbody tr")
    expect(rows).to_have_count(1)  # never an open lobby: its code would let anyone join it
    expect(rows.locator(".code")).to_have_text(["PAST"])
    expect(page.locator("main")).not_to_contain_text("OPEN")
    expect(page.locator("main")).not_to_contain_text("Ana")
    check(page, f"front page {size}")
    screenshot(page, f"front-{size}", full_page=size == "phone")
    page.get_by_role("link", name="Play in the phone simulator").click()
    expect(page).to_have_url(server.url + "/sim")
    page.close()
