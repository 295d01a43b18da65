"""What one seat has learned: the events it saw, folded into a `Record`.

A notebook is built from the seat's view (its role and the teammates R2 lets it know) and then
reads the seat's history, one event at a time. Reading is incremental: `read` continues where it
stopped, so a caller that keeps the notebook of a seat between decisions pays only for the new
events, and gets exactly what a fresh notebook reading the whole history would hold.
"""

from __future__ import annotations

from collections.abc import Callable

from sh_sms.games.standard.engine import Event
from sh_sms.games.standard.engine.boards import FASCIST, HITLER

from . import suspicion
from .claims import CHANCELLOR, CLAIM, INVESTIGATOR, PRESIDENT, Claim
from .record import Government, Record


class Notebook(Record):
    """A seat's record, kept up to date from its history."""

    def read(self, history: list[Event]) -> Notebook:
        """Read the events of `history` not read yet; return self."""
        for event in history[self.seen :]:
            handler = _HANDLERS.get(event.kind)
            if handler is not None:
                handler(self, event.data)
        self.seen = len(history)
        return self

    def _election(self, data: dict) -> None:
        if data["passed"]:
            votes = data["votes"]
            ja = frozenset(p for p, vote in enumerate(votes) if vote is True)
            nein = frozenset(p for p, vote in enumerate(votes) if vote is False)
            self.governments.append(Government(data["president"], data["chancellor"], ja, nein))

    def _session(self, data: dict) -> None:
        if self.in_hitler_zone():
            self.cleared.add(data["chancellor"])

    def _drawn(self, data: dict) -> None:
        self.governments[-1].drew = tuple(data["cards"])

    def _discarded(self, data: dict) -> None:
        self.governments[-1].discarded = data["card"]

    def _handed(self, data: dict) -> None:
        self.governments[-1].got = tuple(data["cards"])

    def _enacted(self, data: dict) -> None:
        self.liberal, self.fascist = data["liberal"], data["fascist"]
        if data["chaos"]:
            return
        government = self.governments[-1]
        government.enacted = data["policy"]
        suspicion.after_policy(self, government)
        self._owe_government_claims(government)

    def _veto_answered(self, data: dict) -> None:
        if data["agreed"]:
            government = self.governments[-1]
            government.vetoed = True
            self._owe_government_claims(government)

    def _owe_government_claims(self, government: Government) -> None:
        if self.seat == government.president:
            self.owed.append((PRESIDENT, government))
        if self.seat == government.chancellor:
            self.owed.append((CHANCELLOR, government))

    def _investigation(self, data: dict) -> None:
        self.investigated[data["target"]] = data["party"]
        if self.role == HITLER and data["party"] == FASCIST:
            self.team = self.team | {data["target"]}  # Hitler has found a teammate
        suspicion.own_investigation(self, data["target"], data["party"])
        self.owed.append((INVESTIGATOR, data["target"]))

    def _shown_party(self, data: dict) -> None:
        """A President showed me their party (reverse investigation): as certain as my own
        investigation, but nothing I owe the table a claim about."""
        president, party = data["president"], data["party"]
        self.investigated[president] = party
        if self.role == HITLER and party == FASCIST:
            self.team = self.team | {president}
        suspicion.own_investigation(self, president, party)

    def _executed(self, data: dict) -> None:
        self.dead.add(data["target"])

    def _claim(self, data: dict) -> None:
        claim = Claim.from_data(data)
        if claim.seat == self.seat:
            self.owed = [(office, about) for office, about in self.owed if office != claim.office]
        if claim.office == INVESTIGATOR:
            suspicion.after_investigation_claim(self, claim)
            return
        government = self._government_of(claim)
        if government is not None:
            government.claims[claim.office] = claim
            suspicion.after_claim(self, government, claim)

    def _government_of(self, claim: Claim) -> Government | None:
        """The latest government in which the claimant held the office it speaks of."""
        for government in reversed(self.governments):
            if getattr(government, claim.office) == claim.seat:
                return government
        return None


_HANDLERS: dict[str, Callable[[Notebook, dict], None]] = {
    "election": Notebook._election,
    "session": Notebook._session,
    "drawn": Notebook._drawn,
    "discarded": Notebook._discarded,
    "handed": Notebook._handed,
    "enacted": Notebook._enacted,
    "veto_answered": Notebook._veto_answered,
    "investigation": Notebook._investigation,
    "shown_party": Notebook._shown_party,
    "executed": Notebook._executed,
    CLAIM: Notebook._claim,
}
