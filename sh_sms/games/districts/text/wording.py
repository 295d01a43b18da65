"""Wording of a districts game: events and views become texts through
templates/sms/districts/*.txt (pure; no English here)."""

from __future__ import annotations

from collections import Counter

from sh_sms.text import messages
from sh_sms.text.gsm import sent_segments
from sh_sms.text.messages import Prompt, join

from ....gamekind.kit import Event
from ..engine import DistrictsState, awaiting, player_view
from ..engine.actions import MOVE_ACTION, SEND_ACTION
from ..engine.state import OVER
from ..engine.tables import DEFAULT_RULES, DISTRICTS, MAX_PLAYERS, MIN_PLAYERS

# Public events kept for the log and the board, not worth a text: each voter's prompt names
# their district (voting), the holder's prompt lists the cards (drawn, handed).
LOG_ONLY = frozenset({"voting", "drawn", "handed"})
# Public events texted only to the player they are about (the table reads them in the log): a
# player who settles is told it was done; the others learn who is where when the voting starts;
# a capitol discard is answered to its sender (the capitol is silent).
OWN_ONLY = {"settled": "seat", "passed": "from"}
# Events whose text differs for the player they are about ("You go to the capitol...", "You
# played..."): every event that names a player, so that none names its reader.
PER_SEAT = frozenset(
    {"elected", "district_vote", "moved", "enacted", "capitol", "investigated", "timer"}
    | {"investigation_skipped", "move_skipped", "timed_out", "game_over"}
)


def render(template: str, **context) -> str:
    """Render `templates/sms/districts/<template>.txt` in the language being written."""
    return messages.render(f"districts/{template}", **context)


def policy_text(code: str) -> str:
    """A policy card as players read it: "Liberal +1, send"."""
    return render("card", code=code)


def alignment_text(card: str) -> str:
    """An alignment card as players read it: "LIBERAL", "OLIGARCH of D2"."""
    return render("alignment", card=card)


def helpers(names: list[str], rules: dict) -> dict:
    """What every template may use: names for seats, card words, and the game's numbers."""
    return {
        "name": lambda seat: names[seat],
        "names": lambda seats: ", ".join(names[s] for s in seats),
        "policy": policy_text,
        "alignment": alignment_text,
        "hand_list": lambda hand: render("hand_list", hand=hand, policy=policy_text),
        "minutes": max(1, round(rules["timer_seconds"] / 60)),
        "policies_goal": rules["policies_to_win"],
        "points_goal": rules["points_to_win"],
        "max_policies": rules["max_policies"],
    }


def event_text(event: Event, names: list[str], rules: dict, you: int | None = None, **extra) -> str:
    """The text of one event as a player allowed to see it reads it (`you`: the reader's seat,
    for PER_SEAT events; None for the log, the board and the replay; `extra`: more for the
    wording, such as the replay's address in the last text, `over`: the game ended in the same
    step, `full`: the capitol filled in the same step)."""
    context = {**helpers(names, rules), "over": False, "full": False, "brief": False}
    context |= {"timer_on": False}
    context |= {**event.data, **extra}
    if event.kind == "game_over":
        return _fitting("event_game_over", context, you)
    return render(f"event_{event.kind}", **context, you=you)


# The end, shorter until it fits two segments (a ten-player table): no "GAME OVER." before the
# reader's verdict ("You won: ..." says it), no replay's address (the board links it), no "Play
# again" (REMATCH is what a table does next: it goes last).
GAME_OVER_FITS = (
    {},
    {"bare": True},
    {"bare": True, "replay": None},
    {"bare": True, "replay": None, "brief": True},
)


def _fitting(template: str, context: dict, you: int | None) -> str:
    """The first of the end's forms (fullest first) that fits two segments, else the last."""
    for fewer in GAME_OVER_FITS:
        text = render(template, **{"bare": False, **context, **fewer}, you=you)
        if sent_segments(text) <= 2:  # as the mailbox sends it: accents written plain
            return text
    return text


