"""What a game is to the table: one interface every game package implements (`GameKind`).

Like open_spiel's `Game` and `State`: a game is made from parameters, knows who moves now, which
moves are legal, applies one, says when it is over and how it ended, and shows the table and
each player what they may know. Beside that, what a service played by text needs of it: how a
text is read and routed, the texts each step sends, reminders and the move made when time runs
out, who may talk to whom, its computer players, its board and replay, and its parameters (the
house rules a host may choose).

The house never names a game: it asks `registry.of(row)` for the game of a stored game and calls
these methods. States and rules are the game's own data; the house only passes them on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from .kit import Action, Event

State = Any  # a game's state: the game's own plain data, saved as JSON
Rules = Any  # a game's rules for one table, made from its parameters
Turn = Any  # the table's context of one text or one job run (`sh_sms.table.turn.Turn`)
Reading = Any  # what a text means (`sh_sms.conversation.reading`)
Handler = Callable[[Turn, Reading], None]


class Param(NamedTuple):
    """One house rule a host may set with `RULES <word> <values>`: its name, the words that name
    it, how many values follow, its default and the values it allows (a range, or words)."""

    name: str
    words: tuple[str, ...]
    values: int
    default: object
    allowed: object


class GameKind(Protocol):
    """One game the table can play (see the module docstring)."""

    name: str  # the registry's key, saved with each game (`games.game`)
    presets: Mapping[str, str]  # the words of RULES <preset> that pick this game -> the preset
    params: tuple[Param, ...]  # the house rules a host may set
    seats: tuple[int, int]  # fewest and most players at START
    holds_news: bool  # hold a step's news while only bots, moving within seconds, are awaited
    # A folder of templates the game brings (sms/ its texts, web/ its pages), which the house
    # renders as `games/<name>/<file>`; None: its wording lives in the house's templates/.
    own_templates: Path | None

    # -- rules from parameters ---------------------------------------------------------------------
    def rules(self, choice: Any, players: int) -> Rules:
        """The rules a lobby's choice (`houserules.Choice`) gives at a table of `players`."""

    def change(self, choice: Any, knob: str, values: list[str]) -> Any:
        """The choice after one `RULES <knob> <values>` (a Choice), or the Problem of a value."""

    def rule_problems(self, choice: Any, players: int) -> tuple[list, list]:
        """Problems that refuse the choice at any size, and those only at this table size."""

    def rules_shown(self, choice: Any, players: int, state: State | None) -> tuple[str, dict]:
        """RULES: the template and its facts, for a lobby (`state` None) or a game."""

    def rules_changed(self, choice: Any, players: int) -> tuple[str, dict]:
        """The notice of the host's change to the lobby's rules: template and facts."""

    # -- the game and its states -------------------------------------------------------------------
    def load(self, text: str) -> State:
        """A state from its saved JSON."""

    def start(self, turn: Turn, choice: Any) -> None:
        """START (the host's, with a table of the right size): deal, save and tell everyone."""

    def awaiting(self, state: State) -> list[int]:
        """The seats the game waits on now."""

    def legal_moves(self, state: State, seat: int) -> list[Action]:
        """What `seat` may do now."""

    def apply(self, state: State, seat: int | None, action: Action, now: datetime) -> tuple:
        """The next state and its events (`seat` None: the clock); raises IllegalAction."""

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""

    def outcome(self, state: State) -> dict:
        """How it ended, for the front page: `winner` (a side, or None) and `reason`."""

    def public_view(self, state: State) -> dict:
        """What the whole table may know."""

    def player_view(self, state: State, seat: int) -> dict:
        """What one seat may know."""

    def knob_values(self, knob: str, words: list[str]) -> list[str] | None:
        """`RULES <knob> <words>`: the knob's values in canonical form, or None (its usage)."""

    # -- texts in and out --------------------------------------------------------------------------
    def read(self, turn: Turn, text: str) -> Reading:
        """What a text means from a player of a started (or just finished) game of this kind."""

    def awaited(self, turn: Turn, text: str, literal: Any, words: Any) -> Reading | None:
        """The shared reading's question to the game: a text from a player it waits on, read
        as a move (or asked about), or None when it is not about their move."""

    def usable(self, turn: Turn, verb: str) -> bool:
        """Whether the sender could make the move `verb` now (rightly or not, it is theirs)."""

    def taught(self, turn: Turn, verb: str) -> str:
        """The move a question teaches for an everyday word (YES: JA, or VETO YES)."""

    def handler_for(self, turn: Turn, reading: Reading) -> Handler:
        """The handler a reading goes to, in a started or just finished game."""

    def refuse(self, turn: Turn, seat: int, refused: Exception, action: Action) -> None:
        """Tell the sender why the rules refused their move, and what would work."""

    def step_texts(
        self,
        before: State | None,
        after: State,
        events: list[Event],
        room_from: int | None,
        replay: str | None,
    ) -> dict[int, list[str]]:
        """Per seat, the texts one step sends, prompts last (`room_from`: the round from which
        the host's room mode holds, if set; `replay`: the replay's address, if known)."""

    # -- talk --------------------------------------------------------------------------------------
    def talk_refusal(self, state: State, seat: int) -> str | None:
        """Why `seat` may not talk at the table now (a template), or None."""

    def talk_hint(self, state: State, seat: int) -> dict:
        """What a player refused talk may send instead, for the refusal's template."""

    def listeners(self, state: State, seat: int, others: list) -> list:
        """Which of `others` (players) hear `seat`'s talk now."""

    # -- the clock ---------------------------------------------------------------------------------
    def wait_key(self, state: State | None) -> str | None:
        """What identifies the decision the game waits on (None: it waits on nobody)."""

    def timer_at(self, state: State | None) -> datetime | None:
        """When a timer the players started runs out (None: none runs)."""

    def reminder_text(self, state: State, seat: int, code: str, minutes_left: int | None) -> str:
        """The reminder for one person the game waits on (a Prompt)."""

    def time_out(self, turn: Turn, key: str, seats: list[int], why: str) -> int:
        """Make the moves the rules make when a wait's time is over (`why`: deadline or timer),
        as if texted, and tell the table; how many moves were made."""

    # -- computer players --------------------------------------------------------------------------
    def bot_talk(self, turn: Turn, bots: frozenset[int]) -> None:
        """What the bots owe the table before they move (claims of their last government, say)."""

    def bot_decision(self, state: State, seat: int, seen: list[Event]) -> Action | None:
        """A bot's move now, from its seat's view and the events its seat has seen."""

    def bots_to_move(self, state: State, bots: frozenset[int]) -> list[int]:
        """The computer players in `bots` with a move now: those the game waits on, and any
        the game lets change a move already made (a bot whose vote blocks an election)."""

    def bot_has_work(
        self, bots: set[int], before: State | None, after: State, events: list[Event]
    ) -> bool:
        """Whether a computer player has something to do after this step."""

    # -- what the public sees ----------------------------------------------------------------------
    def public_state(self, session: Any, game: Any, state: State | None) -> dict:
        """`/g/<CODE>.json`: what the whole table may know (SMS.md's public state)."""

    def board_view(self, session: Any, game: Any, state: State | None) -> dict:
        """The board page's data (`/g/<CODE>/board.json`)."""

    def board_page(self, board: dict) -> tuple[str, dict]:
        """The board page's template (a child of web/board_base.html) and its context."""

    def replay_page(self, session: Any, game: Any, state: State) -> tuple[str, dict] | None:
        """The replay page of a finished game: its template (a child of web/replay_base.html)
        and context (None: no replay)."""

    # -- learning it by text -------------------------------------------------------------------
    def title(self) -> str:
        """The game's name as a joining player reads it, in the language being written ("Secret
        Hitler"): every join confirmation says which game the lobby plays."""

    def about(self, turn: Turn, topic: str | None) -> str | None:
        """HELP <a word of `presets`> [topic], or a question about the game by that name, from
        anyone anywhere (no game, any lobby, another game): what the game is and how to pick
        it, or its help on `topic`, as one text; None: the shared help answers."""

    # -- watchers and a group's history -----------------------------------------------------------
    def watch_text(
        self,
        after: State,
        events: list[Event],
        recent: Callable[[], list[Event]],
        replay: str | None,
    ) -> str | None:
        """A watcher's text after a step (at most one per round, and the end with every role;
        `recent()`: the game's latest public events), or None."""

    def result(self, events: list[Event]) -> dict | None:
        """A finished game's result from its log: `winner`, `reason`, `roles`, `won`; or None."""
