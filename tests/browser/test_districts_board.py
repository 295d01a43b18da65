"""The board and the replay of a districts game (issue 22) in a browser, on a TV (1920x1080) and
a phone (390x844): the districts with who is where, the capitol and its cards' holders, the
points, the factions' tracks; no alignment card on the board before the end, every card after
it and in the replay. Nothing overflows or overlaps, text is readable, axe-core finds no serious
violation. Screenshots: test-artifacts/screenshots/board-districts-*.png and
replay-districts-*.png, for a person to look at.
"""

from __future__ import annotations

import contextlib
import random
import re

import pytest
from pagecheck import (
    LONG_NAMES,
    PHONE,
    TV,
    add_game,
    layout_problems,
    serious_accessibility_violations,
    smallest_text_px,
)

from sh_sms.games.districts.bots import StrategySeat
from sh_sms.games.districts.engine import DistrictsState, apply, awaiting, new_game
from sh_sms.games.districts.engine.randbot import clock
from sh_sms.games.districts.engine.state import OVER, VOTE
from sh_sms.games.districts.params import NAME
from sh_sms.games.districts.text.wording import alignment_text
from sh_sms.store import OVER as FINISHED

with contextlib.suppress(ImportError):
    from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SIZES = {"tv": TV, "phone": PHONE}
CARD_WORD = re.compile(r"\b(LIBERAL|FASCIST|OLIGARCH)\b")
NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
NUMBERS = {name: f"+1555030{seat:04d}" for seat, name in enumerate(NAMES, start=1)}


def districts_game(names: list[str], seed: int, until=lambda s: False):
    """A districts game of strategy bots, played until `until(state)` or its end: the state
    and every event on the way (the clock runs out only when nobody is left to answer)."""
    state, events = new_game(names, seed)
    seats = [StrategySeat(seat, len(names)) for seat in range(len(names))]
    log, now, pick = list(events), 0, random.Random(seed)
    for seat in seats:
        seat.observe(events)
    while state.phase != OVER and not until(state):
        waiting = awaiting(state)
        if waiting:
            who = pick.choice(waiting)
            action = seats[who].act(state)
        else:
            who, action, now = clock(state, now)
        state, events = apply(state, who, action, now)
        log += events
        for seat in seats:
            seat.observe(events)
    return state, log


def mid_vote(state: DistrictsState) -> bool:
    """Round 3 or later, a representative already in the capitol, a district still voting."""
    return (
        state.phase == VOTE
        and state.round >= 3
        and any(state.reps)
        and None in state.closed
        and sum(state.points) > 0
    )


@pytest.fixture
def tables(serve):
    """A server with a districts game of ten in the middle of a round, and one of seven over."""
    server = serve()
    state, events = districts_game(LONG_NAMES, seed=3, until=mid_vote)
    assert mid_vote(state)
    add_game(server.app, "DIST", LONG_NAMES, state, events, bots=frozenset({1, 4}), game=NAME)
    done, events = districts_game(LONG_NAMES[:7], seed=8)
    add_game(
        server.app,
        "DEND",
        LONG_NAMES[:7],
        done,
        events,
        status=FINISHED,
        first_number=40,
        game=NAME,
    )
    return server, state, done


def check(page, where: str) -> None:
    problems = layout_problems(page)
    assert not problems, f"{where}: {problems}"
    violations = serious_accessibility_violations(page)
    assert not violations, f"{where}: {violations}"
    assert smallest_text_px(page) >= 12, where


