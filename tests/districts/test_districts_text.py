"""The districts variant by text: its parser, commands read against a seat's view, and its
wording (GSM-7, short, every prompt says exactly what to send)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from districts_helpers import discard, elect, settled, with_deck

from sh_sms.games.districts.bots import StrategySeat, play_game
from sh_sms.games.districts.engine import Action, apply, legal_actions, new_game, player_view
from sh_sms.games.districts.engine.actions import PLAY_ACTION, SEND_ACTION, TIMER
from sh_sms.games.districts.play import step as _step
from sh_sms.games.districts.text.commands import QUESTION, SPELLINGS, WRONG_GAME, parse
from sh_sms.games.districts.text.resolve import (
    ALREADY_VOTED,
    AMBIGUOUS_PLAYER,
    NO_SUCH_CARD,
    NO_SUCH_PLAYER,
    NOT_A_CHOICE,
    NOT_NOW,
    Refusal,
    resolve,
)
from sh_sms.games.districts.text.wording import (
    board_text,
    event_text,
    hand_text,
    help_text,
    policy_text,
    prompt_text,
    refusal_text,
    role_text,
    rules_text,
    step_texts,
)
from sh_sms.text.commands import EXTRA_WORDS, MISSING_ARG, NEAR_MISS, Command, ParseError
from sh_sms.text.gsm import is_gsm7, segments
from sh_sms.text.words import CARRIER_HELP, CARRIER_OPT_IN, CARRIER_OPT_OUT

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MOVE 2", Command("move", "2")),
        ("move d3", Command("move", "3")),
        ("Move to district two.", Command("move", "2")),
        ("VOTE bob", Command("vote", "bob")),
        ("vote for Bob!", Command("vote", "Bob")),
        ("TIMER", Command("timer")),
        ("inv cy", Command("investigate", "cy")),
        ("INVESTIGATE Dee", Command("investigate", "Dee")),
        ("discard 2", Command("discard", "2")),
        ("DISCARD L", Command("discard", "L")),
        ("send bob 3", Command("send", "bob 3")),
        ("SEND Bob to D1", Command("send", "Bob 1")),
        ("status", Command("status")),
        ("?", Command("status")),
        ("who", Command("who")),
        ("role", Command("role")),
        ("SAY vote bob", Command("say", "vote bob")),
        ("hello all", Command("say", "hello all")),
        ("ja", Command("say", "ja")),  # no ja/nein election here: talk
        ("yes", Command("say", "yes")),
        ("kill bob", Command("say", "kill bob")),
        ("move house soon", Command("say", "move house soon")),
        ("moved here earlier", Command("say", "moved here earlier")),
        ("send me the link pls", Command("say", "send me the link pls")),
        ("stop", Command("stop")),  # the carrier's word keeps its meaning
    ],
)
def test_parse_commands(text: str, expected: Command) -> None:
    assert parse(text, NAMES) == expected


@pytest.mark.parametrize(
    ("text", "code", "suggestion"),
    [
        ("voet bob", NEAR_MISS, "VOTE"),
        ("mvoe 2", NEAR_MISS, "MOVE"),
        ("tmer", NEAR_MISS, "TIMER"),
        ("vote", MISSING_ARG, None),
        ("send bob", MISSING_ARG, None),
        ("vote bob or cy", EXTRA_WORDS, "VOTE"),
        ("timer now", EXTRA_WORDS, "TIMER"),
        ("vote bob?", QUESTION, "VOTE bob"),
        ("move 2?", QUESTION, "MOVE 2"),
        ("nom bob", WRONG_GAME, "VOTE"),
        ("elect bob", WRONG_GAME, "VOTE"),
        ("enact L", WRONG_GAME, "DISCARD"),
        ("veto", WRONG_GAME, None),
    ],
)
def test_parse_refusals(text: str, code: str, suggestion: str | None) -> None:
    result = parse(text, NAMES)
    assert isinstance(result, ParseError) and (result.code, result.suggestion) == (code, suggestion)


def test_no_variant_word_is_a_carrier_keyword() -> None:
    carrier = CARRIER_OPT_OUT | CARRIER_OPT_IN | CARRIER_HELP
    for words in SPELLINGS.values():
        assert not carrier & set(words)


def test_resolve_reads_commands_against_the_senders_view() -> None:
    state = settled([1, 1, 2, 2, 3])
    view = player_view(state, 0)
    assert resolve(Command("vote", "bob"), view) == Action("vote", 1)
    assert resolve(Command("vote", "1"), view) == Action("vote", 0)  # a seat number
    assert resolve(Command("vote", "cy"), view) == Refusal(NOT_A_CHOICE, "vote", (0, 1), "cy")
    assert resolve(Command("vote", "zed"), view).code == NO_SUCH_PLAYER
    assert resolve(Command("move", "2"), view) == Refusal(NOT_NOW, "move")
    assert resolve(Command("timer"), view) == Action(TIMER)  # the capitol is empty
    state, _ = apply(state, 0, Action("vote", 1))
    again = resolve(Command("vote", "bob"), player_view(state, 0))
    assert again == Refusal(ALREADY_VOTED, "vote", (1,), "bob")
    assert refusal_text(again.code, NAMES, state.rules, choices=again.choices) == (
        "You already vote for Bob. To change your vote, send VOTE and another name."
    )


def test_resolve_ambiguous_names_and_cards() -> None:
    state, _ = new_game(["Anka", "Ankara", "Bo", "Cy", "Di"], 0)
    for seat, d in enumerate([1, 1, 1, 2, 3]):
        state, _ = apply(state, seat, Action("move", d))
    assert resolve(Command("vote", "ank"), player_view(state, 2)).code == AMBIGUOUS_PLAYER
    state = elect(with_deck(state, ["L1-", "F0-", "O2-"]), {1: 0, 2: 3, 3: 4})
    drawer = state.capitol["draw"]
    view = player_view(state, drawer)
    assert resolve(Command("discard", "2"), view) == Action("discard", "F0-")
    assert resolve(Command("discard", "O"), view) == Action("discard", "O2-")
    assert resolve(Command("discard", "4"), view).code == NO_SUCH_CARD


def _commands_in(prompt: str) -> list[str]:
    """The commands a prompt tells its reader to send ("MOVE 1", "VOTE <name>", ...)."""
    words = "|".join(w for ws in SPELLINGS.values() for w in ws)
    args = r"(?: (?:<[a-z]+>|\d|[A-Z][A-Za-z0-9]*))*"
    return re.findall(rf"\b(?:{words})\b{args}", prompt)


def test_every_prompt_says_exactly_what_to_send() -> None:
    """In whole games, each prompt's commands parse and resolve to a legal move of its reader."""
    checked = 0

    def watch(state, seat, action, events):
        nonlocal checked
        for reader in range(state.players):
            view = player_view(state, reader)
            prompt = prompt_text(view)
            if not prompt:
                continue
            commands = _commands_in(prompt)
            assert commands, prompt
            for typed in commands:
                typed = _fill(typed, view)
                command = parse(typed, state.names)
                assert isinstance(command, Command), (prompt, typed, command)
                action = resolve(command, view)
                assert action in legal_actions(state, reader), (prompt, typed, action)
                checked += 1

    for players in (5, 8, 10):
        for seed in range(3):
            play_game(players, seed, lambda s, c, n=players: StrategySeat(s, n), watch)
    assert checked > 300


