"""Taking in one text so that nothing acknowledged is lost and nothing is applied twice.

`accept` is what the webhook (and the simulator) call for each text:

1. Texts of the same sender still kept in the dead-letter table go first, oldest first. Whether
   there are any is asked in the text's own transaction, in the statement that records its
   MessageSid; only when there are is that transaction rolled back and they are tried first.
2. The text is applied (`conversation.receive`, after `conversation.keywords`). A transient
   database fault (a dropped connection, a serialization failure, a deadlock, a lock timeout) is
   retried inside the request on a fresh connection, a few times (`store.faults`), while the
   request's budget lasts (REQUEST_BUDGET_SECONDS, 10: Twilio waits 15), keeping one lock wait's
   time to keep the text.
3. A fault that outlasts the retries: the raw text is kept as a pending dead letter when the
   database can still take that write, and the caller answers Twilio with an error, so that
   Twilio's Fallback URL sends it again. The MessageSid makes every second try safe: the service
   applies each one at most once. The worker tries pending letters again (`retry_due`).
4. Any other error is a bug in handling this one text: the sender gets an apology, the text is
   kept as a `failed` letter (counted, never tried again: it would fail again) and the traceback
   is logged with numbers masked. Its MessageSid is recorded, so a retry changes nothing.
"""

from __future__ import annotations

import logging
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine
from sqlmodel import Session

from ..config import Settings
from ..delivery.mailbox import Mailbox
from ..ops.logsafe import failure, scrub
from ..pool import HOME
from ..store import LETTER_FAILED, LETTER_PENDING, record_sid, transaction
from ..store import deadletters as letters
from ..store.deadletters import LetterCounts
from ..store.faults import RetryPolicy, describe, is_transient, retrying
from ..store.seats import language_read
from ..text.detect import written_in
from ..text.languages import ENGLISH
from ..text.numbers import mask
from .keywords import keyword_text
from .receive import HeldBehind, receive

log = logging.getLogger(__name__)  # MessageSids are logged as they are: checked at the edge

APPLIED = "applied"  # acted on now
DUPLICATE = "duplicate"  # this MessageSid was already applied (a retry)
APOLOGISED = "apologised"  # handling it failed; the sender was told
KEPT = "kept"  # not applied now: kept as a dead letter, tried again later
LOST = "lost"  # not applied, and the database would not even keep it
ANSWERED = frozenset({APPLIED, DUPLICATE, APOLOGISED})  # Twilio gets a 200; otherwise an error
LETTER_LEASE_SECONDS = 60  # a letter being tried by one worker is left alone this long
Clock = Callable[[], datetime]


@dataclass(frozen=True)
class Text:
    """One inbound text as Twilio gave it: sender (E.164), body, MessageSid and OptOutType, and
    the service number it was sent to (`To`)."""

    number: str
    body: str
    sid: str | None
    opt_out_type: str | None = None
    media: int = 0  # pictures it carried (an MMS); the body is then their caption
    to: str | None = None


def apply_text(
    engine: Engine, settings: Settings, text: Text, now: datetime, in_line: bool = False
) -> bool:
    """Apply one text in one transaction; False when its MessageSid was already applied.

    `in_line`: raise `HeldBehind` (applying nothing) when the sender has kept texts waiting."""
    line = settings.pool.line_of(text.to)
    body = keyword_text(engine, text.number, text.body, text.opt_out_type, line or HOME)
    extra = {"media": text.media, "in_line": in_line, "to": text.to}
    return receive(engine, settings, text.number, body, text.sid, now, **extra)


def accept(
    engine: Engine, settings: Settings, text: Text, clock: Clock, policy: RetryPolicy
) -> str:
    """Take one text in (see the module docstring); return what became of it (`ANSWERED` ones
    deserve a 200, the others an error so that Twilio tries again)."""
    policy = policy.started()  # every run below shares the request's budget
    keep = policy.run_seconds  # the time left for keeping the text, should it come to that
    try:
        try:
            done = retrying(
                lambda: apply_text(engine, settings, text, clock(), in_line=True),
                policy,
                "receive",
                keep,
            )
            return APPLIED if done else DUPLICATE
        except HeldBehind:
            pass  # texts of this sender are kept: they go first
        if _replay_earlier(engine, settings, text.number, clock, policy):
            apply = lambda: apply_text(engine, settings, text, clock())  # noqa: E731
            done = retrying(apply, policy, "receive", keep)
            return APPLIED if done else DUPLICATE
        error = None  # an earlier text of this sender is still stuck: this one waits behind it
    except Exception as exc:
        if not is_transient(exc):
            return _apologise(engine, settings, text, exc, clock, policy)
        error = exc
    return _keep(engine, text, clock(), error, policy)


def retry_due(
    engine: Engine, settings: Settings, clock: Clock, policy: RetryPolicy, limit: int = 20
) -> int:
    """Try pending dead letters again, the oldest of each sender whose turn has come; return
    how many were tried. Several workers may run this at once."""
    due = letters.claim_due(engine, clock(), LETTER_LEASE_SECONDS, limit)
    for letter in due:
        _replay(engine, settings, letter, clock, policy)
    return len(due)


def retry_due_logged(engine: Engine, settings: Settings, clock: Clock) -> int:
    """`retry_due` for a scheduler: errors are logged, never raised."""
    try:
        return retry_due(engine, settings, clock, policy_for(settings))
    except Exception as exc:
        log.error("dead_letter_round_failed%s", failure(exc))
        return 0


def dead_letter_counts(engine: Engine) -> LetterCounts:
    """Texts kept to be applied later (`pending`) and texts that broke the code (`failed`)."""
    return letters.counts(engine)


