"""The public board page `/g/<CODE>` of a running game, in a browser.

The game is driven by texts posted to /sim/send from the test; the page is only looked at: it
must show the tracks and the players, follow the game by itself (no reload), and never turn text
that players typed into markup.
"""

from __future__ import annotations

import contextlib
import re

import pytest

# Without playwright the `browser` fixture skips these tests (under CI=true: fails them).
with contextlib.suppress(ImportError):
    from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
NUMBERS = {name: f"+1555010{seat:04d}" for seat, name in enumerate(NAMES, start=1)}
STRANGER = "+15550100099"
MARKUP = "<b>bold</b> <i>it</i> <script>document.title='pwned'</script> <img src=x>"


def start_game(server) -> str:
    """Open a lobby, try a name with markup, seat five players, start; return the code."""
    assert server.text(NUMBERS["Ana"], "NEW Ana")["ok"]
    code = re.search(r"\bGame ([A-Z]{4}) is open\b", server.inbox(NUMBERS["Ana"])[-1])[1]
    server.text(STRANGER, f"JOIN {code} <i>Zed</i>")
    assert "You joined" not in server.inbox(STRANGER)[-1]
    for name in NAMES[1:]:
        server.text(NUMBERS[name], f"JOIN {code} {name}")
    server.text(NUMBERS["Bob"], MARKUP)  # lobby talk
    server.text(NUMBERS["Ana"], "START")
    state = server.state(code)
    assert state["phase"] == "nominate", state
    assert [p["name"] for p in state["players"]] == NAMES
    return code


def one_government(server, code: str) -> dict:
    """Nominate, vote it in, discard and enact: one policy on the board. Return the state."""
    state = server.state(code)
    president = NUMBERS[state["president"]]
    chancellor = state["eligible"][0]
    server.text(president, f"NOM {chancellor}")
    for name in NAMES:
        server.text(NUMBERS[name], "JA")
    hand = re.search(r"You drew ([LF]) ([LF]) ([LF])\.", server.inbox(president)[-1]).groups()
    server.text(president, f"DISCARD {hand[0]}")
    held = re.search(r"You hold ([LF]) ([LF])\.", server.inbox(NUMBERS[chancellor])[-1]).groups()
    server.text(NUMBERS[chancellor], f"ENACT {held[0]}")
    state = server.state(code)
    assert state["phase"] == "nominate" and state["liberal"] + state["fascist"] == 1, state
    return state


