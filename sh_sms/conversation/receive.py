"""One inbound text, start to finish: dedupe, find the sender, parse, route, queue the replies.

Everything happens in one transaction; nothing is sent from here (the outbox is drained later).
A text from a number no reply may go to (`delivery.destinations`) is recorded and logged, and
nothing more; a text over a limit (`limits.admit`) is not acted on.
A text in a started game costs few statements: the MessageSid recorded (with the probe for the
sender's kept texts in the same statement), the game found, locked and its roster read under the
lock in one, and the replies written in one; a move adds the state, the clock and the
events.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine

from ..config import Settings
from ..delivery.destinations import refusal
from ..pool import HOME
from ..store import LOBBY, transaction
from ..store.db import DUPLICATE, HELD, record_inbound
from ..store.games import load_state, open_game, recently_finished, roster
from ..table.turn import Turn
from ..text.commands import Command, parse
from ..text.detect import written_in
from ..text.languages import speaking
from ..text.numbers import mask
from .interpret import read
from .limits import admit, flood_window
from .router import route

log = logging.getLogger(__name__)
CARRIER_VERBS = frozenset({"stop", "start", "unstop"})  # the carrier's words: it answers them


class HeldBehind(Exception):
    """The sender has earlier texts kept as dead letters: nothing was applied (the transaction
    rolled back); they go first (`intake`)."""


def receive(
    engine: Engine,
    settings: Settings,
    number: str,
    body: str,
    sid: str | None,
    now: datetime,
    media: int = 0,
    *,
    in_line: bool = False,
    to: str | None = None,
) -> bool:
    """Handle one inbound text from `number` to the service number `to`; False when this
    MessageSid was already handled.

    `media`: the pictures it carried (an MMS). Only text is read here: a caption is handled as
    the text, and the sender is told the picture went nowhere. `in_line`: raise `HeldBehind`,
    applying nothing, when texts of the sender are kept as pending dead letters. What a phone
    texts to a number of the pool concerns its game on that number (`sh_sms.pool`); a text to
    a number not in the pool (a webhook left pointing here) is answered from the home number,
    and acts on nothing.
    """
    line = settings.pool.line_of(to)
    with transaction(engine) as session:
        since = flood_window(now)
        recorded = record_inbound(session, sid, number, now, in_line=in_line, since=since)
        if recorded.found == DUPLICATE:
            return False  # already handled (a concurrent copy included)
        if recorded.found == HELD:
            raise HeldBehind(number)
        refused = refusal(settings, number)
        if refused is not None:  # recorded (its MessageSid), logged, and nothing is sent
            log.info("sms_refused from=%s reason=%s", mask(number), refused)
            return True
        here = line if line is not None else HOME
        turn = Turn(session, settings, number, now, texts_before=recorded.earlier, line=here)
        if recorded.language is not None:  # read with the MessageSid: no query of its own
            turn.chosen[number] = recorded.language[0]
        if line is None:
            elsewhere(turn, body or "")
        elif media and not (body or "").strip():
            load_sender(turn)
            if admit(turn, ""):
                turn.reply("reply/picture", caption=False)
        elif handle(turn, body or "") and media:
            turn.reply("reply/picture", caption=True)
        turn.mail.flush(session, now, turn.game.id if turn.game else None, turn.sends_from)
    return True


def elsewhere(turn: Turn, body: str) -> None:
    """A text to a number no longer in the pool: from the home number, which number to text
    (within the limits on texts from a number in no game; a carrier keyword gets nothing, the
    carrier answers it for that number)."""
    reading = parse(body)
    if isinstance(reading, Command) and reading.verb in CARRIER_VERBS:
        return
    if admit(turn, body):
        with speaking(turn.language_of(turn.number)):
            turn.reply("pool/not_ours")


def handle(turn: Turn, body: str) -> bool:
    """Find the sender and, unless a limit holds the text back (`limits.admit`), read it in
    their situation and route it to its handler; whether it was acted on."""
    load_sender(turn)
    if not admit(turn, body):
        return False
    first_language(turn, body)
    with speaking(turn.language_of(turn.number)):  # the sender's language, for their replies
        reading = turn.kind.read(turn, body) if turn.state is not None else read(turn, body)
        route(turn, reading)
    return True


def first_language(turn: Turn, body: str) -> None:
    """A number in no game that has chosen no language reads the one its text is plainly
    written in (AYUDA, hola, como se juega?), from now on (`text.detect`)."""
    if turn.game is not None or turn.chosen_language(turn.number) is not None:
        return
    found = written_in(body)
    if found is not None:
        turn.choose_language(turn.number, found)


def load_sender(turn: Turn) -> None:
    """Find the sender's game on the service number the text came to and lock it; load its
    roster and state once, under the lock (one statement: see `open_game`), however many
    numbers the pool holds.

    A number in no unfinished game there whose game there finished a short while ago is loaded
    with that game (read, not locked: a finished game no longer changes).
    """
    game, players = open_game(turn.session, turn.number, turn.line)
    if game is None:
        _load_finished(turn)
        return
    player = next((p for p in players if p.open_number == turn.number), None)
    if player is None:  # left or kicked while this text waited for the lock
        _load_finished(turn)
        return
    turn.game, turn.player, turn.players = game, player, players
    turn.state = None if game.status == LOBBY else load_state(game)


def _load_finished(turn: Turn) -> None:
    since = turn.now - timedelta(hours=turn.settings.after_game_hours)
    found = recently_finished(turn.session, turn.number, since, turn.line)
    if found is None:
        return
    turn.player, turn.game = found
    turn.players = roster(turn.session, turn.game.id)
    turn.state = load_state(turn.game)
