"""A fake of the parts of Twilio's REST API that `sh-sms twilio` reads and changes, on loopback,
for the real `twilio` Client (both its domains pointed here: api.twilio.com's paths start with
/2010-04-01, messaging.twilio.com's with /v1).

It keeps an account (type, status), incoming phone numbers, Messaging Services with their sender
pools and A2P campaigns, and toll-free verifications, answers GETs from that state and applies
POSTed updates to it. Every request is recorded; a wrong login gets Twilio's 401 (20003).
"""

from __future__ import annotations

import base64
import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

ACCOUNT = "AC" + "a" * 32
TOKEN = "fake-api-token"


def number(phone: str, sid: str, *, sms: bool = True, **urls: str) -> dict:
    """An incoming phone number resource (v2010), its webhooks empty unless given."""
    return {
        "sid": sid,
        "account_sid": ACCOUNT,
        "phone_number": phone,
        "capabilities": {"sms": sms, "mms": sms, "voice": True},
        "sms_url": urls.get("sms_url", ""),
        "sms_method": urls.get("sms_method", "POST"),
        "sms_fallback_url": urls.get("sms_fallback_url", ""),
        "sms_fallback_method": urls.get("sms_fallback_method", "POST"),
    }


def service(sid: str, *, registered: bool = False, **fields) -> dict:
    """A Messaging Service resource (v1), with an empty sender pool and no campaign."""
    return {
        "sid": sid,
        "account_sid": ACCOUNT,
        "friendly_name": "sh-sms",
        "inbound_request_url": None,
        "inbound_method": "POST",
        "fallback_url": None,
        "fallback_method": "POST",
        "status_callback": None,
        "use_inbound_webhook_on_number": False,
        "us_app_to_person_registered": registered,
        "numbers": [],  # sids of incoming numbers in the pool (not part of Twilio's resource)
        "short_codes": [],
        "campaigns": [],
        **fields,
    }


def campaign(status: str = "VERIFIED", opt_in: tuple[str, ...] = ("START",)) -> dict:
    """A US A2P campaign (the service's Compliance/Usa2p resource)."""
    return {
        "sid": "QE" + "1" * 32,
        "campaign_status": status,
        "opt_in_keywords": list(opt_in),
        "opt_out_keywords": ["STOP"],
        "help_keywords": ["HELP"],
    }


@dataclass
class FakeTwilioApi:
    """The fake server and its state; `start()` it, `close()` it."""

    account_type: str = "Full"
    account_status: str = "active"
    numbers: dict[str, dict] = field(default_factory=dict)  # by sid
    services: dict[str, dict] = field(default_factory=dict)  # by sid
    tollfree: list[dict] = field(default_factory=list)  # {"tollfree_phone_number_sid", "status"}
    requests: list[tuple[str, str]] = field(default_factory=list)  # (method, path)
    updates: list[tuple[str, dict]] = field(default_factory=list)  # (path, form)
    failing: dict[str, int] = field(default_factory=dict)  # path -> HTTP status (code 20500)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL for both of the Client's domains."""
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeTwilioApi:
        """Serve in a background thread."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving and free the port."""
        self._server.shutdown()
        self._server.server_close()

    def add_number(self, resource: dict, service_sid: str | None = None) -> dict:
        """Own a number (and put it in a service's pool)."""
        self.numbers[resource["sid"]] = resource
        if service_sid:
            self.services[service_sid]["numbers"].append(resource["sid"])
        return resource

    def answer(self, method: str, path: str, query: dict, form: dict) -> tuple[int, dict]:
        """The status and JSON body for one authenticated request."""
        if path in self.failing:
            return _error(20500, self.failing[path])
        for pattern, handler in _ROUTES:
            match = re.fullmatch(pattern, path)
            if match and handler.__name__.startswith(method.lower()):
                with self._lock:
                    return handler(self, query, form, *match.groups())
        return _error(20404, 404)


def _error(code: int, status: int) -> tuple[int, dict]:
    return status, {"code": code, "message": "error", "status": status}


def _page(key: str, items: list[dict]) -> dict:
    """A list page of the messaging API (v1)."""
    return {key: items, "meta": {"key": key, "page": 0, "page_size": 50, "next_page_url": None}}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _values(form: dict) -> dict:
    """Form fields as resource fields: SmsUrl -> sms_url, 'true' -> True."""
    booleans = {"true": True, "false": False}
    return {_snake(k): booleans.get(v, v) for k, v in form.items()}


