"""The public board: /g/<CODE>.json in the contract's shape, and the page for a shared screen."""

from __future__ import annotations

import json
import re

import pytest
from sqlmodel import Session
from web_helpers import NOW, add_game

from sh_sms.games.standard.engine import Action, apply, new_game
from sh_sms.games.standard.engine.actions import JA, NOMINATE_ACTION
from sh_sms.games.standard.engine.bot import RandomBot, play
from sh_sms.store import ENDED, OVER, GameEvent

CONTRACT_KEYS = {
    "code",
    "phase",
    "players",
    "president",
    "chancellor",
    "liberal",
    "fascist",
    "tracker",
    "draw_pile",
    "discards",
    "veto_unlocked",
    "power",
    "waiting_for",
    "eligible",
    "last_votes",
    "winner",
    "roles",
    "log",
}
ADDITIVE_KEYS = {"rules"}  # beyond the contract: the game's ruleset, public data (issue 21)
NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


def board(client, code: str) -> dict:
    """The public state of `code`, checked for the contract's keys and for phone numbers."""
    response = client.get(f"/g/{code}.json")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert not re.search(r"\+?1?555010\d{4}", text), "a phone number in the public state"
    state = json.loads(text)
    assert set(state) == CONTRACT_KEYS | ADDITIVE_KEYS
    for player in state["players"]:
        assert set(player) == {"seat", "name", "alive", "host"}
    return state


def started(seed: int = 3):
    """A 7-player game after the deal, with its events."""
    return new_game(NAMES, seed)


def elected(seed: int = 3):
    """A 7-player game whose first government was elected unanimously; all events so far."""
    state, events = started(seed)
    nominee = state.eligible_chancellors()[0]
    state, more = apply(state, state.president, Action(NOMINATE_ACTION, nominee))
    events += more
    for seat in range(state.players):
        state, more = apply(state, seat, JA)
        events += more
    return state, events


@pytest.mark.parametrize("code", ["ZZZZ", "zzzz", "NOPE", "%3Cb%3E", "A" * 40, "ab-cd"])
def test_an_unknown_code_is_404(client, code):
    response = client.get(f"/g/{code}.json")
    assert response.status_code == 404
    assert response.get_json() == {"error": "not_found"}
    assert client.get(f"/g/{code}").status_code == 404


def test_a_lobby(client, engine):
    add_game(engine, "BCDF", ["Ana", "Bob", "Cy"])
    state = board(client, "bcdf")
    assert state["code"] == "BCDF"
    assert state["phase"] == "lobby"
    assert state["players"] == [
        {"seat": 1, "name": "Ana", "alive": True, "host": True},
        {"seat": 2, "name": "Bob", "alive": True, "host": False},
        {"seat": 3, "name": "Cy", "alive": True, "host": False},
    ]
    assert (state["liberal"], state["fascist"], state["tracker"]) == (0, 0, 0)
    assert (state["draw_pile"], state["discards"]) == (17, 0)
    assert state["president"] is None and state["chancellor"] is None
    assert state["eligible"] is None and state["last_votes"] is None
    assert state["roles"] is None and state["winner"] is None and state["power"] is None
    assert state["veto_unlocked"] is False
    assert state["log"] == []


def test_a_game_waiting_for_a_nomination(client, engine):
    game, events = started()
    add_game(engine, "GHJK", NAMES, state=game, events=events)
    state = board(client, "GHJK")
    president = NAMES[game.president]
    assert state["phase"] == "nominate"
    assert [p["seat"] for p in state["players"]] == list(range(1, 8))
    assert [p["name"] for p in state["players"]] == NAMES
    assert [p["host"] for p in state["players"]] == [True] + [False] * 6
    assert state["president"] == president and state["chancellor"] is None
    assert state["waiting_for"] == [president]
    assert state["eligible"] == [n for n in NAMES if n != president]
    assert state["draw_pile"] == 17 and state["roles"] is None
    assert any(president in line for line in state["log"])
    assert not any("You are" in line for line in state["log"])  # the deal is private


def test_votes_in_progress_are_not_public(client, engine):
    game, events = started()
    nominee = game.eligible_chancellors()[0]
    game, more = apply(game, game.president, Action(NOMINATE_ACTION, nominee))
    game, _ = apply(game, 0, JA)
    add_game(engine, "LMNP", NAMES, state=game, events=events + more)
    state = board(client, "LMNP")
    assert state["phase"] == "vote"
    assert state["chancellor"] == NAMES[nominee]
    assert state["last_votes"] is None
    assert state["waiting_for"] == NAMES[1:]


def test_after_an_election(client, engine):
    game, events = elected()
    add_game(engine, "QRST", NAMES, state=game, events=events)
    state = board(client, "QRST")
    assert state["phase"] == "president_discard"
    assert state["last_votes"] == {name: "ja" for name in NAMES}
    assert state["waiting_for"] == [NAMES[game.president]]
    assert state["eligible"] is None
    assert state["draw_pile"] == 14
    assert any("ELECTED" in line for line in state["log"])
    assert not any("You drew" in line or "You hold" in line for line in state["log"])


