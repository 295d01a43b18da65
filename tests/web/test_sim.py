"""The simulator routes: outbound texts as JSON, texts from simulated phones, the phones page."""

from __future__ import annotations

import re
import sqlite3

import pytest
from sqlalchemy.exc import OperationalError
from sqlmodel import Session
from web_helpers import NOW

from sh_sms.store import Outbox


def add_outbox(engine, count: int, to: str = "+15550100001") -> None:
    """Queue `count` outbound texts numbered from 1 in their bodies."""
    with Session(engine) as session:
        for i in range(count):
            session.add(Outbox(to_number=to, body=f"text {i + 1}", created_at=NOW))
        session.commit()


@pytest.mark.parametrize("path", ["/sim", "/sim/messages.json", "/sim/send"])
def test_no_sim_routes_under_twilio(make_app, path):
    client = make_app(
        twilio_account_sid="AC123", twilio_auth_token="token", twilio_from_number="+15550009999"
    ).test_client()
    assert client.get(path).status_code == 404
    assert client.post(path, data={"from": "+15550100001", "body": "NEW Ana"}).status_code == 404


def test_messages_start_empty(client):
    response = client.get("/sim/messages.json")
    assert response.status_code == 200
    assert response.get_json() == {"messages": []}


def test_messages_page_with_after(client, engine):
    add_outbox(engine, 5)
    everything = client.get("/sim/messages.json").get_json()["messages"]
    assert [m["body"] for m in everything] == [f"text {i}" for i in range(1, 6)]
    assert set(everything[0]) == {"id", "to", "body"}
    assert everything[0]["to"] == "+15550100001"
    ids = [m["id"] for m in everything]
    assert ids == sorted(ids)
    later = client.get(f"/sim/messages.json?after={ids[2]}").get_json()["messages"]
    assert [m["id"] for m in later] == ids[3:]
    assert client.get(f"/sim/messages.json?after={ids[-1]}").get_json() == {"messages": []}


@pytest.mark.parametrize("after", ["x", "-5", "1e9", "99999999999999999999999", ""])
def test_an_odd_after_is_no_error(client, engine, after):
    add_outbox(engine, 2)
    response = client.get(f"/sim/messages.json?after={after}")
    assert response.status_code == 200
    assert len(response.get_json()["messages"]) in (0, 2)


def test_at_most_500_messages_per_page(client, engine):
    add_outbox(engine, 501)
    first = client.get("/sim/messages.json").get_json()["messages"]
    assert len(first) == 500
    rest = client.get(f"/sim/messages.json?after={first[-1]['id']}").get_json()["messages"]
    assert [m["body"] for m in rest] == ["text 501"]


def test_send_as_a_form_or_json(client, received):
    assert client.post(
        "/sim/send", data={"from": "+15550100001", "body": "NEW Ana"}
    ).get_json() == {"ok": True}
    assert client.post("/sim/send", json={"from": "555 010 0002", "body": "JOIN"}).get_json() == {
        "ok": True
    }
    assert [call[:2] for call in received] == [
        ("+15550100001", "NEW Ana"),
        ("+15550100002", "JOIN"),
    ]
    sids = [call[2] for call in received]
    assert all(re.fullmatch(r"SIM[0-9a-f]{32}", sid) for sid in sids)
    assert sids[0] != sids[1]
    assert received[0][3] == NOW


@pytest.mark.parametrize(
    "payload", [{"body": "hi"}, {"from": "nope", "body": "hi"}, {"from": 5, "body": "hi"}]
)
def test_send_from_an_unusable_number(client, received, payload):
    response = client.post("/sim/send", json=payload)
    assert response.status_code == 400
    assert response.get_json()["ok"] is False
    assert received == []


def test_send_with_odd_input_never_500(client, received):
    assert client.post("/sim/send", json=["+15550100001"]).status_code == 400
    assert client.post("/sim/send", data="{", content_type="application/json").status_code == 400
    response = client.post("/sim/send", json={"from": "+15550100001", "body": 7})
    assert response.get_json() == {"ok": True}
    assert received[-1][1] == ""


def test_send_when_the_service_breaks_gets_an_apology(client, monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("sh_sms.conversation.intake.receive", broken)
    response = client.post("/sim/send", json={"from": "+15550100001", "body": "NEW Ana"})
    assert response.get_json() == {"ok": True}
    [message] = client.get("/sim/messages.json").get_json()["messages"]
    assert message["to"] == "+15550100001" and message["body"].startswith("Sorry")


def test_send_when_the_database_is_away_is_not_delivered(client, monkeypatch):
    def away(*_args, **_kwargs):
        raise OperationalError("SELECT 1", {}, sqlite3.OperationalError("database is locked"))

    monkeypatch.setattr("sh_sms.conversation.intake.receive", away)
    response = client.post("/sim/send", json={"from": "+15550100001", "body": "NEW Ana"})
    assert response.status_code == 503
    assert response.get_json() == {"ok": False, "error": "unavailable"}


def test_a_game_through_the_simulator(client):
    assert client.post("/sim/send", json={"from": "+15550100001", "body": "NEW Ana"}).get_json()[
        "ok"
    ]
    messages = client.get("/sim/messages.json").get_json()["messages"]
    assert [m["to"] for m in messages] == ["+15550100001"]
    code = re.search(r"\b([A-Z]{4})\b", messages[0]["body"]).group(1)
    client.post("/sim/send", json={"from": "+15550100002", "body": f"JOIN {code} Bob"})
    later = client.get(f"/sim/messages.json?after={messages[0]['id']}").get_json()["messages"]
    assert {m["to"] for m in later} == {"+15550100001", "+15550100002"}
    board = client.get(f"/g/{code.lower()}.json").get_json()
    assert [p["name"] for p in board["players"]] == ["Ana", "Bob"]


def test_the_phones_page(client):
    response = client.get("/sim")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "/sim/messages.json" in page and "/sim/send" in page and "localStorage" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)  # no external assets