def _fill(typed: str, view: dict) -> str:
    """A prompt's placeholder filled with a legal choice: VOTE <name> -> VOTE Bob."""
    names = [p["name"] for p in view["public"]["players"]]
    _, arg = view["legal"][0]
    if "<name> <district>" in typed:
        return typed.replace("<name> <district>", f"{names[arg[0]]} {arg[1]}")
    if "<name>" in typed:
        return typed.replace("<name>", names[arg])
    return typed


def test_all_texts_are_gsm7_and_short() -> None:
    """Every text of whole games: GSM-7; prompts and most events one segment with names up to
    six letters; the last text at most three segments."""
    names = ["Alexis", "Brooke", "Carmen", "Dakota", "Elijah", "Fatima", "Gideon", "Harper",
             "Isabel", "Jordan"]  # fmt: skip
    seen = set()

    def watch(after, seat, action, events):
        table = names[: after.players]
        for event in events:
            text = event_text(event, table, after.rules, you=event.to)
            assert is_gsm7(text), text
            limit = 3 if event.kind in ("game_over", "ended", "voting") else 1
            assert segments(text) <= limit, (event.kind, text)
            seen.add(event.kind)
        for reader in range(after.players):
            prompt = prompt_text(player_view(after, reader))
            assert is_gsm7(prompt) and segments(prompt) <= 1, prompt

    for players in (5, 7, 10):
        for seed in range(4):
            state = play_game(players, seed, lambda s, c, n=players: StrategySeat(s, n), watch)
            assert state.phase == "over"
    assert {"elected", "capitol", "enacted", "game_over", "district_vote"} <= seen


