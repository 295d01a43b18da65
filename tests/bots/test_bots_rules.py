"""The strategy's rules of thumb, each in a small hand-made situation it should recognise."""

from __future__ import annotations

from scenes import Scene

from sh_sms.games.standard.bots import Notebook
from sh_sms.games.standard.bots.claims import CHANCELLOR, CLAIM, INVESTIGATOR, PRESIDENT
from sh_sms.games.standard.bots.suspicion import CLAIMS_CONFLICT, PROVEN
from sh_sms.games.standard.engine import Action
from sh_sms.games.standard.engine.actions import (
    ANSWER_VETO,
    ENACT,
    NOMINATE_ACTION,
    PROPOSE_VETO,
    VOTE_ACTION,
)

JA, NEIN = Action(VOTE_ACTION, True), Action(VOTE_ACTION, False)
SEVEN = "LLLLFFH"  # seats 0-3 liberal, 4 and 5 fascist, 6 Hitler
FIVE = "LLLFH"  # seats 0-2 liberal, 3 fascist, 4 Hitler


def claims_in(scene: Scene) -> list[tuple[int, str, tuple, tuple]]:
    """(seat, office, cards, kept) of each claim logged so far."""
    return [
        (e.data["seat"], e.data["office"], tuple(e.data["cards"]), tuple(e.data["kept"]))
        for e in scene.log
        if e.kind == CLAIM
    ]


def notebook(scene: Scene, seat: int) -> Notebook:
    """The seat's reading of the game so far."""
    return Notebook(scene.view(seat)).read(scene.history(seat))


def test_a_liberal_president_betrayed_by_its_chancellor_never_elects_him_again() -> None:
    """I passed L F and my Chancellor enacted F: he is a fascist to me, whatever he says; the
    others only see two stories that do not match, and doubt both of us alike."""
    scene = Scene(SEVEN)
    scene.govern(0, 4, "FFL", discard="F", enact="F")
    scene.claims(0, 4)
    assert claims_in(scene) == [
        (0, PRESIDENT, ("F", "F", "L"), ("F", "L")),
        (4, CHANCELLOR, ("F", "F"), ("F",)),  # the fascist blames the President
    ]
    assert notebook(scene, 0).score(4) >= PROVEN
    other = notebook(scene, 1)
    assert other.score(0) == other.score(4) >= CLAIMS_CONFLICT
    scene.nominate(4, 2)  # (he is term-limited as Chancellor; as President he gets my Nein)
    assert scene.decide(0) == NEIN
    scene.state.tracker = 2
    assert scene.decide(0) == NEIN  # even if that means chaos


def test_a_fascist_president_covers_for_a_fascist_chancellor() -> None:
    """A fascist government that buried a liberal says it drew three fascists, and the
    Chancellor's story matches the President's, so nobody can see a conflict."""
    scene = Scene(SEVEN)
    scene.govern(4, 5, "FLL", discard="L", enact="F")
    scene.claims(4, 5)
    assert claims_in(scene) == [
        (4, PRESIDENT, ("F", "F", "F"), ("F", "F")),
        (5, CHANCELLOR, ("F", "F"), ("F",)),
    ]
    assert notebook(scene, 0).score(4) < PROVEN


def test_a_fascist_president_hides_the_liberal_it_buried() -> None:
    """Dealt F F L and passing F F to a liberal: the story is "I drew F F F", which matches the
    Chancellor's true "I got F F"."""
    scene = Scene(SEVEN)
    scene.nominate(4, 0)
    scene.state.draw = ["F", "F", "L", *scene.state.draw[3:]]
    scene.vote()
    assert scene.decide(4) == Action("discard", "L")
    scene.act(4, "discard", "L")
    assert scene.decide(0) == Action(ENACT, "F")  # a liberal with no choice
    scene.act(0, ENACT, "F")
    scene.claims(4, 0)
    assert claims_in(scene) == [
        (4, PRESIDENT, ("F", "F", "F"), ("F", "F")),
        (0, CHANCELLOR, ("F", "F"), ("F",)),
    ]


