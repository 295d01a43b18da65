"""What one number can make the service send, bounded (docs/operating.md "Limits"; the settings in
`config.Settings`). Handlers ask here in one line; each answer also queues the one notice a
limit gives.

Every limit is counted in a fixed window (`store.allowances`). Whoever reaches one is told once
per window, saying why and when it ends; later texts of that window get a deliberate silence,
never a half-done action:
- texts per minute from one number: the rest are not acted on (STOP always is; START from an
  opted-out number too, its replies limited as opt-outs are);
- texts from a number in no game: a few are answered per window (NEW, JOIN, HELP, typos);
- relayed talk, in the segments it costs: per phone per minute (whichever of its games, one per
  service number, it talks to) and per game per hour (when the game's is spent, the whole table
  is told once);
- the table told of the host's changes (SET, PAUSE, RESUME, BOT, KICK) per game per hour: the
  change is made, the host is told the table was not;
- the table told a number opted out or back in, per number per hour;
- games opened per number per hour and by everyone per hour;
- joins of one lobby per number (a number the host kicked: never again) and of lobbies per hour;
- a phone told where its games are, when it texts a number of the pool where it plays none: once
  per INTRO_EVERY_SECONDS per number texted (as the introduction is per phone).
"""

from __future__ import annotations

import math
from datetime import UTC, datetime

from sqlmodel import Session

from ..config import Settings
from ..store import Contact, Game
from ..store.allowances import Charge, Spent, bar, refund, spend, spend_one
from ..store.optouts import is_stopped
from ..table.turn import NO_GAME, Turn
from ..text.commands import Command, parse

MINUTE, HOUR = 60, 3600
FLOOD_WINDOW = MINUTE  # texts per minute are counted from the inbound table (see `receive`)


def flood_window(now: datetime) -> datetime:
    """When the current window of TEXTS_PER_MINUTE began (the start of this minute)."""
    return now.replace(second=0, microsecond=0)


def admit(turn: Turn, body: str) -> bool:
    """Whether to act on the sender's text: within texts per minute, and, from a number in no
    game, within the strangers' allowance. When not, the first text over a limit is told why."""
    settings = turn.settings
    if turn.texts_before >= settings.texts_per_minute and not _carrier(turn, body):
        if turn.texts_before == settings.texts_per_minute:  # the first one over: told once
            wait = MINUTE - turn.now.second
            turn.reply("limits/flood", most=settings.texts_per_minute, seconds=wait)
        return False
    if turn.situation != NO_GAME:
        return True
    window = settings.stranger_window_seconds
    charge = Charge(f"stranger:{turn.number}", 1, settings.stranger_texts, window)
    spent = spend_one(turn.session, charge, turn.now)
    if spent.ok or _carrier(turn, body):
        return True
    if spent.first_refusal:
        turn.reply("limits/stranger", seconds=_wait(spent, turn.now))
    return False


def talk_allowed(turn: Turn, segments: int) -> bool:
    """Whether talk costing `segments` (summed over its recipients) may be relayed now: within
    the sender's per-minute and the game's per-hour allowance. When not, the sender (or, for
    the game's, the whole table) is told once per window."""
    if segments <= 0:
        return True
    s = turn.settings
    key = f"talk:{turn.number}"  # the phone's, whichever of its games (one per number) it talks to
    mine = Charge(key, segments, s.talk_segments_per_minute, MINUTE)
    game = Charge(f"talkgame:{turn.game.id}", segments, s.talk_segments_per_hour, HOUR)
    spent = spend(turn.session, [mine, game], turn.now)
    if spent[mine.key].ok and spent[game.key].ok:
        return True
    for charge in (mine, game):
        if spent[charge.key].ok:
            refund(turn.session, charge, turn.now)  # nothing was relayed: it costs nothing
    if not spent[game.key].ok:
        if spent[game.key].first_refusal:
            turn.tell_all("limits/talk_game", seconds=_wait(spent[game.key], turn.now))
        return False
    if spent[mine.key].first_refusal:
        turn.reply("limits/talk", seconds=_wait(spent[mine.key], turn.now))
    return False


def host_notice(turn: Turn) -> bool:
    """Whether the table may be told of a change the host made now (per game per hour); when
    not, the host is told once that the table was not told."""
    s = turn.settings
    charge = Charge(f"host:{turn.game.id}", 1, s.host_notices_per_hour, HOUR)
    spent = spend_one(turn.session, charge, turn.now)
    if not spent.ok and spent.first_refusal:
        turn.reply("limits/host", most=s.host_notices_per_hour, seconds=_wait(spent, turn.now))
    return spent.ok