def get_account(fake, _query, _form, sid):
    if sid != ACCOUNT:
        return _error(20404, 404)
    return 200, {"sid": sid, "type": fake.account_type, "status": fake.account_status}


def get_numbers(fake, query, _form, _sid):
    wanted = query.get("PhoneNumber")
    found = [n for n in fake.numbers.values() if wanted in (None, n["phone_number"])]
    return 200, {"incoming_phone_numbers": found, "next_page_uri": None, "page": 0}


def post_number(fake, _query, form, _account, sid):
    if sid not in fake.numbers:
        return _error(20404, 404)
    fake.numbers[sid].update(_values(form))
    return 200, fake.numbers[sid]


def get_services(fake, _query, _form):
    return 200, _page("services", [_public(s) for s in fake.services.values()])


def get_service(fake, _query, _form, sid):
    if sid not in fake.services:
        return _error(20404, 404)
    return 200, _public(fake.services[sid])


def post_service(fake, _query, form, sid):
    if sid not in fake.services:
        return _error(20404, 404)
    fake.services[sid].update(_values(form))
    return 200, _public(fake.services[sid])


def get_pool(fake, _query, _form, sid):
    if sid not in fake.services:
        return _error(20404, 404)
    pool = []
    for pn in fake.services[sid]["numbers"]:
        caps = fake.numbers[pn]["capabilities"]
        listed = [name.upper() for name in ("sms", "mms", "voice") if caps.get(name)]
        pool.append(
            {
                "sid": pn,
                "phone_number": fake.numbers[pn]["phone_number"],
                "capabilities": listed,
                "service_sid": sid,
            }
        )
    return 200, _page("phone_numbers", pool)


def get_short_codes(fake, _query, _form, sid):
    return 200, _page("short_codes", fake.services.get(sid, {}).get("short_codes", []))


def get_campaigns(fake, _query, _form, sid):
    return 200, _page("compliance", fake.services.get(sid, {}).get("campaigns", []))


def get_tollfree(fake, query, _form):
    sid = query.get("TollfreePhoneNumberSid")
    found = [v for v in fake.tollfree if sid in (None, v["tollfree_phone_number_sid"])]
    return 200, _page("verifications", found)


def _public(resource: dict) -> dict:
    return {k: v for k, v in resource.items() if k not in ("numbers", "short_codes", "campaigns")}


_ROUTES = [
    (r"/2010-04-01/Accounts/(AC\w+)\.json", get_account),
    (r"/2010-04-01/Accounts/(AC\w+)/IncomingPhoneNumbers\.json", get_numbers),
    (r"/2010-04-01/Accounts/(AC\w+)/IncomingPhoneNumbers/(PN\w+)\.json", post_number),
    (r"/v1/Services", get_services),
    (r"/v1/Services/(MG\w+)", get_service),
    (r"/v1/Services/(MG\w+)", post_service),
    (r"/v1/Services/(MG\w+)/PhoneNumbers", get_pool),
    (r"/v1/Services/(MG\w+)/ShortCodes", get_short_codes),
    (r"/v1/Services/(MG\w+)/Compliance/Usa2p", get_campaigns),
    (r"/v1/Tollfree/Verifications", get_tollfree),
]


def _handler(fake: FakeTwilioApi) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_args) -> None:
            pass

        def do_GET(self) -> None:
            self._serve("GET")

        def do_POST(self) -> None:
            self._serve("POST")

        def _serve(self, method: str) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode()
            form = {k: v[-1] for k, v in parse_qs(raw, keep_blank_values=True).items()}
            parts = urlsplit(self.path)
            query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
            with fake._lock:
                fake.requests.append((method, parts.path))
                if method == "POST":
                    fake.updates.append((parts.path, form))
            if _login(self.headers) != (ACCOUNT, TOKEN):
                status, body = _error(20003, 401)
            else:
                status, body = fake.answer(method, parts.path, query, form)
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


def _login(headers) -> tuple[str, str] | None:
    value = headers.get("Authorization", "")
    if not value.startswith("Basic "):
        return None
    user, _, password = base64.b64decode(value[6:]).decode().partition(":")
    return user, password
