"""Bot table talk: liberals tell the truth, the fascist team never gives itself away, and every
claim reads as one short GSM-7 text."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from botgames import PLAYER_COUNTS, PROPERTY_GAMES, play

from sh_sms.games.standard.bots import CLAIM, Claim
from sh_sms.games.standard.bots.claims import CHANCELLOR, INVESTIGATOR, PRESIDENT
from sh_sms.games.standard.engine import Event
from sh_sms.games.standard.engine.boards import FASCIST, LIBERAL
from sh_sms.games.standard.wording import claim_text
from sh_sms.text.gsm import is_gsm7

GAMES = max(PROPERTY_GAMES // 3, 20)


def claims_with_truth(log: list[Event]) -> Iterator[tuple[Claim, dict[str, Any]]]:
    """Each claim in the log, with what really happened in the office it speaks of."""
    truth: dict[str, Any] = {}
    for event in log:
        kind, data = event.kind, event.data
        if kind == "session":
            truth = {"president": data["president"], "chancellor": data["chancellor"]}
        elif kind == "drawn":
            truth["drawn"] = sorted(data["cards"])
        elif kind == "discarded":
            passed = list(truth["drawn"])
            passed.remove(data["card"])
            truth["passed"] = sorted(passed)
        elif kind == "handed":
            truth["handed"] = sorted(data["cards"])
        elif kind == "enacted" and not data["chaos"]:
            truth["kept"] = [data["policy"]]
        elif kind == "veto_answered" and data["agreed"]:
            truth["kept"] = []
        elif kind == "investigation":
            truth = {"target": data["target"], "party": data["party"]}
        elif kind == CLAIM:
            yield Claim.from_data(data), truth


def all_claims(players: int) -> Iterator[tuple[Claim, dict[str, Any], list[str], list[str]]]:
    """Claims (with the truth, the roles and the seat names) from seeded all-strategy games."""
    for seed in range(GAMES):
        played = play(players, seed)
        for claim, truth in claims_with_truth(played.log):
            yield claim, truth, played.state.roles, played.state.names


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_liberal_claims_are_true(players: int) -> None:
    """What a liberal bot says it drew, passed, got, enacted or found is what happened."""
    checked = set()
    for claim, truth, roles, _ in all_claims(players):
        if roles[claim.seat] != LIBERAL:
            continue
        checked.add(claim.office)
        if claim.office == PRESIDENT:
            assert claim.seat == truth["president"]
            assert (list(claim.cards), list(claim.kept)) == (truth["drawn"], truth["passed"])
        elif claim.office == CHANCELLOR:
            assert claim.seat == truth["chancellor"]
            assert (list(claim.cards), list(claim.kept)) == (truth["handed"], truth["kept"])
        else:
            assert (claim.target, claim.party) == (truth["target"], truth["party"])
    expected = {PRESIDENT, CHANCELLOR} | ({INVESTIGATOR} if players >= 7 else set())
    assert checked == expected


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_fascist_team_never_names_itself(players: int) -> None:
    """A fascist (or Hitler) bot never says a member of its own team is fascist, even when its
    investigation showed it; it may lie about cards and about liberals."""
    lies = 0
    for claim, truth, roles, _ in all_claims(players):
        if roles[claim.seat] == LIBERAL:
            continue
        if claim.office == INVESTIGATOR:
            if claim.party == FASCIST:
                assert roles[claim.target] == LIBERAL
            lies += claim.party != truth["party"]
        else:
            real = truth["drawn"] if claim.office == PRESIDENT else truth["handed"]
            lies += list(claim.cards) != real
    assert lies > 0  # the fascist team does lie, so the liberal truth test means something


def test_claims_read_as_one_short_gsm_text() -> None:
    """Every claim, in its wording, is GSM-7 and fits one SMS segment with a name before it."""
    seen = set()
    for players in (5, 10):
        for claim, _, _, names in all_claims(players):
            text = claim_text(claim, names)
            assert is_gsm7(text) and len(f"{names[claim.seat]}: {text}") <= 160
            seen.add((claim.office, bool(claim.kept)))
    assert {(PRESIDENT, True), (CHANCELLOR, True), (INVESTIGATOR, False)} <= seen


@pytest.mark.parametrize("players", [5, 7, 10])
def test_each_bot_in_office_claims_once_after_its_session(players: int) -> None:
    """After each government's session ends, its President and then its Chancellor claim once;
    nobody claims during a session (R20) or for an office it did not hold."""
    for seed in range(GAMES):
        log = play(players, seed).log
        expected: list[tuple[int, str]] = []
        in_session = False
        for event in log:
            if event.kind == "session":
                in_session, government = True, event.data
            elif event.kind in ("enacted", "veto_answered") and in_session:
                if event.kind == "enacted" or event.data["agreed"]:
                    in_session = False
                    expected += [(government["president"], PRESIDENT)]
                    expected += [(government["chancellor"], CHANCELLOR)]
            elif event.kind == "investigated":
                assert expected == []  # the government's claims came before the power
                expected.append((event.data["president"], INVESTIGATOR))
            elif event.kind == CLAIM:
                assert not in_session
                assert expected and expected.pop(0) == (event.data["seat"], event.data["office"])
            elif event.kind in ("nominated", "executed", "special_election"):
                assert expected == []  # claims come before anything else happens
        assert expected == [] or log[-1].kind == "game_over"