def policy_for(settings: Settings, **overrides) -> RetryPolicy:
    """The retry policy the settings ask for, with a request's budget (`overrides`: `sleep`,
    `rand`, `clock` for tests)."""
    return RetryPolicy(
        attempts=max(1, settings.db_attempts),
        base_seconds=settings.db_retry_base_seconds,
        budget_seconds=settings.request_budget_seconds,
        run_seconds=settings.db_lock_wait_seconds,
        **overrides,
    )


def _replay_earlier(
    engine: Engine, settings: Settings, number: str, clock: Clock, policy: RetryPolicy
) -> bool:
    """Apply the sender's pending letters first; False when one of them is still stuck."""
    earlier = retrying(
        lambda: letters.pending_for(engine, number), policy, "dead_letters", policy.run_seconds
    )
    return all(_replay(engine, settings, letter, clock, policy) != KEPT for letter in earlier)


def _replay(
    engine: Engine, settings: Settings, letter: letters.Letter, clock: Clock, policy: RetryPolicy
) -> str:
    """Try one dead letter again: applied (or found applied) it is dropped, a fault keeps it
    for later, a bug fails it with an apology. Return what became of it."""
    text = Text(
        letter.number, letter.body, letter.sid, letter.opt_out_type, letter.media, letter.to
    )
    attempt = letter.attempts + 1
    try:
        apply = lambda: apply_text(engine, settings, text, clock())  # noqa: E731
        done = retrying(apply, policy, "receive", policy.run_seconds)
    except Exception as exc:
        if not is_transient(exc):
            return _apologise(engine, settings, text, exc, clock, policy)
        _postpone(engine, settings, letter, exc, clock())
        log.warning(
            "dead_letter_retry id=%s from=%s attempt=%s result=kept error=%s",
            letter.id, mask(letter.number), attempt, describe(exc),
        )  # fmt: skip
        return KEPT
    result = APPLIED if done else DUPLICATE
    log.info(
        "dead_letter_retry id=%s from=%s attempt=%s result=%s",
        letter.id, mask(letter.number), attempt, result,
    )  # fmt: skip
    try:  # if this fails, the next try finds it a duplicate and drops it then
        retrying(lambda: letters.forget(engine, letter.sid), policy, "dead_letters")
    except Exception as exc:
        log.warning("dead_letter_not_dropped id=%s error=%s", letter.id, describe(exc))
    return result


def _postpone(
    engine: Engine, settings: Settings, letter: letters.Letter, error: Exception, now: datetime
) -> None:
    """Count a failed try of a letter and set its next one (best effort)."""
    delay = min(
        settings.retry_max_seconds, settings.retry_base_seconds * 2 ** min(letter.attempts, 16)
    )
    try:
        with transaction(engine) as session:
            letters.mark(
                session,
                letter.sid,
                status=LETTER_PENDING,
                error=describe(error),
                now=now,
                next_attempt_at=now + timedelta(seconds=delay),
                tried=True,
            )
    except Exception as exc:
        log.warning("dead_letter_not_postponed id=%s error=%s", letter.id, describe(exc))


def _keep(
    engine: Engine, text: Text, now: datetime, error: Exception | None, policy: RetryPolicy
) -> str:
    """Keep a text that could not be applied as a pending dead letter; KEPT, or LOST when the
    database would not take even that."""
    sid = text.sid or _made_up_sid()
    reason = describe(error) if error is not None else "behind_earlier_text"

    def work() -> None:
        with transaction(engine) as session:
            _keep_letter(session, text, sid, LETTER_PENDING, reason, now)

    try:
        retrying(work, policy, "dead_letter")
    except Exception as exc:
        log.error(
            "text_lost from=%s sid=%s error=%s keep_error=%s (only Twilio's fallback can help)",
            mask(text.number), text.sid, reason, describe(exc),
        )  # fmt: skip
        return LOST
    log.warning("text_kept from=%s sid=%s error=%s", mask(text.number), sid, reason)
    return KEPT


def _apologise(
    engine: Engine,
    settings: Settings,
    text: Text,
    error: Exception,
    clock: Clock,
    policy: RetryPolicy,
) -> str:
    """A bug in handling one text: log it, keep the text as failed, tell the sender (once)."""
    log.error(
        "receive_failed from=%s sid=%s\n%s",
        mask(text.number), text.sid, scrub("".join(traceback.format_exception(error))),
    )  # fmt: skip
    sid = text.sid or _made_up_sid()

    def work() -> None:
        now = clock()
        with transaction(engine) as session:
            first = record_sid(session, sid, text.number, now)  # a retry is now a duplicate
            _keep_letter(session, text, sid, LETTER_FAILED, describe(error), now)
            if first:
                line = settings.pool.line_of(text.to) or HOME
                language = language_read(session, text.number, line) or written_in(text.body)
                mail = Mailbox(lambda _number: language or ENGLISH)
                mail.say(text.number, "reply/sorry")
                mail.flush(session, now, None, line)

    try:
        retrying(work, policy, "apology", policy.run_seconds)
    except Exception as exc:
        log.error("apology_failed from=%s error=%s", mask(text.number), describe(exc))
        return _keep(engine, replace(text, sid=sid), clock(), exc, policy)
    return APOLOGISED


def _keep_letter(
    session: Session, text: Text, sid: str, status: str, error: str, now: datetime
) -> None:
    """Keep `text` as a dead letter under `sid`, `status` (pending or failed), and why."""
    letters.keep(
        session,
        sid=sid,
        number=text.number,
        body=text.body,
        opt_out_type=text.opt_out_type,
        media=text.media,
        to=text.to,
        status=status,
        error=error,
        now=now,
    )


def _made_up_sid() -> str:
    """A MessageSid for a text that came without one, so that trying it again is idempotent."""
    return "DL" + uuid.uuid4().hex