def reach_notice(session: Session, settings: Settings, number: str, now: datetime) -> bool:
    """Whether a table (and the number itself, for START) may be told that `number` opted out
    or back in: at most REACH_NOTICES_PER_HOUR times an hour; past that, nobody is told."""
    charge = Charge(f"reach:{number}", 1, settings.reach_notices_per_hour, HOUR)
    return spend_one(session, charge, now).ok


def may_open_game(turn: Turn) -> bool:
    """Whether the sender may open a game now (NEW, REMATCH): per number and for everyone, per
    hour. When not, they are told why and when (each time: they are in no game, and the
    strangers' allowance bounds how often)."""
    s = turn.settings
    mine = Charge(f"games:{turn.number}", 1, s.games_per_number_per_hour, HOUR)
    everyone = Charge("games:*", 1, s.games_per_hour, HOUR)
    spent = spend(turn.session, [mine, everyone], turn.now)
    if spent[mine.key].ok and spent[everyone.key].ok:
        return True
    for charge in (mine, everyone):
        if spent[charge.key].ok:
            refund(turn.session, charge, turn.now)
    if not spent[mine.key].ok:
        wait = _wait(spent[mine.key], turn.now)
        turn.reply("limits/games", most=s.games_per_number_per_hour, seconds=wait)
    else:
        turn.reply("limits/games_all", seconds=_wait(spent[everyone.key], turn.now))
    return False


def may_point_elsewhere(turn: Turn) -> bool:
    """Whether a phone that texts a number of the pool where it plays nothing may be told where
    its games are: once an introduction's interval per number texted, so a loop with an
    auto-responder stops there, and a phone introduced a minute ago on another number is not
    left without an answer."""
    key = f"elsewhere:{turn.number}:{turn.line}"
    charge = Charge(key, 1, 1, turn.settings.intro_every_seconds)
    return spend_one(turn.session, charge, turn.now).ok


def may_join(turn: Turn, game: Game) -> bool:
    """Whether the sender may join the lobby `game`: never after its host kicked them, at most
    LOBBY_JOINS times in all, and at most JOINS_PER_HOUR lobbies an hour. When not, why."""
    s = turn.settings
    here = _lobby_joins(turn.settings, game, turn.number)
    hourly = Charge(f"joins:{turn.number}", 1, s.joins_per_hour, HOUR)
    spent = spend(turn.session, [here, hourly], turn.now)
    if spent[here.key].ok and spent[hourly.key].ok:
        return True
    for charge in (here, hourly):
        if spent[charge.key].ok:
            refund(turn.session, charge, turn.now)
    if spent[here.key].barred:
        turn.reply("limits/kicked", code=game.code)
    elif not spent[here.key].ok:
        turn.reply("limits/joins", code=game.code, most=s.lobby_joins)
    else:
        wait = _wait(spent[hourly.key], turn.now)
        turn.reply("limits/joins_hour", most=s.joins_per_hour, seconds=wait)
    return False


def bar_from_lobby(turn: Turn, game: Game, number: str) -> None:
    """The host kicked `number`: it may never join this lobby again."""
    bar(turn.session, _lobby_joins(turn.settings, game, number), turn.now)


def _lobby_joins(settings: Settings, game: Game, number: str) -> Charge:
    """A number's joins of one lobby, counted for the lobby's whole life."""
    created = game.created_at
    if created.tzinfo is None:  # SQLite drops the zone; every time we store is UTC
        created = created.replace(tzinfo=UTC)
    start = int(created.timestamp())
    return Charge(f"join:{game.id}:{number}", 1, settings.lobby_joins, 0, start)


def _wait(spent: Spent, now: datetime) -> int:
    """Seconds until the window of `spent` ends (at least 1)."""
    if spent.resets_at is None:
        return 0
    return max(1, math.ceil((spent.resets_at - now).total_seconds()))


def _carrier(turn: Turn, body: str) -> bool:
    """Whether the text is one a limit never holds back: STOP and its kin (they send nothing),
    or START/UNSTOP from an opted-out number (its replies are limited by `reach_notice`)."""
    command = parse(body or "")
    if not isinstance(command, Command):
        return False
    if command.verb == "stop":
        return True
    if command.verb in ("start", "unstop"):
        row = turn.session.get(Contact, turn.number)
        if row is not None and row.opted_out:
            return True
        pool = turn.settings.pool
        return pool.stops_per_number and is_stopped(turn.session, turn.number, turn.line)
    return False
