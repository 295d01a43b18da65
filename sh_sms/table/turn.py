"""The context of one inbound text (or one job run): who, when, which game (and the game it
plays, `kind`), what it causes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from sqlmodel import Session

from ..config import Settings
from ..delivery.mailbox import Mailbox
from ..gamekind import registry
from ..gamekind.interface import GameKind
from ..pool import HOME
from ..store import ENDED, LOBBY, OVER, Contact, Game, Player
from ..text.languages import ENGLISH, speaking
from ..text.messages import render

T = TypeVar("T")

# Where the sender of a text stands.
NO_GAME = "no_game"  # in no game (or only in one that ended long ago)
IN_LOBBY = "lobby"
IN_GAME = "game"
AFTER_GAME = "after"  # their game ended a short while ago: it still answers, talk still flows


@dataclass
class Turn:
    """One text's world, loaded once: the sender's player row, their game (locked), its roster
    in seat order and its engine state (None in a lobby); and the replies it collects."""

    session: Session
    settings: Settings
    number: str
    now: datetime
    mail: Mailbox = field(default_factory=Mailbox)
    game: Game | None = None
    player: Player | None = None
    players: list[Player] = field(default_factory=list)
    state: object | None = None  # the game's state (None in a lobby), the game's own data
    texts_before: int = 0  # other texts of the sender this minute (conversation.limits)
    chosen: dict[str, str | None] = field(default_factory=dict)  # number -> language it chose
    line: str = HOME  # the service number the text came to (sh_sms.pool; a job's: home)

    def __post_init__(self) -> None:
        self.mail.language_of = self.language_of

    def language_of(self, number: str) -> str:
        """The language `number` reads: its own choice, else the game's default, else English."""
        chosen = self.chosen_language(number)
        return chosen or (self.game.lang if self.game else None) or ENGLISH

    def chosen_language(self, number: str) -> str | None:
        """The language `number` chose (its seat carries it; a number in no game, its contact)."""
        seated = next((p for p in self.players if p.number == number), None)
        if seated is not None:
            return seated.lang
        if number not in self.chosen:
            # A contact this text just made (an introduction's) is read without a query.
            made = (o for o in self.session.new if isinstance(o, Contact) and o.number == number)
            contact = next(made, None) or self.session.get(Contact, number)
            self.chosen[number] = contact.lang if contact is not None else None
        return self.chosen[number]

    def per_language(self, write: Callable[[], T]) -> Callable[[str], T]:
        """`write()` done at most once per language, in it: what it wrote for a number's."""
        written: dict[str, T] = {}

        def for_number(number: str) -> T:
            language = self.language_of(number)
            if language not in written:
                with speaking(language):
                    written[language] = write()
            return written[language]

        return for_number

    def choose_language(self, number: str, code: str | None) -> None:
        """Remember the language `number` chose, on its contact and its seat."""
        contact = self.session.get(Contact, number) or Contact(number=number)
        contact.lang = code
        self.session.add(contact)
        self.chosen[number] = code
        for p in self.players:
            if p.number == number:
                p.lang = code

    def reply(self, template: str, **context) -> None:
        """Queue a rendered template for the sender."""
        self.mail.say(self.number, template, **context)

    def tell_all(self, template: str, **context) -> None:
        """Queue the same template for every player of the game, in the language each reads."""
        numbers = [p.number for p in self.players]
        self.mail.add_each(numbers, lambda: render(template, **context))

    @property
    def sends_from(self) -> str:
        """The line this turn's texts go from: its game's, else the one the text came to."""
        return self.game.line if self.game is not None else self.line

    @property
    def kind(self) -> GameKind:
        """The game this table plays (the registry's, by the name saved with the game)."""
        return registry.of(self.game)

    @property
    def situation(self) -> str:
        """Where the sender stands: NO_GAME, IN_LOBBY, IN_GAME or AFTER_GAME."""
        if self.player is None:
            return NO_GAME
        if self.game.status in (OVER, ENDED):
            return AFTER_GAME
        return IN_LOBBY if self.game.status == LOBBY else IN_GAME

    @property
    def names(self) -> list[str]:
        """The players' names in seat order."""
        return self.state.names if self.state is not None else [p.name for p in self.players]

    @property
    def host(self) -> Player:
        """The game's host."""
        return next(p for p in self.players if p.is_host)
