"""Situations a command is taught for, built through POST /sms (issue 33's walk of the taught
commands): a table whose people all read one language, and the phone that sends the command.

Every game is opened, joined and started by text in the scene's language (NEW/NUEVO,
JOIN/UNIRSE, START/EMPEZAR); a situation deep in a game (a power, a veto, a district's
capitol) is reached by playing the engine from the dealt state with legal moves, and the state
is stored as a test would rig it. `values` are what the placeholders of a taught command are
filled with there: a legal target, the game's code, a policy in hand, a district...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from harness import Phone, Table
from sqlmodel import Session, col, select

from sh_sms.games.standard import engine as standard
from sh_sms.store import Game, Player

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
NEWCOMER = "Zed"
# The words a scene's people type to open, join and start, in each language.
WORDS = {
    "en": {"new": "NEW", "join": "JOIN", "start": "START", "end": "ENDGAME YES", "pause": "PAUSE"}
    | {"rematch": "REMATCH", "watch": "WATCH", "stop": "STOP", "districts": "RULES DISTRICTS"},
    "es": {"new": "NUEVO", "join": "UNIRSE", "start": "EMPEZAR", "end": "TERMINAR SI"}
    | {"pause": "PAUSA", "rematch": "REVANCHA", "watch": "MIRAR", "stop": "STOP"}
    | {"districts": "REGLAS DISTRITOS"},
}
# Every power of the standard game on one board, so that each comes in its turn.
ALL_POWERS = "RULES POWERS SHOW INV ELECT DROP KILL"


@dataclass
class Scene:
    """A situation: the table, the phone that sends, what fills a command's placeholders."""

    table: Table
    sender: Phone
    code: str
    values: dict[str, str] = field(default_factory=dict)


def code_of(table: Table, phone: Phone) -> str:
    """The code of the latest game `phone` has a seat in."""
    with Session(table.engine) as session:
        query = select(Game).join(Player, col(Player.game_id) == col(Game.id))
        rows = session.exec(query.where(Player.number == phone.number).order_by(col(Game.id)))
        return rows.all()[-1].code


def lobby(table: Table, lang: str, *, bots: int = 0, texts: tuple[str, ...] = ()) -> str:
    """Five people in a lobby, opened and joined in `lang` (and `bots`, and what the host
    texted after); return the code."""
    words = WORDS[lang]
    host = table.phone(NAMES[0])
    host.send(f"{words['new']} {NAMES[0]}")
    code = code_of(table, host)
    for name in NAMES[1:]:
        table.phone(name).send(f"{words['join']} {code} {name}")
    if bots:
        host.send("BOT")
    for text in texts:
        host.send(text)
    assert len(table.players(code)) == len(NAMES) + bots, table.players(code)
    return code


def started(table: Table, lang: str, texts: tuple[str, ...] = ()) -> str:
    code = lobby(table, lang, texts=texts)
    table.set_seed(code, 5)
    table[NAMES[0]].send(WORDS[lang]["start"])
    assert table.game(code).status == "active", table[NAMES[0]].last
    return code


def scene(table: Table, code: str, sender: int, **values: str) -> Scene:
    """The player in seat `sender` of the game `code` sends."""
    names = [p.name for p in table.players(code)]
    return Scene(table, table[names[sender]], code, {"code": code, "newname": NEWCOMER, **values})


# -- the standard game ----------------------------------------------------------------------------


def _standard_move(s, seat: int, veto: bool) -> standard.Action:
    """A legal move that keeps the game going towards the fascist powers: F enacted, Hitler
    never nominated nor shot, a veto only when asked for."""
    legal = standard.legal_actions(s, seat)
    hitler = s.roles.index("hitler")
    if veto and any(a.kind == "veto" for a in legal):
        return next(a for a in legal if a.kind == "veto")
    plain = [a for a in legal if a.kind != "veto" and a.arg != hitler] or legal
    for prefer in (("discard", "L"), ("enact", "F"), ("vote", True), ("drop", False)):
        chosen = [a for a in plain if (a.kind, a.arg) == prefer]
        if chosen:
            return chosen[0]
    return plain[0]


def standard_until(
    table: Table, lang: str, wanted: Callable, texts=(), veto: bool = False
) -> tuple[str, int]:
    """A started standard game played on by the engine until `wanted(state, seat)` for an
    awaited seat; the state stored; return (code, that seat)."""
    code = started(table, lang, texts)
    s = table.state(code)
    for _ in range(400):
        seat = next((p for p in standard.awaiting(s) if wanted(s, p)), None)
        if seat is not None:
            table.put_state(code, s)
            return code, seat
        assert s.phase != "over", f"the game ended before {wanted}"
        mover = standard.awaiting(s)[0]
        s, _ = standard.apply(s, mover, _standard_move(s, mover, veto))
    raise AssertionError(f"no state for {wanted}")


def kinds(s, seat: int) -> set[str]:
    return {a.kind for a in standard.legal_actions(s, seat)}


