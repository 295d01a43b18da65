"""The board's own JSON, the replay and the front page, through the Flask test client."""

from __future__ import annotations

import json
import re

import pytest
from sqlmodel import Session, select
from test_board import ADDITIVE_KEYS, CONTRACT_KEYS, NAMES, board
from web_helpers import NOW, add_game

from sh_sms.games.standard.engine import Event, new_game
from sh_sms.games.standard.engine.bot import RandomBot, play
from sh_sms.store import ENDED, OVER, Game, SenderAlert
from sh_sms.store.games import append_events

BOARD_KEYS = {
    "round",
    "term_limited",
    "investigated",
    "reason",
    "powers",
    "events",
    "replay",
    "problem",
    "bots",
    "hitler_zone",  # house rules (issue 21): the zones the fascist track draws, and which
    "veto_zone",  # rules differ from the standard game's
    "house",
    "room",
    "watchers",  # issue 29: how many numbers WATCH the game by text
    "group",  # and, once finished, its group's page
}
# Wording only a player's own texts carry (templates/sms/event/*.txt sent to one seat).
SECRET_WORDING = re.compile(
    r"You drew|You hold|You discarded|Investigation:|Policy peek, top 3|You are|Vote changed"
)
TWILIO = {
    "twilio_account_sid": "AC" + "0" * 32,
    "twilio_auth_token": "secret",
    "twilio_from_number": "+14155550123",
}


def board_data(client, code: str) -> dict:
    response = client.get(f"/g/{code}/board.json")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    text = response.get_data(as_text=True)
    assert not re.search(r"\+?1?555010\d{4}", text), "a phone number on the board"
    assert not SECRET_WORDING.search(text), text
    data = json.loads(text)
    assert set(data) == CONTRACT_KEYS | ADDITIVE_KEYS | BOARD_KEYS
    return data


def finished_game(engine, code: str, seed: int = 5, players: int = 7) -> tuple:
    state, events = new_game(NAMES[:players], seed)
    for _seat, _action, after, more in play(state, RandomBot(seed)):
        state, events = after, events + more
    add_game(engine, code, NAMES[:players], status=OVER, state=state, events=events)
    return state, events


def test_the_board_data_follows_a_whole_game_and_holds_no_secret(client, engine):
    """At every step: the contract's fields as /g/<CODE>.json gives them, and no secret."""
    state, events = new_game(NAMES, 11)
    game_id = add_game(engine, "HJKL", NAMES, state=state, events=events)
    for _seat, _action, state, more in play(state, RandomBot(11)):  # noqa: B020
        with Session(engine) as session:
            game = session.exec(select(Game).where(Game.id == game_id)).one()
            game.state = state.to_json()
            game.status = OVER if state.phase == "over" else game.status
            append_events(session, game, more, NOW)
            session.commit()
        data = board_data(client, "HJKL")
        assert {k: data[k] for k in CONTRACT_KEYS | ADDITIVE_KEYS} == board(client, "HJKL")
        assert data["round"] == state.round
        assert data["powers"] == [None, "investigate", "special_election", *["execution"] * 2, None]
        if state.phase != "over":
            assert data["roles"] is None and data["replay"] is None
            assert data["term_limited"] == [NAMES[s] for s in state.term_limited()]
        assert data["investigated"] == [NAMES[s] for s in state.investigated()]
        seqs = [e["seq"] for e in data["events"]]
        assert seqs == sorted(seqs) and len(seqs) <= 12
        assert [e["text"] for e in data["events"]] == data["log"][-len(seqs) :]
    assert data["replay"] == "/g/HJKL/replay"
    assert data["reason"] == state.reason


def test_the_board_data_of_an_unknown_game_is_404(client):
    response = client.get("/g/ZZZZ/board.json")
    assert response.status_code == 404 and response.get_json() == {"error": "not_found"}


def test_the_board_page_holds_no_secret_and_no_number(client, engine):
    state, events = new_game(NAMES, 5)
    for step, (_seat, _action, after, more) in enumerate(play(state, RandomBot(5))):
        if after.phase == "over" or step > 80:
            break
        state, events = after, events + more
    add_game(engine, "MNPQ", NAMES, state=state, events=events)
    page = client.get("/g/MNPQ").get_data(as_text=True)
    assert state.round > 5 and f"Round {state.round}" in page
    assert not SECRET_WORDING.search(page)
    assert 'class="badge role' not in page
    assert "HITLER" not in page and "LIBERAL " not in page
    assert "555010" not in page


def test_a_lobby_shows_how_to_join_with_a_qr_code_when_the_number_is_known(make_app, engine):
    add_game(engine, "RSTV", ["Ana", "Bob"])
    page = make_app(**TWILIO).test_client().get("/g/RSTV").get_data(as_text=True)
    assert "JOIN RSTV yourname" in page
    assert "+1 415-555-0123" in page
    assert re.search(r'<div class="qr"><svg role="img" aria-labelledby="join-text"', page)
    plain = make_app().test_client().get("/g/RSTV").get_data(as_text=True)
    assert "JOIN RSTV yourname" in plain and "<svg" not in plain
    service = {**TWILIO, "twilio_from_number": None, "twilio_messaging_service_sid": "MG1"}
    only_service = make_app(**service).test_client().get("/g/RSTV").get_data(as_text=True)
    assert "<svg" not in only_service and "415" not in only_service


