"""`sh-sms twilio`: point the configured numbers (or Messaging Service) at this deployment through
Twilio's REST API, and check what the API lets us check, each problem with its next step.

With TWILIO_FROM_NUMBER and TWILIO_NUMBERS it sets each number's incoming-message URL and fallback
URL to `<PUBLIC_BASE_URL>/sms` (POST); with TWILIO_MESSAGING_SERVICE_SID the service's inbound
request URL, fallback URL and status callback, which every number of its pool uses. `--check`
changes nothing and says what it would change. Exit 0 when all is well, 1 when a problem (or,
with --check, a change) remains, 2 when the settings are missing.
"""

from __future__ import annotations

import json

import requests
from twilio.base.exceptions import TwilioException, TwilioRestException
from twilio.http.http_client import TwilioHttpClient
from twilio.rest import Client

from ..config import TWILIO, Settings
from .commandline import command_parser
from .preflight import start
from .twilio_checks import check_account, setup_numbers, setup_service
from .twilio_report import PROBLEM, Report
from .wording import say

TIMEOUT_SECONDS = 15.0


def make_client(settings: Settings) -> Client:
    """The `twilio` Client for `settings`; TWILIO_API_URL (tests) replaces both domains it uses."""
    http = TwilioHttpClient(timeout=TIMEOUT_SECONDS)
    client = Client(settings.twilio_account_sid, settings.twilio_auth_token, http_client=http)
    if settings.twilio_api_url:
        base = settings.twilio_api_url.rstrip("/")
        client.api.base_url = base  # api.twilio.com: accounts, incoming phone numbers
        client.messaging.base_url = base  # messaging.twilio.com: services, verifications
    return client


def run(client: Client, settings: Settings, report: Report) -> None:
    """Check the account, then set up and check the number or the Messaging Service."""
    try:
        if not check_account(client, settings, report):
            return
        if settings.twilio_messaging_service_sid:
            setup_service(client, settings, report)
        else:
            setup_numbers(client, settings, report)
    except TwilioRestException as exc:
        report.add(PROBLEM, "api_error", code=exc.code, status=exc.status, uri=exc.uri)
    except TwilioException as exc:
        answered = _page_error(exc)
        if answered is None:
            report.add(PROBLEM, "api_unreachable", error=str(exc)[:200])
        else:
            report.add(PROBLEM, "api_error", code=answered[1], status=answered[0], uri=None)
    except requests.RequestException as exc:  # no answer at all (network, timeout)
        report.add(PROBLEM, "api_unreachable", error=str(exc)[:200])


def _page_error(exc: TwilioException) -> tuple[int, object] | None:
    """(HTTP status, Twilio error code) of a list page Twilio refused; None if not one."""
    response = exc.args[1] if len(exc.args) > 1 else None
    status = getattr(response, "status_code", None)
    if status is None:
        return None
    try:
        code = json.loads(response.text).get("code")
    except (ValueError, AttributeError):
        code = None
    return status, code


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run, print the report; return the exit status."""
    parser = command_parser("twilio")
    parser.add_argument(
        "--check", action="store_true", help="change nothing: compare, check and report"
    )
    parser.add_argument("--url", help="this deployment's https address, instead of PUBLIC_BASE_URL")
    args = parser.parse_args(argv)
    overrides = {"public_base_url": args.url} if args.url else {}
    settings = start(**overrides)
    if settings is None:
        return 2
    missing = _missing(settings)
    if missing:
        print(say("twilio/line", kind=PROBLEM, text=say(f"twilio/{missing}")))
        return 2
    report = Report(apply=not args.check)
    run(make_client(settings), settings, report)
    report.lines.append(say("twilio/summary", report=report))
    print("\n".join(report.lines))
    return report.status


def _missing(settings: Settings) -> str | None:
    """The template naming what must be set before anything can be done, if anything."""
    if settings.backend != TWILIO:
        return "needs_credentials"
    if not (settings.pool.numbers or settings.twilio_messaging_service_sid):
        return "needs_sender"
    if not (settings.public_base_url or "").startswith(("https://", "http://")):
        return "needs_url"
    return None
