"""RULES: the game's rules, shown to anyone; in the lobby the host changes them (house rules).

`RULES` answers in one segment. `RULES <knob> <values>` (the host, in the lobby) changes the
lobby's choice (sh_sms.houserules): a value out of range is refused with what would work; a
choice this many players could not start with is kept, with a note (players may still come);
every person in the lobby hears of the change.
"""

from __future__ import annotations

from ... import houserules
from ...botplay.seats import people
from ...games.districts.text.wording import lobby_rules_text
from ...games.standard.engine.ruleset import Problem
from ...store import LOBBY
from ...text.commands import Command
from ...text.messages import render
from ..replies import problem_text
from ..turn import Turn


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
    """The rules of this game (or, in a lobby, the rules it would start with now)."""
    choice = choice_of(turn)
    if turn.state is None and houserules.is_variant(choice):  # the districts game (issue 22)
        line = lobby_rules_text(len(turn.players), houserules.variant_rules(choice))
        turn.reply("districts/rules_show", line=line, lobby=True)
        return
    if turn.state is not None:
        rules, players = turn.state.rules, turn.state.players
    else:
        players = houserules.table_size(len(turn.players))
        rules = houserules.resolve(choice, players)
    lobby = turn.game.status == LOBBY
    turn.reply("rules/show", rules=rules, players=players, lobby=lobby)


def change(turn: Turn, arg: str) -> None:
    """Apply one knob to the lobby's choice, or say why not."""
    changed = houserules.change(choice_of(turn), arg)
    if isinstance(changed, Problem):
        turn.reply("rules/refused", problem=problem_text(changed))
        return
    refused, later = houserules.check(changed, len(turn.players))
    if refused:
        turn.reply("rules/refused", problem=problem_text(refused[0]))
        return
    turn.game.house_rules = changed.to_json()
    players = houserules.table_size(len(turn.players))
    if houserules.is_variant(changed):  # the districts game (issue 22)
        line = lobby_rules_text(len(turn.players), houserules.variant_rules(changed))
        template, facts = "districts/rules_changed", {"line": line}
    else:
        rules = houserules.resolve(changed, players)
        template, facts = "rules/changed", {"rules": rules, "players": players}
    mine, text = (
        render(template, host=turn.player.name, you=you, **facts) for you in (True, False)
    )
    for p in people(turn.players):
        turn.mail.add(p.number, mine if p.id == turn.player.id else text)  # "(set by you)"
    if later:
        turn.reply("rules/warning", problem=problem_text(later[0]))


def choice_of(turn: Turn) -> houserules.Choice:
    """The lobby's house rules as stored with the game."""
    return houserules.Choice.from_json(turn.game.house_rules)