def test_the_replay_of_a_finished_game(client, engine):
    state, _events = finished_game(engine, "WXZB")
    response = client.get("/g/wxzb/replay")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert page.count('class="step"') == state.round + 2  # the deal, each round, the end
    for number in range(1, state.round + 1):
        assert f"Round {number}: " in page
    assert "Hidden at the time" in page and " drew " in page
    for name, role in zip(state.names, state.roles, strict=True):
        assert re.search(rf"{name}</span> <span class=\"badge role role-{role}\"", page)
    assert "555010" not in page
    assert 'href="/g/WXZB"' in page


def test_a_game_ended_by_the_host_has_a_replay(client, engine):
    state, events = new_game(NAMES[:5], 2)
    ended = Event("ended", None, {"roles": list(state.roles)})
    add_game(engine, "CDFG", NAMES[:5], status=ENDED, state=state, events=[*events, ended])
    page = client.get("/g/CDFG/replay").get_data(as_text=True)
    assert "The host ended the game" in page and "Ended by the host" in page
    assert "WIN" not in page and page.count('class="badge role role-') == 5


@pytest.mark.parametrize(
    ("status", "with_state", "wording"),
    [
        ("active", True, "Not finished yet"),
        ("lobby", False, "Not finished yet"),
        (ENDED, False, "No replay"),
    ],
)
def test_no_replay_before_the_end(client, engine, status, with_state, wording):
    state, events = new_game(NAMES[:5], 2)
    add_game(
        engine,
        "KLMN",
        NAMES[:5],
        status=status,
        state=state if with_state else None,
        events=events if with_state else (),
    )
    response = client.get("/g/KLMN/replay")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert wording in page and "Hidden at the time" not in page
    assert 'class="badge role' not in page


def test_the_replay_of_an_unknown_game_is_404(client):
    assert client.get("/g/ZZZZ/replay").status_code == 404
    assert client.get("/g/%3Cb%3E/replay").status_code == 404


def test_the_front_page_lists_recent_games_by_code_and_result(client, engine):
    state, _ = finished_game(engine, "PQRS")
    add_game(engine, "TVWX", ["Zed", "Yul"])  # an open lobby: its code would let anyone join
    add_game(engine, "GONE", ["Old"], status=ENDED)  # a lobby that closed: not worth a line
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    winner = {"liberal": "Liberals won", "fascist": "Fascists won"}[state.winner]
    assert re.search(rf'href="/g/PQRS">PQRS</a></td>\s*<td><span class="result-\w+">{winner}', page)
    assert 'href="/g/PQRS/replay"' in page
    assert "TVWX" not in page and "Waiting for players" not in page and "GONE" not in page
    for name in [*NAMES, "Zed", "Yul"]:
        assert f">{name}<" not in page and f" {name} " not in page
    assert "555010" not in page
    assert 'href="/sim"' in page  # the simulator backend runs
    assert "NEW yourname" in page


def test_the_front_page_gives_the_number_only_when_twilio_sends_from_one(make_app):
    page = make_app(**TWILIO).test_client().get("/").get_data(as_text=True)
    assert "+1 415-555-0123" in page and 'href="/sim"' not in page
    service = {**TWILIO, "twilio_from_number": None, "twilio_messaging_service_sid": "MG1"}
    page = make_app(**service).test_client().get("/").get_data(as_text=True)
    assert 'class="number"' not in page and 'href="/sim"' not in page


def test_the_board_shows_when_this_games_number_cannot_send(client, engine):
    game_id = add_game(engine, "QRST", NAMES[:5])
    assert board_data(client, "QRST")["problem"] is None
    with Session(engine) as session:
        alert = SenderAlert(
            game_id=game_id, first_code="30034", last_code="30034", failures=3, first_at=NOW,
            last_at=NOW, host_told=True,
        )  # fmt: skip
        session.add(alert)
        session.commit()
    problem = board_data(client, "QRST")["problem"]
    assert problem.startswith("Some texts of this game did not arrive (3 so far)")
    assert "not registered for US texting" in problem
    page = client.get("/g/QRST").get_data(as_text=True)
    assert 'role="alert"' in page and "did not arrive" in page


def test_a_lobby_on_another_number_of_the_pool_shows_that_number(make_app, engine):
    """Issue 35: JOIN works from any number of the pool, but the board shows (and its QR code
    texts) the game's own, so that the JOIN starts the game's thread."""
    game_id = add_game(engine, "WXYZ", ["Ana", "Bob"])
    with Session(engine) as session:
        session.get(Game, game_id).line = "+14155550188"
        session.commit()
    pool = {**TWILIO, "twilio_numbers": "+14155550177,+14155550188"}
    page = make_app(**pool).test_client().get("/g/WXYZ").get_data(as_text=True)
    assert "+1 415-555-0188" in page and "+1 415-555-0123" not in page
    assert re.search(r'<div class="qr"><svg', page)
    front = make_app(**pool).test_client().get("/").get_data(as_text=True)
    assert "+1 415-555-0123" in front  # the home number: the one to start with
