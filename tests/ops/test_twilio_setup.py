"""`sh-sms twilio` against a fake Twilio REST API with the real `twilio` Client: it points the
number (or Messaging Service) at this deployment's /sms, `--check` changes nothing, and each
problem it can see is reported with its next step."""

from __future__ import annotations

import socket

import pytest
from fake_twilio_api import ACCOUNT, TOKEN, FakeTwilioApi, campaign, number, service

from sh_sms.cli import main as cli

BASE = "https://game.example"
SMS = f"{BASE}/sms"
TOLL_FREE, LOCAL = "+18885550123", "+12025550123"  # valid US numbers of each kind
MG = "MG" + "b" * 32
PN = "PN" + "c" * 32
NUMBER_FIELDS = {
    "sms_url": SMS,
    "sms_method": "POST",
    "sms_fallback_url": SMS,
    "sms_fallback_method": "POST",
}


@pytest.fixture
def api():
    """The fake API, closed after the test."""
    fake = FakeTwilioApi().start()
    yield fake
    fake.close()


@pytest.fixture
def twilio(api, monkeypatch, capsys, tmp_path):
    """Run `sh-sms twilio` with the fake's credentials; returns (exit status, printed lines)."""
    monkeypatch.chdir(tmp_path)  # no .env here
    for name in ("TWILIO_FROM_NUMBER", "TWILIO_MESSAGING_SERVICE_SID", "STATUS_CALLBACK_URL"):
        monkeypatch.delenv(name, raising=False)
    base = {
        "TWILIO_ACCOUNT_SID": ACCOUNT,
        "TWILIO_AUTH_TOKEN": TOKEN,
        "TWILIO_API_URL": api.url,
        "PUBLIC_BASE_URL": BASE,
    }

    def run(*args: str, **env: str) -> tuple[int, list[str]]:
        for name, value in {**base, **env}.items():
            monkeypatch.setenv(name, value)
        status = cli(["twilio", *args])
        return status, capsys.readouterr().out.splitlines()

    return run


def problems(lines: list[str]) -> list[str]:
    """The PROBLEM lines."""
    return [line for line in lines if line.startswith("PROBLEM:")]


def verified_toll_free(api, **urls) -> dict:
    """A toll-free number of the account, verified."""
    api.tollfree.append({"tollfree_phone_number_sid": PN, "status": "TWILIO_APPROVED"})
    return api.add_number(number(TOLL_FREE, PN, **urls))


def test_points_the_number_at_this_deployment_then_finds_nothing_to_change(api, twilio):
    verified_toll_free(api, sms_url="https://old.example/hook", sms_method="GET")
    status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE)
    assert status == 0, lines
    assert {k: api.numbers[PN][k] for k in NUMBER_FIELDS} == NUMBER_FIELDS
    assert f"changed: number {TOLL_FREE} sms_url: https://old.example/hook -> {SMS}" in lines
    assert f"changed: number {TOLL_FREE} sms_fallback_url: (empty) -> {SMS}" in lines
    assert problems(lines) == []
    assert any("default keywords" in line for line in lines)  # a YES vote draws a reply
    posts = len(api.updates)
    status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE)
    assert status == 0 and len(api.updates) == posts  # nothing left to change
    assert f"ok: number {TOLL_FREE} sms_url is {SMS}" in lines
    assert lines[-1] == "All set: texts to the number come to this deployment."


def test_check_changes_nothing_and_says_what_it_would_change(api, twilio):
    verified_toll_free(api)
    status, lines = twilio("--check", TWILIO_FROM_NUMBER=TOLL_FREE)
    assert status == 1
    assert api.updates == []
    assert api.numbers[PN]["sms_url"] == ""
    assert f"would change: number {TOLL_FREE} sms_url: (empty) -> {SMS}" in lines
    assert lines[-1].startswith("2 settings would change: run sh-sms twilio without --check")


def test_url_option_replaces_public_base_url(api, twilio):
    verified_toll_free(api)
    status, _lines = twilio("--url", "https://other.example/", TWILIO_FROM_NUMBER=TOLL_FREE)
    assert status == 0
    assert api.numbers[PN]["sms_url"] == "https://other.example/sms"


