"""`sh-sms demo`: one bot game, printed as the table and each phone would read it."""

from __future__ import annotations

from ...ops.commandline import command_parser
from .engine import new_game
from .engine.bot import RandomBot, play
from .wording import LOG_ONLY, event_text, prompt_text

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def main(argv: list[str] | None = None) -> None:
    """Play one seeded bot game and print every public and private text it produces."""
    parser = command_parser("demo")
    parser.add_argument(
        "--players", type=int, default=7, choices=range(5, 11), help="seats, 5 to 10 (default 7)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    args = parser.parse_args(argv)
    state, events = new_game(NAMES[: args.players], args.seed)
    _print_step(state, events, None, prompts=True)
    for seat, _action, after, events in play(state, RandomBot(args.seed)):
        opened = (state.phase, state.round) != (after.phase, after.round)
        _print_step(after, events, after.names[seat], prompts=opened)
        state = after


def _print_step(state, events, actor: str | None, prompts: bool) -> None:
    if actor:
        print(f"\n<{actor}>")
    for event in events:
        if event.kind in LOG_ONLY:
            continue
        text = event_text(event, state.names)
        if text:
            who = "*" if event.to is None else f"[{state.names[event.to]}]"
            print(f"  {who} {text}")
    if prompts:
        for seat in range(state.players):
            prompt = prompt_text(state, seat)
            if prompt:
                print(f"  [{state.names[seat]}] {prompt}")
