"""The page of a group's games (issue 29) at 1920x1080 (a TV) and 390x844 (a phone): linked from
the board of a finished game; every game of the series with its winner, how it ended and every
role; bars of who won how often that add up to the games' results; nothing overflows, no serious
accessibility violation, readable sizes. Screenshots: group-tv.png, group-phone.png."""

from __future__ import annotations

import contextlib

import pytest
from pagecheck import (
    LONG_NAMES,
    PHONE,
    TV,
    add_game,
    finished,
    font_px,
    layout_problems,
    serious_accessibility_violations,
    smallest_text_px,
)

from sh_sms.games.districts.engine.tables import faction
from sh_sms.store import OVER

with contextlib.suppress(ImportError):
    from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = {"tv": TV, "phone": PHONE}
SERIES = {"GRPA": 5, "GRPB": 6, "GRPC": 7, "GRPD": 8}  # the same seven people, four games


@pytest.fixture
def series(serve):
    server = serve()
    results = {}
    for code, seed in SERIES.items():
        state = finished(server.app, code, LONG_NAMES[:7], seed=seed, first_number=1)
        results[code] = state
    # Two of them with three others: too few shared people to be this group.
    others = [LONG_NAMES[0], LONG_NAMES[1], "Kim", "Lu", "Mo"]
    finished(server.app, "OTHR", others, seed=9, first_number=6)  # two numbers shared
    return server, results


@pytest.mark.parametrize("size", SIZES)
def test_the_group_page_lists_the_series_and_who_won_how_often(
    browser, series, screenshot, size
) -> None:
    server, results = series
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{server.url}/g/GRPD")
    page.get_by_role("link", name="This group's games").click()
    expect(page).to_have_url(f"{server.url}/g/GRPD/group")
    games = page.locator("article.game")
    expect(games).to_have_count(len(SERIES))  # OTHR is not this group's
    expect(games.first).to_contain_text("GRPD")  # newest first
    for code, state in results.items():
        game = games.filter(has_text=code)
        winner = "Liberals won" if state.winner == "liberal" else "Fascists won"
        expect(game.locator(".winner")).to_have_text(winner)
        expect(game.locator(".roles li")).to_have_count(7)
        for seat, name in enumerate(state.names):
            role = {"liberal": "Liberal", "fascist": "Fascist", "hitler": "Hitler"}
            expect(game.locator(".roles li").nth(seat)).to_have_text(
                f"{name} {role[state.roles[seat]]}"
            )
    bars = page.locator("#player-bars li")
    expect(bars).to_have_count(7)
    for seat, name in enumerate(LONG_NAMES[:7]):
        won = sum((s.roles[seat] == "liberal") == (s.winner == "liberal") for s in results.values())
        expect(bars.filter(has_text=name).locator(".count")).to_have_text(f"{won} of 4")
    sides = page.locator("#side-bars .count")
    counted = [int(t.split()[0]) for t in sides.all_text_contents()]
    assert sum(counted) == len(SERIES)
    assert "+1555" not in page.content()  # a number is never shown
    assert not layout_problems(page), layout_problems(page)
    assert not serious_accessibility_violations(page)
    smallest = smallest_text_px(page)
    if size == "tv":
        assert smallest >= 18 and font_px(page.locator(".roles li")) >= 18, smallest
        assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]
    else:
        assert smallest >= 12, smallest
    screenshot(page, f"group-{size}", full_page=size == "phone")
    page.close()


@pytest.fixture
def long_series(serve):
    server = serve()
    for n in range(10):  # ten games of ten players with long names: an evening's worth
        finished(server.app, f"LNG{'BCDFGHJKLM'[n]}", LONG_NAMES, seed=20 + n, first_number=1)
    return server


@pytest.mark.parametrize("size", SIZES)
def test_a_long_series_fits_the_tv_and_the_bars_count_every_game(
    browser, long_series, screenshot, size
) -> None:
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{long_series.url}/g/LNGM/group")
    expect(page.locator(".top .meta")).to_have_text("10 games together; the latest below")
    expect(page.locator("article.game")).to_have_count(8)  # on a phone, which scrolls
    expect(page.locator("article.game:visible")).to_have_count(4 if size == "tv" else 8)
    expect(page.locator("#player-bars li")).to_have_count(10)
    for count in page.locator("#player-bars .count").all_text_contents():
        assert count.endswith(" of 10"), count
    assert not layout_problems(page), layout_problems(page)
    assert not serious_accessibility_violations(page)
    if size == "tv":
        assert smallest_text_px(page) >= 18
        assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]
    screenshot(page, f"group-long-{size}", full_page=size == "phone")
    page.close()


@pytest.fixture
def mixed_series(serve):
    """Two standard games and two districts games of the same seven people (issue 34)."""
    from test_districts_board import districts_game

    from sh_sms.games.districts.params import NAME

    server = serve()
    people = LONG_NAMES[:7]
    standard = [finished(server.app, f"MIX{c}", people, seed=s) for c, s in (("A", 5), ("B", 6))]
    districts = []
    for code, seed in (("MIXC", 8), ("MIXD", 4)):
        done, events = districts_game(people, seed=seed)
        add_game(server.app, code, people, done, events, status=OVER, game=NAME)
        districts.append(done)
    return server, standard, districts


@pytest.mark.parametrize("size", SIZES)
def test_the_group_page_counts_districts_games_by_each_cards_own_win(
    browser, mixed_series, screenshot, size
) -> None:
    server, standard, districts = mixed_series
    page = browser.new_page(viewport=SIZES[size])
    page.goto(f"{server.url}/g/MIXD/group")
    expect(page.locator(".top .meta")).to_have_text("4 games together")
    label = {"liberal": "Liberals", "fascist": "Fascists", "oligarch": "Oligarchs"}
    for code, state in zip(("MIXC", "MIXD"), districts, strict=True):
        game = page.locator("article.game").filter(has_text=code)
        sides = sorted({faction(state.cards[s]) for s in state.winners})
        winner = " and ".join(label[s] for s in sides) + " won" if sides else "Nobody won"
        expect(game.locator(".winner")).to_have_text(winner)
        for seat, name in enumerate(state.names):
            expect(game.locator(".roles li").nth(seat)).to_have_text(
                f"{name} {label[faction(state.cards[seat])][:-1]}"
            )
        expect(game.locator(".roles li.won")).to_have_count(len(state.winners))
    for seat, name in enumerate(LONG_NAMES[:7]):  # every game counts, each by its own win
        won = sum((s.roles[seat] == "liberal") == (s.winner == "liberal") for s in standard)
        won += sum(seat in d.winners for d in districts)
        expect(
            page.locator("#player-bars li").filter(has_text=name).locator(".count")
        ).to_have_text(f"{won} of 4")
    assert not layout_problems(page), layout_problems(page)
    assert not serious_accessibility_violations(page)
    if size == "tv":
        assert smallest_text_px(page) >= 18
    screenshot(page, f"group-districts-{size}", full_page=size == "phone")
    page.close()