def test_step_texts_prompt_each_voter_once_with_their_district() -> None:
    state, _ = new_game(NAMES, 0)
    for seat, d in enumerate([1, 1, 2, 2]):
        state, _ = apply(state, seat, Action("move", d))
    before = state
    state, events = apply(state, 4, Action("move", 3))
    texts = step_texts(before, state, events)
    assert texts[0] == ["Round 1, D1: Bob and you. Elect one for the capitol: VOTE <name> "
                        "(you too); 2 votes elect."]  # fmt: skip
    assert texts[4][-1].startswith("Round 1, D3: only you.")
    before = state
    state, events = apply(state, 0, Action("vote", 1))
    texts = step_texts(before, state, events)
    assert texts[0] == ["You vote for Bob: 1 vote, 2 elect. Still to vote: Bob."]
    assert texts[1] == ["Ann votes for you: 1 vote, 2 elect. Still to vote: you."]
    assert texts[2] == texts[3] == texts[4] == []  # other districts do not see the votes


def test_a_split_district_is_told_what_elects_and_when_the_timer_ends_it() -> None:
    """Issue 34: a district left without a majority is told who is still to vote, what elects,
    and when the timer ends it."""
    state = settled([1, 1, 1, 2, 3])  # D1: Ann, Bob, Cy; D2: Dee; D3: Eve
    state, _ = apply(state, 4, Action("vote", 4))  # Eve goes to the capitol
    before, (state, events) = state, apply(state, 0, Action("vote", 0))
    assert step_texts(before, state, events)[1] == [
        "Ann votes for Ann: 1 vote, 2 elect. Still to vote: you, Cy."
    ]
    split = state
    before, (state, events) = state, apply(state, 1, Action("vote", 1))
    before, (state, events) = state, apply(state, 2, Action("vote", 2))
    assert step_texts(before, state, events)[0] == [
        "Cy votes for Cy: 1 vote, 2 elect. Nobody has 2: change a vote (VOTE <name>); when the "
        "other districts have voted, D1 gets 10 min."
    ]
    state, _ = apply(split, 4, Action("timer"), 1000)
    state, _ = apply(state, 1, Action("vote", 1), 1000)
    before, (state, events) = state, apply(state, 2, Action("vote", 2), 1000 + 250)
    assert step_texts(before, state, events)[0] == [
        "Cy votes for Cy: 1 vote, 2 elect. Nobody has 2: change a vote (VOTE <name>) within 6 "
        "min or D1 sends nobody."
    ]
    status = board_text(player_view(state, 0), 1000 + 250)  # STATUS names the split and timer
    assert status.endswith(
        "Still voting: D1, D2; the timer ends in 6 min. Your D1: you 1, Bob 1, Cy 1; 2 elect, "
        "nobody has it: change a vote (VOTE <name>)."
    )


def test_private_texts_reach_only_their_reader() -> None:
    state = elect(with_deck(settled([1, 1, 2, 2, 3, 3, 1, 2, 3]), ["L1-", "F0-", "O2-"]),
                  {1: 0, 2: 2, 3: 4})  # fmt: skip
    drawer = state.capitol["draw"]
    prompt = prompt_text(player_view(state, drawer))
    assert "1) Liberal +1pt 2) Fascist 3) Oligarch +2pt" in prompt
    for seat in range(9):
        if seat != drawer:
            assert "Oligarch +2" not in prompt_text(player_view(state, seat))


def test_info_texts() -> None:
    state = elect(settled([1, 1, 2, 2, 3]), {1: 0})
    view = player_view(state, 1)
    assert board_text(view).startswith("Round 1, vote. D1 0pt: Ann*, you.")
    assert role_text(view).startswith("You are ")
    assert hand_text(view) == "You hold no policies."
    assert "VOTE <name>" in help_text(None, state.rules)
    assert help_text("vote", state.rules).startswith("VOTE <name>")
    assert rules_text(3, state.rules) == (
        "Districts: 3 districts, a faction with 5 policies or a district with 5 points wins, "
        "11 policies end it, timer 10 min."
    )
    assert policy_text("P2S") == "Public works +2pt, send"
    assert policy_text("F0-") == "Fascist"


@pytest.mark.parametrize(
    ("refusal", "expected"),
    [
        (Refusal(NOT_A_CHOICE, "vote", (0, 1)), "You can vote for: Ann, Bob."),
        (Refusal(NOT_A_CHOICE, "move", (1, 3)), "You can move to: D1, D3."),
        (Refusal(NO_SUCH_PLAYER, "vote", (0, 1), "zed"),
         'There is no player "zed". You can choose: Ann, Bob.'),
        (Refusal(AMBIGUOUS_PLAYER, "vote", (0, 1), "a"),
         '"a" could be Ann, Bob: send more of the name.'),
        (Refusal(NO_SUCH_CARD, "discard", (1, 2)),
         "Send DISCARD and the number of a policy you hold: DISCARD 1, DISCARD 2."),
    ],
)  # fmt: skip
def test_refusals_say_what_would_work(refusal: Refusal, expected: str) -> None:
    rules = new_game(NAMES, 0)[0].rules
    text = refusal_text(refusal.code, NAMES, rules, verb=refusal.verb, choices=refusal.choices,
                        typed=refusal.typed, word=refusal.verb.upper())  # fmt: skip
    assert text == expected