def test_a_finished_game_reveals_roles(client, engine):
    game, events = started(seed=5)
    for _seat, _action, after, more in play(game, RandomBot(5)):
        game, events = after, events + more
    add_game(engine, "VWXZ", NAMES, status=OVER, state=game, events=events)
    state = board(client, "VWXZ")
    assert state["phase"] == "over"
    assert state["winner"] in ("liberal", "fascist") and state["winner"] == game.winner
    assert state["roles"] == dict(zip(NAMES, game.roles, strict=True))
    assert state["president"] is None and state["waiting_for"] == []
    assert any("WIN" in line for line in state["log"])
    assert len(state["log"]) <= 50


def test_an_ended_game_reveals_roles_without_a_winner(client, engine):
    game, events = elected()
    add_game(engine, "BBBB", NAMES, status=ENDED, state=game, events=events)
    state = board(client, "BBBB")
    assert state["phase"] == "over" and state["winner"] is None
    assert state["roles"] == dict(zip(NAMES, game.roles, strict=True))
    assert state["waiting_for"] == [] and state["eligible"] is None


def test_an_ended_lobby(client, engine):
    add_game(engine, "CCCC", ["Ana", "Bob"], status=ENDED)
    state = board(client, "CCCC")
    assert state["phase"] == "over" and state["roles"] is None


def test_an_event_that_cannot_be_worded_is_left_out(client, engine):
    game, events = started()
    game_id = add_game(engine, "DDDD", NAMES, state=game, events=events)
    with Session(engine) as session:
        for seq, (kind, data) in enumerate(
            [("round", "{}"), ("no_such_kind", "{}"), ("tracker", '{"tracker": 1}')], start=100
        ):
            session.add(GameEvent(game_id=game_id, seq=seq, kind=kind, data=data, created_at=NOW))
        session.commit()
    assert board(client, "DDDD")["log"][-1] == "Tracker: 1/3."


def test_the_page_escapes_names(client, engine):
    add_game(engine, "FFFF", ["<b>x</b>", "Bob"])
    response = client.get("/g/ffff")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "&lt;b&gt;x&lt;/b&gt;" in page
    assert "<b>x</b>" not in page


def test_the_page_shows_the_board_and_refreshes_itself(client, engine):
    game, events = elected()
    add_game(engine, "GGGG", NAMES, state=game, events=events)
    response = client.get("/g/GGGG")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    for name in NAMES:
        assert name in page
    assert re.search(r"<noscript><meta http-equiv=\"refresh\" content=\"\d+\"></noscript>", page)
    assert "ELECTED" in page
    assert "555010" not in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)  # no external assets


def _badges(page: str, name: str) -> list[str]:
    """The badges of the player called `name` on the board page."""
    item = re.search(rf'class="pname name-text">{name}</span>.*?</li>', page, re.S).group(0)
    return re.findall(r'<span class="badge[^"]*">([^<]+)</span>', item)


def test_a_term_limited_candidate_wears_one_office_badge(client, engine):
    """The last Chancellor may run for President: the board says Candidate, not also
    Term-limited (a term limit only bars the Chancellorship)."""
    state, events = started()
    for _seat, _action, after, more in play(state, RandomBot(3)):
        state, events = after, events + more
        view_limited = state.phase == "nominate" and state.president in state.term_limited()
        if view_limited:
            break
    assert view_limited
    add_game(engine, "LMTD", NAMES, state=state, events=events)
    page = client.get("/g/LMTD").get_data(as_text=True)
    assert _badges(page, NAMES[state.president]).count("Candidate") == 1
    assert "Term-limited" not in _badges(page, NAMES[state.president])
    others = [n for n in board(client, "LMTD")["players"] if n["name"] != NAMES[state.president]]
    assert any("Term-limited" in _badges(page, p["name"]) for p in others)  # still shown


@pytest.mark.parametrize("simulator", [True, False])
def test_a_lobby_screen_explains_joining_and_bots(make_app, engine, simulator):
    twilio = (
        {}
        if simulator
        else {
            "twilio_account_sid": "AC" + "0" * 32,
            "twilio_auth_token": "t",
            "twilio_from_number": "+14155550123",
        }
    )
    client = make_app(**twilio).test_client()
    add_game(engine, "WXYZ", ["Ana", "Bob"])
    page = client.get("/g/WXYZ").get_data(as_text=True)
    assert "JOIN WXYZ yourname" in page and "<b>BOT</b>" in page and "<b>START</b>" in page
    if simulator:  # no number to text: the way in is the simulator
        assert 'href="/sim"' in page
    else:
        assert "+1 415-555-0123" in page and 'href="/sim"' not in page


def test_the_front_page_and_the_simulator_mention_bots(client):
    assert "<code>BOT</code>" in client.get("/").get_data(as_text=True)
    assert "BOT seats a computer player" in client.get("/sim").get_data(as_text=True)
