"""What the page tests check in the browser: nothing overflows or overlaps, sizes, axe-core.

Also games put straight into a live server's database, for pages that need a given moment of a
game (a lobby, a table of ten in the middle of a game, a finished game).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session

from sh_sms.gamekind.registry import DEFAULT as DEFAULT_GAME
from sh_sms.games.standard.engine import GameState, new_game
from sh_sms.games.standard.engine.bot import RandomBot, play
from sh_sms.store import ACTIVE, LOBBY, OVER, Game, Player
from sh_sms.store.games import append_events
from sh_sms.text.numbers import bot_number

NOW = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
LONG_NAMES = ["Bartholomew1", "Anastasiaxyz", "Cy", "Dee", "Evangelineq", "Fay", "Gus", "Hal"]
LONG_NAMES += ["Ivy", "Maximilian12"]

# Every visible element: no content wider than its box (unless it scrolls on purpose), nothing
# cut by `overflow: hidden`, nothing past the viewport's sides, no two visible siblings in flow
# overlapping. Returns a list of problems, each naming the element.
_LAYOUT_JS = """
() => {
  const bad = [];
  const name = el => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (typeof el.className === "string" && el.className ? "." + el.className.trim() : "") +
    " '" + (el.textContent || "").trim().slice(0, 30) + "'";
  const shown = el => {
    if (el.closest("[hidden], .vh, svg, details:not([open]) > :not(summary)")) return false;
    const cs = getComputedStyle(el);
    return cs.display !== "none" && cs.visibility !== "hidden" && el.getClientRects().length > 0;
  };
  // Boxes laid out side by side (an inline run of text wraps, so its bounding box says nothing).
  const boxed = el => !["absolute", "fixed"].includes(getComputedStyle(el).position) &&
    getComputedStyle(el).display !== "inline";
  const all = [...document.body.querySelectorAll("*")].filter(shown);
  for (const el of all) {
    const cs = getComputedStyle(el);
    const scrolls = ["auto", "scroll"].includes(cs.overflowX);
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !scrolls)
      bad.push(["wider than its box", name(el), el.scrollWidth, el.clientWidth]);
    if (cs.overflowY === "hidden" && el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1)
      bad.push(["cut at the bottom", name(el), el.scrollHeight, el.clientHeight]);
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.left < -1 || r.right > innerWidth + 1))
      bad.push(["past the viewport's side", name(el), r.left, r.right]);
    const kids = [...el.children].filter(k => shown(k) && boxed(k));
    for (let i = 0; i < kids.length; i++) {
      const a = kids[i].getBoundingClientRect();
      for (let j = i + 1; j < kids.length; j++) {
        const b = kids[j].getBoundingClientRect();
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) bad.push(["overlaps its sibling", name(kids[i]), name(kids[j])]);
      }
    }
  }
  if (document.documentElement.scrollWidth > innerWidth)
    bad.push(["the page scrolls sideways", document.documentElement.scrollWidth, innerWidth]);
  return bad;
}
"""


def layout_problems(page) -> list:
    """Overflowing, cut or overlapping elements of the page as it is now (empty when none)."""
    return page.evaluate(_LAYOUT_JS)


def font_px(locator) -> float:
    """The computed font size, in CSS pixels, of the first element the locator finds."""
    return locator.first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")


def smallest_text_px(page) -> float:
    """The smallest font size of any visible text on the page."""
    return page.evaluate(
        """() => Math.min(...[...document.body.querySelectorAll("*")].filter(el =>
             [...el.childNodes].some(n => n.nodeType === 3 && n.nodeValue.trim()) &&
             !el.closest("[hidden], .vh") && el.getClientRects().length > 0 &&
             getComputedStyle(el).visibility !== "hidden"
           ).map(el => parseFloat(getComputedStyle(el).fontSize)))"""
    )


def serious_accessibility_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]} {v['help']}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def add_game(
    app,
    code: str,
    names: list[str],
    state: GameState | None = None,
    events=(),
    *,
    status: str | None = None,
    first_number: int = 1,
    bots: frozenset[int] = frozenset(),
    game: str = DEFAULT_GAME,
) -> None:
    """Insert a game with its players (the first is host; the seats in `bots` are computer
    players) and events into the app's database; `game`: the game it plays (registry name)."""
    engine = app.extensions["sh_sms"].engine
    with Session(engine) as session:
        game = Game(
            code=code,
            status=status or (ACTIVE if state else LOBBY),
            seed=1,
            state=state.to_json() if state else None,
            game=game,
            created_at=NOW,
            updated_at=NOW,
        )
        session.add(game)
        session.flush()
        for seat, name in enumerate(names):
            number = bot_number(name) if seat in bots else f"+1555020{first_number + seat:04d}"
            open_number = number if game.status in (LOBBY, ACTIVE) and seat not in bots else None
            session.add(
                Player(
                    game_id=game.id,
                    number=number,
                    open_number=open_number,
                    name=name,
                    name_key=name.casefold(),
                    seat=seat,
                    is_host=seat == 0,
                    is_bot=seat in bots,
                    joined_at=NOW,
                )
            )
        append_events(session, game, list(events), NOW)
        session.commit()


def bot_game(names: list[str], seed: int, steps: int | None = None):
    """A game played by the seeded bot, to its end or for `steps` actions: (state, events)."""
    state, events = new_game(names, seed)
    for step, (_seat, _action, after, more) in enumerate(play(state, RandomBot(seed))):
        if steps is not None and step >= steps:
            break
        state, events = after, events + more
    return state, events


def finished(
    app, code: str, names: list[str], seed: int, first_number: int = 1, bots=frozenset()
) -> GameState:
    """Put a whole bot-played game, finished, into the app's database; return its last state."""
    state, events = bot_game(names, seed)
    assert state.phase == "over"
    add_game(app, code, names, state, events, status=OVER, first_number=first_number, bots=bots)
    return state