def test_the_board_shows_a_running_game_and_follows_it(page: Page, live_server, screenshot) -> None:
    code = start_game(live_server)
    state = live_server.state(code)
    president = state["president"]
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.clock.install()  # the page polls on timers: the test moves its clock on by hand
    page.goto(f"{live_server.url}/g/{code}")
    board = page.locator("#board")

    expect(board.locator("h1")).to_have_text(f"Secret Hitler by SMS game {code}")
    expect(board.locator(".top .meta")).to_have_text("Round 1 \u00b7 5 players")
    expect(board.locator(".status .headline")).to_have_text(f"{president} nominates a Chancellor")
    eligible = ", ".join(state["eligible"])
    expect(board.locator(".status .detail")).to_contain_text(f"Eligible: {eligible}.")

    # The tracks: 5 liberal slots, 6 fascist slots with the 5-player powers, all empty.
    expect(board.locator(".track.lib .track-title")).to_have_text("Liberal policies 0 of 5")
    expect(board.locator(".track.fas .track-title")).to_have_text("Fascist policies 0 of 6")
    expect(board.locator(".track.lib .slot")).to_have_count(5)
    expect(board.locator(".track.lib .slot").last).to_contain_text("Liberals win")
    fascist = board.locator(".track.fas .slot")
    expect(fascist).to_have_count(6)
    expect(fascist.nth(2)).to_contain_text("Policy peek")
    expect(fascist.nth(3)).to_contain_text("Execution")
    expect(fascist.nth(4)).to_contain_text("Execution+ veto")
    expect(fascist.nth(5)).to_contain_text("Fascists win")
    expect(board.locator(".slot.on")).to_have_count(0)
    expect(board.locator(".dot.on")).to_have_count(0)
    expect(board.locator(".counters")).to_contain_text("Draw pile 17")
    expect(board.locator(".counters")).to_contain_text("Discards 0")

    # The players, in seat order, with the host and the candidate marked.
    players = board.locator(".player")
    expect(players.locator(".pname")).to_have_text(NAMES)
    expect(players.locator(".seat")).to_have_text([str(n) for n in range(1, 6)])
    expect(players.nth(0).locator(".badge", has_text="Host")).to_have_count(1)
    candidate = players.filter(has=page.locator(".pname", has_text=president))
    expect(candidate.locator(".badge.office")).to_have_text("Candidate")
    expect(candidate).to_have_class(re.compile(r"\bwaiting\b"))
    expect(board.locator("#events li").first).to_contain_text(
        f"Round 1: {president} is the candidate."
    )

    # A whole government by text; the open page follows without being reloaded.
    page.evaluate("window.notReloaded = true")
    after = one_government(live_server, code)
    policy = "Liberal" if after["liberal"] else "Fascist"
    track = ".track.lib" if after["liberal"] else ".track.fas"
    page.clock.run_for(2_500)
    expect(board.locator(".status .headline")).to_have_text(
        f"{after['president']} nominates a Chancellor"
    )
    expect(board.locator(f"{track} .track-title")).to_contain_text(f"{policy} policies 1 of")
    expect(board.locator(f"{track} .slot.on")).to_have_count(1)
    expect(board.locator(f"{track} .slot.on .card")).to_have_text(policy[0])
    expect(board.locator(".slot.on")).to_have_count(1)
    expect(board.locator(".counters")).to_contain_text("Draw pile 14")
    expect(board.locator(".counters")).to_contain_text("Discards 2")
    expect(board.locator(".badge.ja")).to_have_count(5)
    expect(board.locator(".top .meta")).to_have_text("Round 2 \u00b7 5 players")
    expect(board.locator("#events li").first).to_contain_text(
        f"Round 2: {after['president']} is the candidate."
    )
    expect(board.locator("#events")).to_contain_text(f"Enacted: {policy.upper()}")
    expect(board.locator("#events li.fresh")).not_to_have_count(0)  # the new ones stand out
    assert page.evaluate("window.notReloaded") is True

    # A rejected government moves the election tracker, on the open page.
    nominee = after["eligible"][0]
    live_server.text(NUMBERS[after["president"]], f"NOM {nominee}")
    for name in NAMES:
        live_server.text(NUMBERS[name], "NEIN")
    page.clock.run_for(2_500)
    expect(board.locator(".dot.on")).to_have_count(1)
    expect(board.locator(".tracker")).to_have_attribute("aria-label", "Election tracker: 1 of 3")
    expect(board.locator(".badge.nein")).to_have_count(5)

    # The connection drops: the board stays, says it is reconnecting, and catches up after.
    page.context.set_offline(True)
    page.clock.run_for(2_500)
    expect(page.locator("#net")).to_be_visible()
    expect(page.locator("#net")).to_have_text("Reconnecting\u2026")
    expect(board.locator(".player")).to_have_count(5)
    expect(board.locator(".dot.on")).to_have_count(1)
    screenshot(page, "board-reconnecting-tv")
    state = live_server.state(code)
    live_server.text(NUMBERS[state["president"]], f"NOM {state['eligible'][0]}")
    page.context.set_offline(False)
    page.clock.run_for(16_000)
    expect(page.locator("#net")).to_be_hidden()
    expect(board.locator(".status .headline")).to_contain_text("Vote:")
    assert page.evaluate("window.notReloaded") is True
    screenshot(page, "board-live-tv")

    # Markup typed by players stays text: talk in the game too, then one more refresh.
    talker = NAMES[0]
    live_server.text(NUMBERS[talker], MARKUP)
    page.clock.run_for(2_500)
    expect(board.locator("#events > li")).not_to_have_count(0)
    expect(board.locator("#events > :not(li)")).to_have_count(0)
    expect(board.locator("#events li *")).to_have_count(0)
    expect(board.locator(".pname *")).to_have_count(0)
    expect(players.locator(".pname")).to_have_text(NAMES)
    assert page.title() == f"Secret Hitler by SMS: game {code}"
    assert page.evaluate("window.notReloaded") is True


def test_the_board_of_an_unknown_code_is_not_found(page: Page, live_server) -> None:
    response = page.goto(f"{live_server.url}/g/ZZZZ")
    assert response is not None and response.status == 404