def in_game(phase: str, power: str | None = None, veto: bool | None = None) -> Callable:
    def wanted(s, seat: int) -> bool:
        if s.phase != phase or (power and s.power != power):
            return False
        return veto is None or ("veto" in kinds(s, seat)) == veto

    return wanted


VETO_ASKED = in_game("veto")


def standard_scene(table: Table, lang: str, wanted: Callable, hand: list[str] | None = None):
    """The awaited seat of a standard game in the situation `wanted`, its targets as values."""
    veto = wanted is VETO_ASKED
    code, seat = standard_until(table, lang, wanted, (ALL_POWERS,), veto)
    if hand is not None:
        table.rig(code, hand=hand)
    s = table.state(code)
    targets = [a.arg for a in standard.legal_actions(s, seat) if isinstance(a.arg, int)]
    target = s.names[targets[0]] if targets else NAMES[1]
    return scene(table, code, seat, target=target, policy="F")


def idle(table: Table, lang: str, host: bool = False) -> Scene:
    """A player (or the host) of a started game whom the game does not wait on."""
    code = started(table, lang)
    s = table.state(code)
    seat = 0 if host else next(p for p in range(1, 5) if p not in standard.awaiting(s))
    return scene(table, code, seat, target=NAMES[1], player=NAMES[1])


def after(table: Table, lang: str) -> Scene:
    """A player of a game the host ended."""
    found = idle(table, lang)
    table[NAMES[0]].send(WORDS[lang]["end"])
    assert table.game(found.code).status != "active"
    return found


def after_invited(table: Table, lang: str) -> Scene:
    """A player of an ended game whom another player's REMATCH invites."""
    found = after(table, lang)
    other = next(n for n in NAMES if n != found.sender.label)
    table[other].send(WORDS[lang]["rematch"])
    return found


def rematch_host(table: Table, lang: str) -> Scene:
    """The host of a rematch every other player joined."""
    found = after(table, lang)
    found.sender.send(WORDS[lang]["rematch"])
    for name in NAMES:
        if name != found.sender.label:
            table[name].send(WORDS[lang]["join"])
    return Scene(table, found.sender, code_of(table, found.sender))


def stranger(table: Table, lang: str) -> Scene:
    """A number in no game; someone else has opened a lobby."""
    other = table.phone("Host")
    other.send(f"{WORDS[lang]['new']} Hal")
    code = code_of(table, other)
    return Scene(table, table.phone("Stranger"), code, {"code": code, "newname": NEWCOMER})


def stranger_watch(table: Table, lang: str) -> Scene:
    """A number in no game; a game is running."""
    code = started(table, lang)
    return Scene(table, table.phone("Stranger"), code, {"code": code, "newname": NEWCOMER})


def watcher(table: Table, lang: str) -> Scene:
    found = stranger_watch(table, lang)
    found.sender.send(f"{WORDS[lang]['watch']} {found.code}")
    return found


def opted_out(table: Table, lang: str) -> Scene:
    found = idle(table, lang)
    found.sender.send(WORDS[lang]["stop"])
    return found


def lobby_scene(table: Table, lang: str, host: bool, texts: tuple[str, ...] = ()) -> Scene:
    code = lobby(table, lang, bots=1, texts=texts)
    values = {"target": NAMES[4], "seat": "5", "newname": NEWCOMER}
    return scene(table, code, 0 if host else 1, **values)


def paused(table: Table, lang: str) -> Scene:
    found = idle(table, lang, host=True)
    found.sender.send(WORDS[lang]["pause"])
    return found


# Every situation by name: a builder of the table and the language.
SCENES: dict[str, Callable[[Table, str], Scene]] = {
    "stranger": stranger,
    "stranger_watch": stranger_watch,
    "watcher": watcher,
    "lobby_host": lambda t, lang: lobby_scene(t, lang, True),
    "lobby_player": lambda t, lang: lobby_scene(t, lang, False),
    "game_idle": idle,
    "game_host": lambda t, lang: idle(t, lang, host=True),
    "game_paused": paused,
    "opted_out": opted_out,
    "candidate": lambda t, lang: standard_scene(t, lang, in_game("nominate")),
    "voter": lambda t, lang: standard_scene(t, lang, in_game("vote")),
    "president": lambda t, lang: standard_scene(
        t, lang, in_game("president_discard"), ["F", "L", "F"]
    ),
    "chancellor": lambda t, lang: standard_scene(
        t, lang, in_game("chancellor_enact", veto=False), ["L", "F"]
    ),
    "chancellor_veto": lambda t, lang: standard_scene(
        t, lang, in_game("chancellor_enact", veto=True), ["L", "F"]
    ),
    "veto_answer": lambda t, lang: standard_scene(t, lang, VETO_ASKED),
    **{
        power: (lambda p: lambda t, lang: standard_scene(t, lang, in_game("power", p)))(power)
        for power in (
            "investigate",
            "special_election",
            "execution",
            "reverse_investigation",
            "peek_and_drop",
        )
    },
    "after": after,
    "after_invited": after_invited,
    "rematch_host": rematch_host,
}