def test_send_prompt_example_is_legal() -> None:
    state = elect(with_deck(settled([1, 1, 2, 2, 3]), ["L1S", "F0-", "F0-"]), {1: 0, 2: 2, 3: 4})
    state, _ = discard(state, state.capitol["draw"], "F0-")
    state, _ = discard(state, state.capitol["take"], "F0-")
    actor = state.capitol["action"]
    assert "Reply PLAY" in prompt_text(player_view(state, actor))
    state, _ = apply(state, actor, Action(PLAY_ACTION))
    prompt = prompt_text(player_view(state, actor))
    example = re.search(r"e\.g\. SEND (\w+) (\d)", prompt)
    seat = NAMES.index(example.group(1))
    assert Action(SEND_ACTION, (seat, int(example.group(2)))) in legal_actions(state, actor)


def test_every_capitol_discard_is_answered_to_its_sender() -> None:
    """Issue 34: DISCARD in the capitol gets a reply (the capitol is silent, the rest see no
    text of it)."""
    state = elect(settled([1, 1, 2, 2, 3]), {1: 0, 2: 2, 3: 4})
    drawer, taker = state.capitol["draw"], state.capitol["take"]
    before, (state, events) = state, apply(state, drawer, Action("discard", state.hand[0]))
    texts = step_texts(before, state, events)
    if taker == drawer:
        assert texts[drawer][0] == "You discarded one and keep 2."
    else:
        assert texts[drawer] == [f"You discarded one and handed 2 policies to {NAMES[taker]}."]
    actor = state.capitol["action"]
    before, (state, events) = state, apply(state, taker, Action("discard", state.hand[0]))
    texts = step_texts(before, state, events)
    mine = "keep 1" if actor == taker else f"handed 1 policy to {NAMES[actor]}"
    assert texts[taker][0] == f"You discarded one and {mine}."
    others = set(range(5)) - {drawer, taker, actor}
    assert all(texts[p] == [] for p in others)


def test_an_election_that_starts_the_timer_does_not_offer_it() -> None:
    """Issue 34: "TIMER gives districts still voting 10 min." is never followed at once by "The
    timer is running" (nor said while it runs)."""
    state = settled([1, 1, 2, 2, 3])
    state, _ = apply(state, 2, Action("vote", 2))
    state, _ = apply(state, 3, Action("vote", 3))  # D2 split, nobody left to vote there
    before = state
    state, events = play_step(state, 4, Action("vote", 4))  # D3 elects Eve; D1 still votes
    assert "TIMER gives" in step_texts(before, state, events)[4][0]
    state, _ = apply(state, 0, Action("vote", 0))
    before = state
    state, events = play_step(state, 1, Action("vote", 0))  # D1 elects; the timer starts
    told = step_texts(before, state, events)[0]
    assert any("The timer is running" in t for t in told)
    assert not any("TIMER gives" in t for t in told), told


def play_step(state, seat: int, action: Action):
    """A step as the table makes it (the timer starts by itself when nobody is left to vote)."""
    return _step(state, seat, action, datetime(2026, 6, 10, 16, 0, tzinfo=UTC))


def test_the_last_player_a_settling_or_a_vote_waits_on_is_told_so() -> None:
    """Issue 34: the player the settling (or a vote) waits on alone is told, with the command."""
    state, _ = new_game(NAMES, 0)
    for seat, d in enumerate([1, 1, 2, 2]):
        before, (state, events) = state, apply(state, seat, Action("move", d))
    assert step_texts(before, state, events)[4] == [
        "The game now waits only on you: pick a district (MOVE 1, MOVE 2, MOVE 3)."
    ]
    state, _ = apply(state, 4, Action("move", 3))
    for seat, candidate in [(4, 4), (0, 0), (1, 0)]:
        state, _ = apply(state, seat, Action("vote", candidate))
    before, (state, events) = state, apply(state, 2, Action("vote", 2))
    assert step_texts(before, state, events)[3][-1] == (
        "The game now waits only on you: vote in D2 (VOTE <name>)."
    )