@pytest.mark.parametrize("size", SIZES)
def test_the_districts_board_in_the_middle_of_a_round(browser, tables, screenshot, size):
    server, state, _ = tables
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{server.url}/g/DIST")
    board = page.locator("#board")
    expect(board.locator("h1")).to_have_text("Secret Hitler by SMS districts game DIST")
    expect(board.locator(".status .headline")).to_have_text(
        f"Round {state.round}: the districts elect their representatives"
    )
    districts = board.locator(".district")
    expect(districts).to_have_count(4)
    for d in range(1, 5):
        box = board.locator(f"#d{d}")
        members = [state.names[s] for s in state.members(d)]
        expect(box.locator(".member .name-text")).to_have_text(members or [])
        expect(box.locator(".d-points")).to_contain_text(str(state.points[d - 1]))
        rep = state.reps[d - 1]
        if rep is not None:
            expect(box.locator(".member.rep .name-text")).to_have_text(state.names[rep])
    expect(board.locator(".capitol .reps li")).to_have_count(len(state.in_capitol()))
    tracks = state.tracks()
    for faction in ("liberal", "fascist", "oligarch"):
        expect(board.locator(f".ftrack.{faction} .fslot.on")).to_have_count(tracks[faction])
    expect(board.locator(".ftrack.oligarch .fslot.privilege")).to_have_count(1)
    expect(board.locator(".played")).to_have_text(f"Policies played {len(state.enacted)} of 11")
    expect(board.locator(".badge.bot")).to_have_count(2)
    assert not CARD_WORD.search(page.content())  # no alignment card before the end
    screenshot(page, f"board-districts-{size}")
    check(page, f"districts board, {size}")
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_districts_game_shows_every_card(browser, tables, screenshot, size):
    server, _, done = tables
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{server.url}/g/DEND")
    board = page.locator("#board")
    said = {
        "policies": "a faction reached 5 policies",
        "points": "a district reached 5 points",
        "limit": "11 policies were played",
    }
    reasons = " and ".join(said[r] for r in done.reason.split("+"))
    expect(board.locator(".status .headline")).to_have_text(f"GAME OVER: {reasons}")
    winners = ", ".join(done.names[s] for s in done.winners)
    if winners:
        expect(board.locator(".status .detail")).to_contain_text(f"Winners: {winners}.")
    expect(board.locator(".status .detail")).to_contain_text(alignment_text(done.boxed))
    for seat, name in enumerate(done.names):
        player = board.locator(f"#seat-{seat + 1}")
        expect(player.locator(".badge.card")).to_have_text(alignment_text(done.cards[seat]))
        expect(player.locator(".pname")).to_have_text(name)
    screenshot(page, f"board-districts-over-{size}")
    check(page, f"finished districts board, {size}")

    page.goto(f"{server.url}/g/DEND/replay")
    steps = done.round + 2
    expect(page.locator("#where")).to_have_text(f"Step 1 of {steps}")
    expect(page.locator(".step.current h2")).to_have_text("The deal and the districts")
    page.locator("#next").click()
    expect(page.locator(".step.current h2")).to_have_text("Round 1")
    screenshot(page, f"replay-districts-round-{size}")
    check(page, f"districts replay, round 1, {size}")
    for _ in range(steps - 2):
        page.locator("#next").click()
    expect(page.locator("#where")).to_have_text(f"Step {steps} of {steps}")
    last = page.locator(".step.current")
    expect(last.locator("#cards li")).to_have_count(len(done.names))
    for seat, name in enumerate(done.names):
        card = last.locator("#cards li").nth(seat)
        expect(card).to_contain_text(f"{name} {alignment_text(done.cards[seat])}")
    expect(last.locator(".box-card")).to_have_text(f"In the box: {alignment_text(done.boxed)}")
    screenshot(page, f"replay-districts-end-{size}")
    check(page, f"districts replay, the end, {size}")
    page.close()


def test_the_districts_board_follows_a_game_texted_in_the_simulator(page: Page, live_server):
    server = live_server
    assert server.text(NUMBERS["Ana"], "NEW Ana")["ok"]
    code = re.search(r"\bGame ([A-Z]{4}) is open\b", server.inbox(NUMBERS["Ana"])[-1])[1]
    for name in NAMES[1:]:
        server.text(NUMBERS[name], f"JOIN {code} {name}")
    server.text(NUMBERS["Ana"], "RULES DISTRICTS")
    page.clock.install()
    page.goto(f"{server.url}/g/{code}")
    board = page.locator("#board")
    expect(board.locator(".status .headline")).to_have_text(
        "Waiting for players: the districts game"
    )
    page.evaluate("window.notReloaded = true")
    server.text(NUMBERS["Ana"], "START")
    page.clock.run_for(2_500)
    expect(board.locator(".status .headline")).to_have_text("Everyone picks a district")
    for name, district in zip(NAMES, [1, 1, 2, 2, 3], strict=True):
        server.text(NUMBERS[name], f"MOVE {district}")
    server.text(NUMBERS["Eve"], "VOTE Eve")
    page.clock.run_for(2_500)
    expect(board.locator(".status .headline")).to_have_text(
        "Round 1: the districts elect their representatives"
    )
    expect(board.locator("#d1 .member .name-text")).to_have_text(["Ana", "Bob"])
    expect(board.locator(".capitol .reps li")).to_have_text(["Eve"])
    expect(board.locator(".status .detail")).to_contain_text("Still voting: D1, D2.")
    assert page.evaluate("window.notReloaded") is True
    assert not CARD_WORD.search(page.content())