def test_wrong_credentials(api, twilio):
    verified_toll_free(api)
    status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE, TWILIO_AUTH_TOKEN="wrong")
    assert status == 1
    [problem] = problems(lines)
    assert "error 20003" in problem and "Account Info" in problem
    assert api.updates == []


def test_trial_account(api, twilio):
    api.account_type = "Trial"
    verified_toll_free(api)
    status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE)
    assert status == 1
    [problem] = problems(lines)
    assert problem.startswith("PROBLEM: Trial account") and "Verified Caller IDs" in problem
    assert api.numbers[PN]["sms_url"] == SMS  # the rest is still done


def test_suspended_account(api, twilio):
    api.account_status = "suspended"
    verified_toll_free(api)
    _status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE)
    [problem] = problems(lines)
    assert "is suspended, not active" in problem


def test_a_number_the_account_does_not_have(api, twilio):
    status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE)
    assert status == 1
    [problem] = problems(lines)
    assert f"{TOLL_FREE} is not a number of this account" in problem and "Buy a number" in problem


def test_a_number_that_cannot_send_sms(api, twilio):
    api.tollfree.append({"tollfree_phone_number_sid": PN, "status": "TWILIO_APPROVED"})
    api.add_number(number(TOLL_FREE, PN, sms=False))
    _status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE)
    [problem] = problems(lines)
    assert f"{TOLL_FREE} cannot send SMS" in problem


@pytest.mark.parametrize(
    ("verifications", "expected"),
    [
        ([], "was never verified"),
        (["PENDING_REVIEW"], "is PENDING_REVIEW"),
        (["TWILIO_REJECTED"], "was rejected"),
    ],
)
def test_an_unverified_toll_free_number(api, twilio, verifications, expected):
    api.add_number(number(TOLL_FREE, PN))
    for status in verifications:
        api.tollfree.append({"tollfree_phone_number_sid": PN, "status": status})
    _status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE)
    [problem] = problems(lines)
    assert expected in problem and "30032" in problem and "Toll-free verifications" in problem


def test_an_unregistered_us_long_code(api, twilio):
    api.add_number(number(LOCAL, PN))
    _status, lines = twilio(TWILIO_FROM_NUMBER=LOCAL)
    [problem] = problems(lines)
    assert "A2P 10DLC" in problem and "30034" in problem


def test_a_number_whose_service_overrides_its_webhooks(api, twilio):
    api.services[MG] = service(MG, registered=True)
    api.add_number(number(LOCAL, PN), service_sid=MG)
    _status, lines = twilio(TWILIO_FROM_NUMBER=LOCAL)
    [problem] = problems(lines)
    assert f"set TWILIO_MESSAGING_SERVICE_SID={MG}" in problem
    assert f"ok: {LOCAL} is registered for US A2P 10DLC" in lines


def test_points_a_messaging_service_at_this_deployment(api, twilio):
    api.services[MG] = service(MG, registered=True, use_inbound_webhook_on_number=True)
    api.services[MG]["campaigns"].append(campaign())
    api.add_number(number(LOCAL, PN), service_sid=MG)
    status, lines = twilio(TWILIO_MESSAGING_SERVICE_SID=MG)
    assert status == 0, lines
    changed = api.services[MG]
    assert (changed["inbound_request_url"], changed["fallback_url"]) == (SMS, SMS)
    assert changed["status_callback"] == f"{BASE}/sms/status"
    assert changed["use_inbound_webhook_on_number"] is False
    assert any(
        line.startswith("note: Twilio's API does not show Advanced Opt-Out") for line in lines
    )


def test_check_on_a_service_changes_nothing(api, twilio):
    api.services[MG] = service(MG)
    status, lines = twilio("--check", TWILIO_MESSAGING_SERVICE_SID=MG)
    assert status == 1 and api.updates == []
    assert f"would change: service {MG} inbound_request_url: (empty) -> {SMS}" in lines


