"""Learning the districts game by text (issue 34): its help from anywhere (`about`), and the
answers to questions about it in its lobby, during it and after it, for the asker's own card and
district: "how do i win", "whats a district", "what game is this", "wait so who won?". Every
answer comes from templates/sms/districts/ and goes to the asker alone; "who won" after the end
goes to the table as well, where everyone may talk again.
"""

from __future__ import annotations

from ... import houserules
from ...conversation.reading import Question
from ...conversation.tabletalk import relay
from ...table.turn import AFTER_GAME, Turn
from ...text.sentences import words_of
from .engine import player_view
from .engine.tables import DEFAULT_RULES
from .outcome import result_text
from .params import NAME, table_rules
from .text.commands import ALIASES, HELP_TOPICS
from .text.wording import help_text, helpers, render

# Words that make a question of how to win one about winning, not the rules as a whole.
WINNING = frozenset({"win", "winning", "wins", "won", "gano", "ganamos", "gana", "ganan", "ganar"})
# The shared reading's terms ("whats a liberal", "what does F mean") -> this game's HELP topic.
SHARED_TERMS = {
    **dict.fromkeys(("liberal", "fascist", "hitler", "l", "f"), "win"),
    **dict.fromkeys(("policy", "enact", "discard", "draw_pile", "power", "veto"), "policy"),
    **dict.fromkeys(("investigate", "president", "chancellor", "government", "session"), "capitol"),
    **dict.fromkeys(("candidate", "nominate", "ja", "nein", "tracker", "term_limited"), "vote"),
}


def about(turn: Turn, topic: str | None) -> str:
    """HELP DISTRICTS [topic] or "what is districts?" from anyone: the game in one text (and,
    outside a districts game or lobby, how to pick it), or its help on `topic`."""
    here = turn.game is not None and turn.kind.name == NAME
    rules = _rules(turn)
    word = (topic or "").split()[0].casefold() if topic else ""
    found = HELP_TOPICS.get(word) or ALIASES.get(word)
    if found is None or found == "districts":
        return render("help_districts", **helpers([], rules), outside=not here)
    return help_text(found, rules)


def answer(turn: Turn, question: Question) -> bool:
    """Answer a question about this game for where the asker stands; False when it is not one
    of these (the other questions have their own answers)."""
    topic, terms = question.topic, question.terms
    if topic == "help" and terms and HELP_TOPICS.get(terms[0].casefold()) == "districts":
        topic = "districts"
    if topic == "win" and not WINNING & set(words_of(question.text).words):  # "how do i win?"
        topic, terms = "explain", ("rules",)  # "what are the rules": the rules in short
    if topic == "term":  # a word of the standard game ("whats a liberal", "what does F mean")
        topic, terms = "explain", tuple(SHARED_TERMS.get(t, "districts") for t in terms[:1])
    over = turn.situation == AFTER_GAME
    view = player_view(turn.state, turn.player.seat) if turn.state is not None else None
    mine = view["district"] if view is not None and not over else None
    card = view["card"] if view is not None and not over else None
    words = helpers([], _rules(turn))
    if topic == "won" and over:
        relay(turn, question.text)  # after the end everyone may talk: the others may answer too
        text = result_text(turn, turn.player.seat)
    elif topic == "districts":
        text = render("help_districts", **words, outside=False)
    elif topic == "win" and card is not None:
        public = view["public"]
        own = helpers([p["name"] for p in public["players"]], public["rules"])
        dealt = render("event_dealt", **own, card=card, fascists=view["fascists"])
        text = render("answer_win", dealt=dealt, mine=mine)
    elif topic == "game":
        text = render("answer_game", **words, card=card, mine=mine)
    elif topic == "explain" and terms and terms[0] == "district":
        text = render("help_district", mine=mine)
    elif topic in ("win", "explain"):
        text = help_text(terms[0] if topic == "explain" and terms else "win", _rules(turn))
    else:
        return False
    turn.mail.add(turn.number, text)
    return True


def _rules(turn: Turn) -> dict:
    """The game's rules: dealt, or the lobby's choice (its timer), or the defaults."""
    if turn.state is not None:
        return turn.state.rules
    if turn.game is not None and turn.kind.name == NAME:
        choice = houserules.Choice.from_json(turn.game.house_rules)
        return {**DEFAULT_RULES, **table_rules(choice)}
    return dict(DEFAULT_RULES)