def test_liberals_pass_and_enact_liberal_policies() -> None:
    """A liberal President discards a fascist policy; a liberal Chancellor enacts a liberal one."""
    scene = Scene(SEVEN)
    scene.nominate(0, 1)
    scene.state.draw = ["L", "F", "F", *scene.state.draw[3:]]
    scene.vote()
    assert scene.decide(0) == Action("discard", "F")
    scene.act(0, "discard", "F")
    assert scene.decide(1) == Action(ENACT, "L")


def test_fascists_put_hitler_in_once_the_zone_is_reached_and_liberals_resist() -> None:
    """With three fascist policies down, the fascist nominates Hitler and votes Ja; a liberal
    votes Nein on a Chancellor who might be Hitler and has earned no trust. One fascist policy
    earlier, the same government gets the liberal's Ja."""
    before, zone = Scene(FIVE), Scene(FIVE)
    for scene, policies in ((before, 2), (zone, 3)):
        for president, chancellor in [(0, 1), (1, 2), (2, 0)][:policies]:
            scene.govern(president, chancellor, "FFF", discard="F", enact="F")
            scene.claims(president, chancellor)
        scene.state.president = 3
    assert zone.decide(3) == Action(NOMINATE_ACTION, 4)
    for scene in (before, zone):
        scene.nominate(3, 4)
    assert zone.decide(3) == JA
    assert zone.decide(0) == NEIN
    assert before.decide(0) == JA


def test_in_the_zone_a_fascist_president_picks_hitler_over_a_trusted_teammate() -> None:
    """Seven players: after three fascist policies a special election makes the fascist seat 4
    President; it nominates Hitler (seat 6) rather than its better-trusted teammate (seat 5)."""
    scene = Scene(SEVEN)
    scene.govern(3, 5, "LLL", discard="L", enact="L")
    scene.govern(0, 1, "FFF", discard="F", enact="F")
    scene.govern(1, 2, "FFF", discard="F", enact="F")
    scene.act(1, "investigate", 0)
    scene.govern(2, 0, "FFF", discard="F", enact="F")
    scene.act(2, "special_election", 4)
    fascist = notebook(scene, 4)
    assert fascist.score(5) < fascist.score(6)
    assert scene.decide(4) == Action(NOMINATE_ACTION, 6)


def test_investigators_tell_the_truth_except_about_their_own_team() -> None:
    """A liberal investigator names the party it saw; a fascist one calls its teammate liberal,
    and never aims the power at its team when it chooses; Hitler who finds a fascist has found a
    teammate: he covers for him and backs his governments."""
    cases = [(0, 5, "fascist"), (4, 5, "liberal"), (4, 6, "liberal"), (6, 4, "liberal")]
    for president, target, said in cases:
        scene = Scene(SEVEN)
        scene.govern(1, 2, "FFF", discard="F", enact="F")
        scene.govern(president, 3, "FFF", discard="F", enact="F")
        scene.claims(president, 3)
        if president == 4:
            assert scene.decide(4).arg in (0, 1, 2, 3)  # its own pick: a liberal
        scene.act(president, "investigate", target)
        investigation = scene.claim(president)
        assert (investigation.office, investigation.target) == (INVESTIGATOR, target)
        assert investigation.party == said
    assert target in notebook(scene, 6).team
    scene.say(investigation)
    scene.nominate(target, 0)
    assert scene.decide(6) == JA


def test_a_veto_is_proposed_on_two_fascists_and_agreed_only_when_it_buries_no_liberal() -> None:
    """With the veto unlocked, a liberal Chancellor holding F F proposes a veto; a liberal
    President agrees when it passed F F, and refuses when it passed a liberal policy; a fascist
    President refuses a veto that would stop a fascist policy."""
    for president, passed, agrees in [(0, "FF", True), (0, "FL", False), (3, "FF", False)]:
        scene = Scene(FIVE)
        scene.state.fascist = 5
        scene.nominate(president, 1)
        scene.state.draw = ["F", *passed, *scene.state.draw[3:]]
        scene.vote()
        scene.act(president, "discard", "F")
        if passed == "FF":
            assert scene.decide(1) == Action(PROPOSE_VETO)
        scene.act(1, PROPOSE_VETO)
        assert scene.decide(president) == Action(ANSWER_VETO, agrees)