def test_a_service_that_does_not_exist(api, twilio):
    _status, lines = twilio(TWILIO_MESSAGING_SERVICE_SID=MG)
    [problem] = problems(lines)
    assert f"Messaging Service {MG} is not in this account" in problem


def test_a_service_without_senders(api, twilio):
    api.services[MG] = service(MG)
    _status, lines = twilio(TWILIO_MESSAGING_SERVICE_SID=MG)
    [problem] = problems(lines)
    assert "has no sender" in problem and "Sender Pool" in problem


def test_a_service_sender_that_cannot_send_sms_and_is_not_registered(api, twilio):
    api.services[MG] = service(MG, registered=False)
    api.add_number(number(LOCAL, PN, sms=False), service_sid=MG)
    _status, lines = twilio(TWILIO_MESSAGING_SERVICE_SID=MG)
    found = problems(lines)
    assert len(found) == 2
    assert "cannot send SMS" in found[0] and "A2P 10DLC" in found[1]


def test_a_campaign_not_verified_and_one_taking_yes_for_an_opt_in(api, twilio):
    api.services[MG] = service(MG, registered=True)
    api.services[MG]["campaigns"] += [campaign("PENDING"), campaign(opt_in=("START", "yes"))]
    api.add_number(number(LOCAL, PN), service_sid=MG)
    _status, lines = twilio(TWILIO_MESSAGING_SERVICE_SID=MG)
    first, second = problems(lines)
    assert "is PENDING, not VERIFIED" in first
    assert "lists YES as opt-in keywords" in second and "Opt-Out Management" in second


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"TWILIO_AUTH_TOKEN": ""}, "Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN"),
        ({}, "Set TWILIO_FROM_NUMBER"),
        ({"TWILIO_FROM_NUMBER": TOLL_FREE, "PUBLIC_BASE_URL": ""}, "Set PUBLIC_BASE_URL"),
    ],
)
def test_settings_it_cannot_do_without(api, twilio, env, expected):
    status, lines = twilio(**env)
    assert status == 2
    assert lines == [f"PROBLEM: {lines[0][len('PROBLEM: ') :]}"] and expected in lines[0]
    assert api.requests == []


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/v1/Services", "Twilio answered 500 with error 20500."),  # a list page
        (f"/2010-04-01/Accounts/{ACCOUNT}.json", f"error 20500 for /Accounts/{ACCOUNT}.json"),
    ],
)
def test_an_api_error_names_the_code_and_where_to_read_about_it(api, twilio, path, expected):
    verified_toll_free(api)
    api.failing[path] = 500
    status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE)
    assert status == 1
    [problem] = problems(lines)
    assert expected in problem
    assert problem.endswith("https://www.twilio.com/docs/errors/20500")


def test_an_api_that_does_not_answer(twilio):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    status, lines = twilio(TWILIO_FROM_NUMBER=TOLL_FREE, TWILIO_API_URL=f"http://127.0.0.1:{port}")
    assert status == 1
    [problem] = problems(lines)
    assert problem.startswith("PROBLEM: Twilio's API did not answer")


def test_check_compares_public_base_url_with_the_numbers_webhook(api, twilio):
    verified_toll_free(api, sms_url="https://old-app.example/sms", sms_fallback_url=SMS)
    status, lines = twilio("--check", TWILIO_FROM_NUMBER=TOLL_FREE)
    assert status == 1 and api.updates == []
    assert (
        f"would change: number {TOLL_FREE} sms_url: https://old-app.example/sms -> {SMS}" in lines
    )
    assert f"ok: number {TOLL_FREE} sms_fallback_url is {SMS}" in lines


@pytest.mark.parametrize("url", ["game.example", "http://game.example", "https://game.example/sms"])
def test_an_address_twilio_cannot_use_is_refused_before_any_request(api, twilio, caplog, url):
    verified_toll_free(api)
    status, _lines = twilio("--check", TWILIO_FROM_NUMBER=TOLL_FREE, PUBLIC_BASE_URL=url)
    assert status == 2 and api.requests == []
    assert f"Refusing to start: PUBLIC_BASE_URL={url} " in caplog.text
