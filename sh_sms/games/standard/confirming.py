"""A bare yes or no from the host just after ENDGAME asked them to confirm: it may answer that
question or be a vote, so it is asked about, naming both commands (never taken for a vote)."""

from __future__ import annotations

from datetime import datetime, timedelta

from ...conversation.reading import Reading, Unclear
from ...table.turn import Turn
from ...table.wait import clock_for
from ...text.sentences import Words
from ...text.votes import vote_word
from .engine.state import VETO, VOTE

ASKED_WINDOW = timedelta(minutes=10)  # "just asked": a yes later than this is not its answer
YES_WORDS = frozenset({"ok", "okay", "k", "kk", "sure"})


def endgame_answer(turn: Turn, words: Words) -> Reading | None:
    """The reading of the host's bare yes or no soon after ENDGAME asked, or None."""
    if not turn.player.is_host or words.question or len(words.words) != 1:
        return None
    word = words.words[0]
    answer = "ja" if word in YES_WORDS else vote_word(word)
    if answer is None or not _asked_lately(turn):
        return None
    state, seat = turn.state, turn.player.seat
    if state.phase == VOTE and state.alive[seat]:
        return Unclear("endgame_or", words.words[0], ("JA" if answer == "ja" else "NEIN",))
    if state.phase == VETO and seat == state.president:
        return Unclear("endgame_or", words.words[0], (f"VETO {'YES' if answer == 'ja' else 'NO'}",))
    return Unclear("endgame_yes" if answer == "ja" else "endgame_no", words.words[0])


def _asked_lately(turn: Turn) -> bool:
    asked = clock_for(turn.session, turn.game.id).endgame_asked_at
    return asked is not None and turn.now - _aware(asked, turn.now) <= ASKED_WINDOW


def _aware(moment: datetime, now: datetime) -> datetime:
    """SQLite drops the zone; every time stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=now.tzinfo)
