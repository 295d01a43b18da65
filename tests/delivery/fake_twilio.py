"""A fake Twilio REST API on a loopback port, for the real `twilio` Client to talk to.

It answers `POST /2010-04-01/Accounts/<sid>/Messages.json` the way Twilio does: 201 with a
message resource (`status: queued`), or an error body `{"code", "message", "more_info",
"status"}`. Answers are scripted per call (`script`) or per recipient (`script_to`), or drawn
by a `chaos` function; unscripted calls succeed. Every request is recorded. `hold()` makes
requests wait, unanswered, until `release()`, so a test can catch a worker mid-send.

A reply may create the message and still fail the request the way a network does
(`CREATED_THEN_RESET`, `CREATED_THEN_TIMEOUT`): the phone gets the text, the sender never hears.
Every created message is kept and served by `GET .../Messages.json` with Twilio's filters (`To`,
`From`, `DateSent`, `DateSent<`, `DateSent>`), newest first; `created_count()` says how often
each outbox row reached the phone.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
import secrets
import socket
import struct
import threading
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, parse_qsl, urlsplit

from fake_messages import list_page, matches, message

_PATH = re.compile(r"^/2010-04-01/Accounts/(AC\w+)/Messages\.json$")


@dataclass(frozen=True)
class Reply:
    """One scripted answer: an HTTP status and JSON body, or `reset` (close without answering),
    or `hang` (answer nothing until `close()`). `create`: the message is created whatever the
    answer (a 201 always creates it)."""

    status: int = 201
    body: dict | None = None
    reset: bool = False
    hang: bool = False
    create: bool = False


def error(code: int, status: int = 400, message: str = "error") -> Reply:
    """A Twilio error answer with its real shape."""
    return Reply(
        status,
        {
            "code": code,
            "message": message,
            "more_info": f"https://www.twilio.com/docs/errors/{code}",
            "status": status,
        },
    )


TOO_MANY_REQUESTS = error(20429, 429, "Too Many Requests")
SERVER_ERROR = Reply(500, {"code": 20500, "message": "Internal Server Error", "status": 500})
BAD_GATEWAY = Reply(502, None)  # no JSON body at all
RESET = Reply(reset=True)
INVALID_TO = error(21211, 400, "The 'To' number is not a valid phone number.")
UNSUBSCRIBED = error(21610, 400, "Attempt to send to unsubscribed recipient")
NOT_MOBILE = error(21614, 400, "'To' number is not a valid mobile number")
BODY_REQUIRED = error(21602, 400, "Message body is required.")
CREATED_THEN_RESET = Reply(reset=True, create=True)  # created; the answer is lost
CREATED_THEN_TIMEOUT = Reply(hang=True, create=True)  # created; the answer never comes


@dataclass
class Call:
    """One request the fake received."""

    account: str | None
    form: dict[str, str]
    auth: tuple[str, str] | None
    at: float  # time.perf_counter() on arrival
    answered: Reply | None = None
    sid: str | None = None

    @property
    def to(self) -> str:
        """The recipient."""
        return self.form.get("To", "")

    @property
    def outbox_id(self) -> int | None:
        """The outbox row named by the StatusCallback URL (`?id=`), if any."""
        url = self.form.get("StatusCallback")
        if not url:
            return None
        value = dict(parse_qsl(urlsplit(url).query)).get("id")
        return int(value) if value else None


@dataclass
class FakeTwilio:
    """The fake server; start it with `start()`, stop it with `close()`."""

    account_sid: str = "AC" + "0" * 32
    auth_token: str = "test-auth-token"
    calls: list[Call] = field(default_factory=list)
    messages: list[dict] = field(default_factory=list)  # created, oldest first
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    keep_queued: bool = False  # created messages stay `queued`, with no date_sent
    chaos: Callable[[Call], Reply | None] | None = None  # an answer for unscripted calls
    lists: int = 0  # GET requests for the message list

    def __post_init__(self) -> None:
        self._script: deque[Reply] = deque()
        self._by_number: dict[str, deque[Reply]] = defaultdict(deque)
        self._changed = threading.Condition()
        self._gate = threading.Event()
        self._gate.set()
        self._closing = threading.Event()  # lets hung requests go
        self._list_script: deque[Reply] = deque()
        self.waiting = 0  # requests held at the gate right now
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL to give the Client (instead of https://api.twilio.com)."""
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeTwilio:
        """Serve in a background thread."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Let held and hung requests go, stop serving and free the port."""
        self.release()
        self._closing.set()
        self._server.shutdown()
        self._server.server_close()

    def script(self, *replies: Reply) -> None:
        """Answer the next calls, whoever they are to, with `replies` in order."""
        with self._changed:
            self._script.extend(replies)

    def script_to(self, number: str, *replies: Reply) -> None:
        """Answer the next calls to `number` with `replies` in order (before `script`)."""
        with self._changed:
            self._by_number[number].extend(replies)

    def script_list(self, *replies: Reply) -> None:
        """Answer the next message-list requests with `replies` (errors) in order."""
        with self._changed:
            self._list_script.extend(replies)

    def hold(self) -> None:
        """Keep every request from now on waiting, unanswered, until `release()`."""
        self._gate.clear()

    def release(self) -> None:
        """Answer the held requests and stop holding."""
        self._gate.set()

    def wait_for(self, predicate, timeout: float = 10.0) -> bool:
        """Wait until `predicate(self)` holds (checked whenever a request arrives or ends)."""
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self), timeout)

    def sent_to(self, number: str) -> list[str]:
        """Bodies of the messages created for `number` (what its phone got), in order."""
        return [c.form.get("Body", "") for c in self.created() if c.to == number]

    def accepted(self) -> list[Call]:
        """Calls answered with a created message."""
        with self._changed:
            return [
                c
                for c in self.calls
                if c.answered and c.answered.status == 201 and not c.answered.reset
            ]

    def created(self) -> list[Call]:
        """Calls that created a message, answered or not."""
        with self._changed:
            return [c for c in self.calls if c.sid is not None]

    def created_count(self) -> Counter:
        """How many messages were created per outbox row (from the StatusCallback URL)."""
        return Counter(c.outbox_id for c in self.created())

    def _next_reply(self, call: Call) -> Reply:
        with self._changed:
            if self._by_number.get(call.to):
                return self._by_number[call.to].popleft()
            if self._script:
                return self._script.popleft()
        chosen = self.chaos(call) if self.chaos is not None else None
        return chosen or Reply()

    def _create(self, call: Call) -> dict:
        """Create the message `call` asks for; return it as the creation answer shows it."""
        call.sid = "SM" + secrets.token_hex(16)
        answer = message(self.account_sid, call.sid, call.form, self.clock())
        kept = dict(answer)
        if not self.keep_queued:  # Twilio sends it at once
            kept["status"], kept["date_sent"] = "sent", kept["date_created"]
        with self._changed:
            self.messages.append(kept)
        return answer

    def listed(self, query: dict[str, str]) -> list[dict]:
        """The created messages matching Twilio's list filters, newest first."""
        with self._changed:
            found = [m for m in self.messages if matches(m, query)]
        return found[::-1]

    def _record(self, call: Call) -> None:
        with self._changed:
            self.calls.append(call)
            self._changed.notify_all()

    def _notify(self, change) -> None:
        with self._changed:
            change()
            self._changed.notify_all()


