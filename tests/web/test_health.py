"""`GET /healthz`: 200 while the database answers, 503 when it does not."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import create_engine


def test_healthz_answers_200_with_a_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok"}


def test_healthz_answers_503_when_the_database_is_down(app):
    runtime = app.extensions["sh_sms"]
    down = create_engine("postgresql+psycopg://postgres@127.0.0.1:1/nothing")
    app.extensions["sh_sms"] = replace(runtime, engine=down)
    try:
        response = app.test_client().get("/healthz")
    finally:
        app.extensions["sh_sms"] = runtime
        down.dispose()
    assert response.status_code == 503
    assert response.get_json()["database"] == "unreachable"