def prompt_text(view: dict) -> str:
    """What the seat of `view` must do now and exactly what to send (a Prompt), or ''."""
    public = view["public"]
    seat = view["seat"]
    if seat not in public["waiting_for"]:
        return ""
    names = [p["name"] for p in public["players"]]
    legal = view["legal"]
    main = legal[0][0]
    choices = [arg for kind, arg in legal if kind == main]
    phase = public["phase"]
    context = {**helpers(names, public["rules"]), "you": seat, "choices": choices}
    holders = public["holders"]
    if phase == "vote":
        district = view["district"]
        mates = [p for p in public["districts"][district - 1]["players"] if p != seat]
        needed = (len(mates) + 1) // 2 + 1  # a majority of the district, the reader included
        text = render(
            "prompt_vote", **context, round=public["round"], district=district, mates=mates,
            needed=needed,
        )  # fmt: skip
    elif phase == "draw":
        text = render("prompt_draw", **context, hand=view["hand"], taker=holders["take"])
    elif phase == "take":
        actor = holders["action"]
        district = public["where"][actor]
        text = render("prompt_take", **context, hand=view["hand"], actor=actor, district=district)
    elif phase == "play":
        district = public["where"][seat]
        text = render("prompt_play", **context, hand=view["hand"], district=district)
    elif main == SEND_ACTION:
        text = render("prompt_send", **context, example=choices[0])
    elif main == MOVE_ACTION:
        text = render(f"prompt_{phase}", **context)
    else:
        text = render("prompt_investigate", **context)
    return Prompt(text)


def step_texts(
    before: DistrictsState | None, after: DistrictsState, events: list[Event], **extra
) -> dict[int, list[str]]:
    """Per seat, the texts one step produces: the events it may see, then what it must do next
    (a seat is prompted when the step opened a new decision for it; `extra`: for the wording of
    the public events, such as the replay's address)."""
    texts: dict[int, list[str]] = {seat: [] for seat in range(after.players)}
    new = before is None or (before.phase, before.round) != (after.phase, after.round)
    waiting_before = set() if new or before is None else set(awaiting(before))
    asked = [s for s in awaiting(after) if s not in waiting_before]
    names, rules = after.names, after.rules
    extra = {**extra, "over": after.phase == OVER, "full": any(e.kind == "capitol" for e in events)}
    # a timer already running, or started in this step, is told as such: no "TIMER gives..."
    extra["timer_on"] = after.timer_ends is not None or any(e.kind == "timer" for e in events)
    elected = {e.data["district"] for e in events if e.kind == "elected"}
    empty = any(e.kind == "capitol" and not e.data["reps"] for e in events)
    for event in events:
        if event.kind in LOG_ONLY:
            continue
        if event.kind == "district_vote" and after.where[event.data["voter"]] in elected:
            continue  # the vote that elects: the election's text gives the count
        if event.kind == "unrepresented" and empty:
            continue  # "Nobody reached the capitol" says it for every district
        if event.kind == "enacted" and extra["over"]:
            continue  # the last policy: the game's end says what it did (LOG shows it)
        seats = list(texts) if event.to is None else [event.to]
        if event.kind in OWN_ONLY:
            seats = [event.data[OWN_ONLY[event.kind]]]
        if event.kind in PER_SEAT or event.kind in OWN_ONLY:
            more = {} if "phase" in event.data else {"phase": after.phase}
            for seat in seats:
                texts[seat].append(event_text(event, names, rules, you=seat, **more, **extra))
            continue
        text = event_text(event, names, rules, **extra)
        for seat in seats:
            texts[seat].append(text)
    for seat in asked:
        prompt = prompt_text(player_view(after, seat))
        if prompt:
            texts[seat].append(prompt)
    for seat in _left_alone(before, after, waiting_before, asked):
        view = player_view(after, seat)
        choices = [arg for _kind, arg in view["legal"]]
        context = {**helpers(names, rules), "phase": after.phase, "choices": choices}
        texts[seat].append(
            Prompt(render("waits_on_you", **context, you=seat, district=after.where[seat]))
        )
    _brief_if_long(texts, events, names, rules, extra)
    return texts


def _left_alone(before, after, waiting_before: set[int], asked: list[int]) -> list[int]:
    """The one player a settling or a vote now waits on alone, once the others are done (told
    so by name, issue 34); nobody when the step opened the wait (their prompt says it)."""
    now = awaiting(after)
    if after.phase not in ("settle", "vote") or len(now) != 1 or now[0] in asked:
        return []
    return now if len(waiting_before) > 1 else []


