"""Who reads what after each step (sh_sms.text.steps), over whole seeded games at every table size
with eight-letter names: nobody reads their own move in the third person, no text says a thing
twice, every informing text fits one segment, vote results name the smaller side, and room mode
texts a player only what the board cannot show."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from sh_sms.games.standard.engine import GameState, new_game
from sh_sms.games.standard.engine.bot import RandomBot, play
from sh_sms.games.standard.steps import step_texts
from sh_sms.text.gsm import segments
from sh_sms.text.messages import Prompt, join

LONG = ["Victoria", "Benjamin", "Isabella", "Danielle", "Jonathan"]
LONG += ["Harriets", "Gabriels", "Eleanors", "Frankies", "Charlies"]
SEEDS = range(12)
# What a line says a player did, when it names them first.
DID = r"(?:nominated|executed|investigated|agreed|refused|proposes|will|must|chose|looked)"
RESULT = re.compile(r"(ELECTED|REJECTED) (\d+)-(\d+)\.(?: (Ja|Nein): (.*)\.)?$")


def steps(players: int, seed: int, room: bool = False) -> Iterator[tuple[GameState, dict]]:
    """Each step of a random game with eight-letter names: (state after, texts per seat)."""
    state, events = new_game(LONG[:players], seed)
    yield state, step_texts(None, state, events, room=room)
    for _seat, _action, after, events in play(state, RandomBot(seed)):
        yield after, step_texts(state, after, events, room=room)
        state = after


@pytest.mark.parametrize("players", range(5, 11))
def test_nobody_reads_their_own_move_in_the_third_person(players: int):
    for seed in SEEDS:
        for after, texts in steps(players, seed):
            if after.phase == "over":
                continue  # the last text names everyone with their role
            for seat, parts in texts.items():
                me = re.escape(LONG[seat])
                for line in join(parts).splitlines():
                    assert not re.match(rf"(?:Special election: )?{me}\b( {DID}|\+)", line), line
                    assert not re.search(rf"\+{me} (?:ELECTED|REJECTED)", line), line
                    assert not re.match(rf"Round \d+: {me} is the candidate", line), line


@pytest.mark.parametrize("players", range(5, 11))
def test_no_text_says_the_round_twice(players: int):
    for seed in SEEDS:
        for _after, texts in steps(players, seed):
            for parts in texts.values():
                rounds = re.findall(r"^Round (\d+):", join(parts), re.MULTILINE)
                assert len(rounds) == len(set(rounds)), parts


@pytest.mark.parametrize("players", range(5, 11))
def test_every_informing_text_fits_one_segment_with_eight_letter_names(players: int):
    """Texts that ask nothing fit one segment, but for the deal (the role), the end (every role,
    by SMS.md's contract) and chaos (a vote, a policy from the top and the next candidate)."""
    for seed in SEEDS:
        for after, texts in steps(players, seed):
            for parts in texts.values():
                body = join(parts)
                if not body or any(isinstance(p, Prompt) for p in parts):
                    continue
                if "You are " in body or after.phase == "over" or "Chaos!" in body:
                    continue
                assert segments(body) == 1, body


def test_vote_results_name_the_smaller_side_and_count_the_other():
    seen = set()
    for players in range(5, 11):
        for seed in SEEDS:
            for _after, texts in steps(players, seed):
                for parts in texts.values():
                    for line in join(parts).splitlines():
                        found = RESULT.search(line)
                        if not found:
                            continue
                        ja, nein = int(found.group(2)), int(found.group(3))
                        side, names = found.group(4), found.group(5)
                        if min(ja, nein) == 0:
                            assert side is None, line
                            continue
                        assert side == ("Nein" if nein < ja else "Ja"), line
                        assert len(names.split(", ")) == min(ja, nein), line
                        seen.add(side)
    assert seen == {"Ja", "Nein"}


@pytest.mark.parametrize("players", range(5, 11))
def test_room_mode_texts_only_what_the_board_cannot_show(players: int):
    """A seat gets a text only with a prompt, its own secrets (role, cards, an investigation's
    result, the peek), its own execution, or the end of the game."""
    secret = re.compile(r"^(You are |You drew |You hold |Investigation: |Policy peek|Game )")
    for seed in SEEDS:
        for after, texts in steps(players, seed, room=True):
            for seat, parts in texts.items():
                if not parts or any(isinstance(p, Prompt) for p in parts):
                    continue
                for line in join(parts).splitlines():
                    executed = re.match(r"\w+ executed you\.", line)
                    over = after.phase == "over" and re.match(r"(LIBERALS|FASCISTS) WIN", line)
                    assert secret.match(line) or executed or over, (LONG[seat], line)