def _handler(fake: FakeTwilio) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # else each answer waits ~40 ms for a delayed ACK

        def log_message(self, *_args) -> None:  # keep test output quiet
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            data = self.rfile.read(length)
            if len(data) < length:  # the client died mid-request: a real server creates nothing
                self.close_connection = True
                return
            raw = data.decode()
            form = {k: v[-1] for k, v in parse_qs(raw, keep_blank_values=True).items()}
            match = _PATH.match(self.path)
            call = Call(
                match and match.group(1), form, _basic_auth(self.headers), time.perf_counter()
            )
            fake._record(call)
            if match is None or call.account != fake.account_sid:
                self._answer(call, error(20404, 404, "The requested resource was not found"))
                return
            if call.auth != (fake.account_sid, fake.auth_token):
                self._answer(call, error(20003, 401, "Authenticate"))
                return
            reply = fake._next_reply(call)
            if not fake._gate.is_set():
                fake._notify(lambda: setattr(fake, "waiting", fake.waiting + 1))
                fake._gate.wait()
                fake._notify(lambda: setattr(fake, "waiting", fake.waiting - 1))
            created = None
            if reply.create or (reply.status == 201 and not (reply.reset or reply.hang)):
                created = fake._create(call)
            if reply.hang:
                fake._closing.wait()
                self.close_connection = True
                return
            if reply.reset:
                fake._notify(lambda: setattr(call, "answered", reply))
                linger = struct.pack("ii", 1, 0)  # close with RST: "connection reset by peer"
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, linger)
                self.close_connection = True
                return
            if reply.status == 201:
                reply = Reply(201, created)
            self._answer(call, reply)

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            match = _PATH.match(url.path)
            query = dict(parse_qsl(url.query, keep_blank_values=True))
            call = Call(match and match.group(1), query, _basic_auth(self.headers), 0.0)
            if match is None or call.account != fake.account_sid:
                self._answer(call, error(20404, 404, "The requested resource was not found"))
                return
            if call.auth != (fake.account_sid, fake.auth_token):
                self._answer(call, error(20003, 401, "Authenticate"))
                return
            fake._notify(lambda: setattr(fake, "lists", fake.lists + 1))
            with fake._changed:
                scripted = fake._list_script.popleft() if fake._list_script else None
            if scripted is not None:
                self._answer(call, scripted)
                return
            size = int(query.get("PageSize") or 50)
            page = list_page(fake.listed(query)[:size], size, url.path + "?" + url.query)
            self._answer(call, Reply(200, page))

        def _answer(self, call: Call, reply: Reply) -> None:
            data = json.dumps(reply.body).encode() if reply.body is not None else b"Bad Gateway"
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            with contextlib.suppress(OSError):  # the client may be gone (killed mid-send)
                self.wfile.write(data)
            fake._notify(lambda: setattr(call, "answered", reply))

    return Handler


def _basic_auth(headers) -> tuple[str, str] | None:
    value = headers.get("Authorization", "")
    if not value.startswith("Basic "):
        return None
    user, _, password = base64.b64decode(value[6:]).decode().partition(":")
    return user, password
