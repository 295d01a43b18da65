"""Hand-made situations for the strategy tests: a real engine game steered step by step.

Roles are set by letters ("LLFFH.." = liberal, fascist, Hitler by seat) and the draw pile is
stacked per government, so a test reads as the story it tells.
"""

from __future__ import annotations

from sh_sms.games.standard.botplay import seen_by
from sh_sms.games.standard.bots import Claim, claim, decide
from sh_sms.games.standard.bots.claims import CHANCELLOR, PRESIDENT
from sh_sms.games.standard.engine import Action, Event, apply, new_game, player_view
from sh_sms.games.standard.engine.actions import DISCARD, ENACT, NOMINATE_ACTION, VOTE_ACTION
from sh_sms.games.standard.engine.setup import knowledge
from sh_sms.games.standard.engine.state import NOMINATE, POWER

ROLES = {"L": "liberal", "F": "fascist", "H": "hitler"}


class Scene:
    """One game with chosen roles, moved on by the test; bots are only asked, never obeyed."""

    def __init__(self, roles: str, seed: int = 1) -> None:
        self.state, _ = new_game([f"P{i}" for i in range(len(roles))], seed)
        self.state.roles = [ROLES[letter] for letter in roles]
        self.log: list[Event] = [
            Event("dealt", seat, knowledge(self.state, seat)) for seat in range(len(roles))
        ]

    def act(self, seat: int, kind: str, arg: object = None) -> None:
        """Apply one action for `seat` and log what happened."""
        self.state, events = apply(self.state, seat, Action(kind, arg))
        self.log += events

    def say(self, said: Claim) -> None:
        """Log a claim as table talk."""
        self.log.append(said.event())

    def nominate(self, president: int, chancellor: int) -> None:
        """Make `president` the candidate (whoever the rotation says) and nominate."""
        assert self.state.phase == NOMINATE
        self.state.president = president
        self.act(president, NOMINATE_ACTION, chancellor)

    def vote(self, ja: set[int] | None = None) -> None:
        """Everyone alive votes: Ja for the seats in `ja` (default: everyone)."""
        for seat, up in enumerate(self.state.alive):
            if up:
                self.act(seat, VOTE_ACTION, ja is None or seat in ja)

    def govern(self, president: int, chancellor: int, drawn: str, discard: str, enact: str) -> None:
        """A whole government: nominated, elected by all, `drawn` on top, then its choices."""
        self.nominate(president, chancellor)
        self.state.draw = list(drawn) + self.state.draw[3:]
        self.vote()
        self.act(president, DISCARD, discard)
        self.act(chancellor, ENACT, enact)

    def claims(self, *seats: int) -> None:
        """Let each seat (President first) make the claim its strategy owes, if any."""
        for seat in seats:
            said = self.claim(seat)
            if said is not None:
                self.say(said)

    def honest_claims(self, president: int, chancellor: int, passed: str, enacted: str) -> None:
        """Claims as an honest human table would make them (seat-independent, for tests)."""
        drawn = self.last("drawn", president)["cards"]
        self.say(Claim(president, PRESIDENT, tuple(sorted(drawn)), tuple(sorted(passed))))
        self.say(Claim(chancellor, CHANCELLOR, tuple(sorted(passed)), (enacted,)))

    def last(self, kind: str, to: int | None = None) -> dict:
        """The data of the latest logged event of `kind` (sent to `to`)."""
        return next(e.data for e in reversed(self.log) if e.kind == kind and e.to == to)

    def view(self, seat: int) -> dict:
        """What `seat` may know now."""
        return player_view(self.state, seat)

    def history(self, seat: int) -> list[Event]:
        """Every event `seat` has seen."""
        return seen_by(self.log, seat)

    def decide(self, seat: int) -> Action | None:
        """What the strategy in `seat` would do now."""
        return decide(self.view(seat), self.history(seat))

    def claim(self, seat: int) -> Claim | None:
        """What the strategy in `seat` would claim now."""
        return claim(self.view(seat), self.history(seat))

    def in_power_phase(self) -> bool:
        """Whether the President must use a power now."""
        return self.state.phase == POWER