def _brief_if_long(texts, events, names, rules, extra) -> None:
    """A seat's texts over two segments say a played policy without the score (STATUS has it):
    a crowded district's next vote prompt names many players."""
    played = next((e for e in events if e.kind == "enacted"), None)
    if played is None or extra["over"]:
        return
    for seat, told in texts.items():
        if sent_segments(join(told)) <= 2:
            continue
        full = event_text(played, names, rules, you=seat, **extra)
        if full in told:
            brief = event_text(played, names, rules, you=seat, brief=True, **extra)
            told[told.index(full)] = brief


def board_text(view: dict, now: int | None = None) -> str:
    """STATUS and WHO: the round, who is where (* the representatives), tracks, who is awaited;
    while voting, the districts still voting and the timer's minutes left (`now`: the engine's
    time), and the reader's own district's tally (issue 34)."""
    public = view["public"]
    names = [p["name"] for p in public["players"]]
    waiting = public["waiting_for"]
    voting, left, tally = [], None, {}
    if public["phase"] == "vote":  # who has voted is each district's own business
        waiting = [p for p in waiting if public["where"][p] == view["district"]]
        voting = [d["district"] for d in public["districts"] if d["closed"] is None]
        ends = public["timer_ends"]
        left = None if ends is None or now is None else max(1, (ends - now + 59) // 60)
        tally = Counter(view["district_votes"].values())
    return render(
        "board",
        voting=voting,
        timer_left=left,
        tally=dict(tally),
        needed=_needed(public, view["district"]),
        **helpers(names, public["rules"]),
        round=public["round"],
        phase_word=public["phase"],
        districts=public["districts"],
        tracks=public["tracks"],
        played=public["played"],
        waiting=waiting,
        settled=public["settled"],
        players=len(names),
        you=view["seat"],
        mine=view["district"],  # a voter's own district: its prompt, after the board, lists it
    )


def _needed(public: dict, district: int | None) -> int:
    """Votes that elect in `district` now: a majority of its players outside the capitol."""
    if district is None:
        return 0
    box = public["districts"][district - 1]
    return len([p for p in box["players"] if p != box["rep"]]) // 2 + 1


def role_text(view: dict) -> str:
    """ROLE: the seat's alignment card, fellow fascists, and the cards it has looked at."""
    names = [p["name"] for p in view["public"]["players"]]
    context = helpers(names, view["public"]["rules"])
    dealt = render("event_dealt", **context, card=view["card"], fascists=view["fascists"])
    return render("role", **context, dealt=dealt, investigations=view["investigations"])


def hand_text(view: dict) -> str:
    """HAND: the policies the seat holds, numbered as DISCARD reads them."""
    return render(
        "hand", hand=view["hand"], hand_list=helpers([], view["public"]["rules"])["hand_list"]
    )


def help_text(topic: str | None, rules: dict) -> str:
    """HELP, HELP RULES, HELP VOTE, ... (an unknown topic gets the command list)."""
    known = {"rules", "move", "vote", "timer", "investigate", "discard", "send", "play", "status"}
    known |= {"policy", "lobby", "districts", "win", "capitol"}
    name = f"help_{topic}" if topic in known else "help"
    return render(name, **helpers([], rules))


def rules_text(districts: int, rules: dict, **lobby) -> str:
    """The ruleset in one line, for RULES in a game (`lobby`: players=N, for a lobby's RULES:
    the count of districts at N players, and at the other table sizes)."""
    return render("rules_line", **helpers([], rules), districts=districts, rules=rules, **lobby)


def lobby_rules_text(players: int, rules: dict | None = None) -> str:
    """RULES in a lobby that picked this game: its rules at this many players (5 at least)."""
    size = min(max(players, MIN_PLAYERS), MAX_PLAYERS)
    return rules_text(DISTRICTS[size], {**DEFAULT_RULES, **(rules or {})}, players=players)


def refusal_text(code: str, names: list[str], rules: dict, **context) -> str:
    """A refusal (resolve.Refusal codes, wrong_game, question, capitol_silent, alone) that says
    why and what would work."""
    return render(f"refuse_{code}", **helpers(names, rules), **context)
