"""RULES: the game's rules, shown to anyone; in the lobby the host changes them (house rules).

`RULES` answers in one segment. `RULES <knob> <values>` (the host, in the lobby) changes the
lobby's choice (sh_sms.houserules): a value out of range is refused with what would work; a
choice this many players could not start with is kept, with a note (players may still come);
every person in the lobby hears of the change.
"""

from __future__ import annotations

from ... import houserules
from ...gamekind.kit import Problem
from ...store import LOBBY
from ...table.seats import people
from ...table.turn import Turn
from ...text.commands import Command
from ..replies import problem_text


def command(turn: Turn, command: Command) -> None:
    """RULES, or RULES <knob> <values>."""
    if command.arg is None:
        show(turn)
    elif turn.game.status != LOBBY:
        turn.reply("rules/fixed")
    elif not turn.player.is_host:
        turn.reply("rules/host_only", host=turn.host.name)
    else:
        change(turn, command.arg)


def show(turn: Turn) -> None:
    """The rules of this game (or, in a lobby, the rules it would start with now), as the game
    played here words them."""
    template, facts = turn.kind.rules_shown(choice_of(turn), len(turn.players), turn.state)
    turn.reply(template, **facts)


def change(turn: Turn, arg: str) -> None:
    """Apply one knob (or a preset, which may pick another game) to the lobby's choice, or say
    why not."""
    changed = houserules.change(choice_of(turn), arg)
    if isinstance(changed, Problem):
        turn.reply("rules/refused", problem=problem_text(changed))
        return
    refused, later = houserules.check(changed, len(turn.players))
    if refused:
        turn.reply("rules/refused", problem=problem_text(refused[0]))
        return
    turn.game.house_rules = changed.to_json()
    turn.game.game = houserules.kind_of(changed).name
    template, facts = turn.kind.rules_changed(changed, len(turn.players))
    for p in people(turn.players):  # the host reads "(set by you)"
        turn.mail.say(
            p.number, template, host=turn.player.name, you=p.id == turn.player.id, **facts
        )
    if later:
        turn.reply("rules/warning", problem=problem_text(later[0]))


def choice_of(turn: Turn) -> houserules.Choice:
    """The lobby's house rules as stored with the game."""
    return houserules.Choice.from_json(turn.game.house_rules)
